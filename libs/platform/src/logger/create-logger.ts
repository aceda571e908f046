import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { currentContext } from '../context/request-context.js';
import { currentSpanContext } from '../tracing/trace-context.js';
import { chooseLogFormat, type LogFormat } from './log-format.js';
import { prettyDestination } from './pretty-destination.js';

export type Logger = PinoLogger;

export type CreateLoggerOptions = {
  level?: string;
  /** where lines go (stdout by default); tests pass a stream to read them back */
  destination?: DestinationStream;
  /** stdout's format; by default LOG_FORMAT, else human in a terminal and JSON otherwise */
  format?: LogFormat;
  /**
   * Write each JSON line before the call returns. pino's default writer is asynchronous: a line still
   * being written when the process exits lands after the lines flushed at exit, out of order.
   */
  sync?: boolean;
};

const secretKeys = [
  'password',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'secret',
  // channel and bot secrets (connection credentials, prompt keys, Dialogflow keys)
  'pageAccessToken',
  'apiKey',
  'voiceKey',
  'jsonContent',
  'credentials',
];

/** Secrets at the top level and up to two levels deep (`req.headers.authorization`). */
const redactPaths = secretKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

function defaultLevel(): string {
  if (process.env.LOG_LEVEL) return process.env.LOG_LEVEL;
  // Jest sets NODE_ENV=test: keep test output readable unless asked for logs.
  return process.env.NODE_ENV === 'test' ? 'silent' : 'info';
}

function defaultDestination({ format, sync }: CreateLoggerOptions): DestinationStream | undefined {
  const chosen = format ?? chooseLogFormat(process.env.LOG_FORMAT, Boolean(process.stdout.isTTY));
  if (chosen === 'pretty') return prettyDestination();
  // undefined: pino's own fast JSON writer on stdout
  return sync ? pino.destination({ dest: 1, sync: true }) : undefined;
}

/**
 * Logs through pino: JSON lines, or the human format in a terminal; every line carries
 * requestId/companyId/userId of the call being served, and trace_id/span_id of its trace.
 */
export function createLogger(name: string, options: CreateLoggerOptions = {}): Logger {
  return pino(
    {
      name,
      level: options.level ?? defaultLevel(),
      redact: { paths: redactPaths, censor: '[redacted]' },
      mixin() {
        const ctx = currentContext();
        const span = currentSpanContext();
        const call: Record<string, unknown> = ctx
          ? { requestId: ctx.requestId, companyId: ctx.companyId, userId: ctx.userId }
          : {};
        if (span) {
          call.trace_id = span.traceId;
          call.span_id = span.spanId;
        }
        return call;
      },
    },
    options.destination ?? defaultDestination(options),
  );
}
