import { isErrorCode, isSendRefusal, type ErrorCode } from '@sb/contracts';
import { isAppError } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { msOrOffOf, Poller } from '@sb/platform/poller';

/**
 * The poller of a table of due work, every `configured` ms (from the environment; the default when it
 * is not a number, 0 turning the timer off, e.g. in tests). When on, it also passes once at start, so
 * work missed while every instance was down is done then.
 */
export function duePoller(options: {
  name: string;
  configured: string | undefined;
  defaultMs: number;
  pass: () => Promise<void>;
  logger: Logger;
}): Poller {
  const everyMs = msOrOffOf(options.configured, options.defaultMs);
  return new Poller({
    name: options.name,
    everyMs,
    pass: options.pass,
    logger: options.logger,
    passAtStart: everyMs > 0,
  });
}

/** The code a failed send answers with; ERR_INTERNAL for anything but a known AppError. */
export const sendErrorCode = (err: unknown): ErrorCode =>
  isAppError(err) && isErrorCode(err.code) ? err.code : 'ERR_INTERNAL';

/** The provider refused this message (e.g. Meta's 24-hour window): sending it again cannot succeed. */
export const isRefusedSend = (err: unknown): boolean =>
  isAppError(err) && isSendRefusal(err.details);

/** What a failed send records: its code, with the provider's reason when it gave one. */
export const sendErrorText = (err: unknown): string => {
  const code = sendErrorCode(err);
  return isAppError(err) && isSendRefusal(err.details) ? `${code}: ${err.details.reason}` : code;
};
