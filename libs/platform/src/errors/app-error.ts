import { ErrorCodes, type ErrorBody, type ErrorCode } from '@sb/contracts';

export type AppErrorOptions = {
  status?: number;
  message?: string;
  fields?: Record<string, string[]>;
  details?: unknown;
  errorId?: string;
};

/** An error from the catalogue: it crosses the bus as data and the gateway answers it as is. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: Record<string, string[]>;
  readonly details?: unknown;
  readonly errorId?: string;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? ErrorCodes[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? ErrorCodes[code].status;
    if (options.fields) this.fields = options.fields;
    if (options.details !== undefined) this.details = options.details;
    if (options.errorId) this.errorId = options.errorId;
  }

  /** The `{ error, message }` body (plus fields/details/errorId when present). */
  toBody(): ErrorBody {
    const body: ErrorBody = { error: this.code, message: this.message };
    if (this.fields) body.fields = this.fields;
    if (this.details !== undefined) body.details = this.details;
    if (this.errorId) body.errorId = this.errorId;
    return body;
  }

  /** Rebuilds the error a remote handler replied with. */
  static fromBody(body: ErrorBody & { status: number }): AppError {
    return new AppError(body.error, {
      status: body.status,
      message: body.message,
      fields: body.fields,
      details: body.details,
      errorId: body.errorId,
    });
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;
