import { randomUUID } from 'node:crypto';
import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { CompanyMaintenanceRetryAfterSeconds, type ErrorBody, type ErrorCode } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';

/** Nest's own HTTP exceptions (unknown route, bad method…) in the catalogue's terms. */
const codeByStatus: Record<number, ErrorCode> = {
  400: 'ERR_VALIDATION',
  401: 'ERR_SESSION_EXPIRED',
  403: 'ERR_NO_PERMISSION',
  404: 'ERR_NOT_FOUND',
  429: 'ERR_TOO_MANY_REQUESTS',
  503: 'ERR_SERVICE_UNAVAILABLE',
  504: 'ERR_SERVICE_TIMEOUT',
};

/**
 * Turns anything thrown while serving a request into the catalogue's error: AppError (local or replied by a
 * service) as is, Nest HTTP exceptions by status, everything else a 500 ERR_INTERNAL whose errorId is logged
 * with the stack (the client never sees the stack or the message).
 */
export const toAppError = (err: unknown, logger: Logger): AppError => {
  if (err instanceof AppError) return err;
  if (err instanceof HttpException) {
    const status = err.getStatus();
    const code = codeByStatus[status];
    if (code) return new AppError(code, { status });
    if (status < 500) return new AppError('ERR_VALIDATION', { status, message: err.message });
  }
  const errorId = randomUUID();
  logger.error({ err, errorId }, 'unexpected error while serving a request');
  return new AppError('ERR_INTERNAL', { errorId });
};

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(err: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const res = host.switchToHttp().getResponse<Response>();
    const error = toAppError(err, this.logger);
    if (res.headersSent) {
      // the answer is already on its way: all we can do is end it
      res.end();
      return;
    }
    const body: ErrorBody = error.toBody();
    // a fenced company (identity's login and refresh answer it too): the client waits, then tries again
    if (error.code === 'ERR_COMPANY_MAINTENANCE') {
      res.setHeader('Retry-After', String(CompanyMaintenanceRetryAfterSeconds));
    }
    res.status(error.status).json(body);
  }
}
