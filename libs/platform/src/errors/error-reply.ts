import { randomUUID } from 'node:crypto';
import type { BusReply } from '@sb/contracts';
import type { Logger } from '../logger/create-logger.js';
import { AppError } from './app-error.js';

export type ErrorReply = Extract<BusReply, { ok: false }>;

/**
 * Turns whatever a handler threw into an error reply. Catalogue errors pass through; anything else
 * becomes `ERR_INTERNAL` with an errorId that ties the answer to the logged stack (never sent).
 */
export function errorToReply(err: unknown, logger: Logger): ErrorReply {
  if (err instanceof AppError) return { ok: false, error: { ...err.toBody(), status: err.status } };
  const errorId = randomUUID();
  logger.error({ err, errorId }, 'unexpected error while handling a request');
  const internal = new AppError('ERR_INTERNAL', { errorId });
  return { ok: false, error: { ...internal.toBody(), status: internal.status } };
}

/** The caller's side: the data of a success, or the rebuilt AppError of a failure. */
export function unwrapReply<T>(reply: BusReply<T>): T {
  if (reply.ok) return reply.data;
  throw AppError.fromBody(reply.error);
}

/** How every success reply starts on the wire (`{ ok: true, data }`, stringified in that order). */
const okReplyPrefix = Buffer.from('{"ok":true,"data":');

/**
 * The caller's side when it only forwards the answer: the data of a success as the JSON text the reply
 * already holds (no parse, no stringify), or the rebuilt AppError of a failure.
 */
export function unwrapReplyJson(reply: Buffer): Buffer {
  const end = reply.length - 1;
  if (
    end > okReplyPrefix.length &&
    reply[end] === 0x7d &&
    reply.subarray(0, okReplyPrefix.length).equals(okReplyPrefix)
  )
    return reply.subarray(okReplyPrefix.length, end);
  const data = unwrapReply(JSON.parse(reply.toString('utf8')) as BusReply<unknown>);
  return Buffer.from(JSON.stringify(data ?? null));
}
