import type { SendRefusalDetails } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { TransientChannelError } from '../drivers/channel-driver.js';
import { GraphError } from './graph-client.js';

/** Throttling codes of the Graph API, the Cloud API and the Messenger Platform. */
const RateLimitCodes = new Set([4, 17, 32, 613, 80007, 130429, 131048, 131056]);
/** "Something went wrong, try again" codes. */
const TemporaryCodes = new Set([1, 2, 131000, 131016, 133004]);
/** The recipient does not exist, is not reachable, or is the sender itself. */
const InvalidRecipientCodes = new Set([131021, 131026, 131030, 551]);
const InvalidRecipientSubcodes = new Set([2018001, 2018108, 2534014]);
/** The contact has not written in the last 24 hours (Cloud API re-engagement, Messenger/IG window). */
const WindowClosedCodes = new Set([131047]);
const WindowClosedSubcodes = new Set([2018278, 2534022]);

export const OutsideWindowMessage =
  'The 24-hour window to answer this contact is closed: they must write first (or use a template).';

/** True when trying again later may succeed: no answer, 429, 5xx or a throttling code. */
export function isTransientGraphError(error: GraphError): boolean {
  if (error.status === 0 || error.status === 429 || error.status >= 500) return true;
  return (
    error.code !== undefined && (RateLimitCodes.has(error.code) || TemporaryCodes.has(error.code))
  );
}

/**
 * What a failed send becomes: transient failures are retried by the outbound governor, the rest are the
 * catalogue's permanent errors (the 24-hour rule is ERR_SENDING_WAPP_MSG with its own text and reason).
 */
export function toSendError(error: unknown): Error {
  if (!(error instanceof GraphError))
    return error instanceof Error ? error : new Error(String(error));
  if (isTransientGraphError(error)) {
    return new TransientChannelError(error.message, error.retryAfterMs);
  }
  const details: SendRefusalDetails = {
    refused: true,
    reason: error.message,
    graphCode: error.code,
    graphSubcode: error.subcode,
  };
  if (
    (error.code !== undefined && WindowClosedCodes.has(error.code)) ||
    (error.subcode !== undefined && WindowClosedSubcodes.has(error.subcode))
  ) {
    return new AppError('ERR_SENDING_WAPP_MSG', {
      message: OutsideWindowMessage,
      details: { ...details, reason: 'outside_24h_window' },
    });
  }
  if (
    (error.code !== undefined && InvalidRecipientCodes.has(error.code)) ||
    (error.subcode !== undefined && InvalidRecipientSubcodes.has(error.subcode))
  ) {
    return new AppError('ERR_WAPP_INVALID_CONTACT', { details });
  }
  return new AppError('ERR_SENDING_WAPP_MSG', { details });
}

/** Runs a Graph call of a send command, turning its failure into the channel error. */
export async function sending<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toSendError(error);
  }
}
