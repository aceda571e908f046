import type { ErrorCode, ScheduleStatus } from '@sb/contracts';

/**
 * Pure rules of scheduled messages (spec 3 §2.8, BEHAVIOUR.md §6 and §8): who reads and changes which
 * schedule, when one may still change, when one is due, and what a failed send leads to.
 */

export type ScheduleViewer = { userId: number; admin: boolean };
type Owned = { userId: number };
type SenderState = { status: ScheduleStatus; dueAt: Date; lockedUntil: Date | null };

/** An agent reads and changes their own schedules; an admin every schedule of the company. */
export const mayRead = (viewer: ScheduleViewer, schedule: Owned): boolean =>
  viewer.admin || schedule.userId === viewer.userId;

/** Deleting is admin work (BEHAVIOUR.md §8: admin is required to delete schedules). */
export const mayDelete = (viewer: ScheduleViewer): boolean => viewer.admin;

/** A schedule being handed to tickets right now (a sender's claim that has not run out). */
export const isBeingSent = (schedule: Pick<SenderState, 'lockedUntil'>, now: Date): boolean =>
  schedule.lockedUntil !== null && schedule.lockedUntil.getTime() > now.getTime();

/** Only a waiting schedule changes, and not while a sender holds it (the body would race the send). */
export const isEditable = (
  schedule: Pick<SenderState, 'status' | 'lockedUntil'>,
  now: Date,
): boolean => schedule.status === 'PENDENTE' && !isBeingSent(schedule, now);

/**
 * Due: waiting, its time reached (however long ago: a schedule missed while the service was down is
 * sent late, once) and no sender holding it. The sender's claim query is the same rule in SQL.
 */
export const isDue = (schedule: SenderState, now: Date): boolean =>
  schedule.status === 'PENDENTE' &&
  schedule.dueAt.getTime() <= now.getTime() &&
  !isBeingSent(schedule, now);

/** Answers that say "try again later": nothing was refused, the send may not even have been tried. */
const TransientCodes: readonly string[] = [
  'ERR_SERVICE_TIMEOUT',
  'ERR_SERVICE_UNAVAILABLE',
  'ERR_INTERNAL',
  'ERR_TOO_MANY_REQUESTS',
];
export const MaxSendAttempts = 8;
const FirstRetryMs = 5_000;
const LongestRetryMs = 10 * 60_000;

export type SendOutcome =
  { kind: 'failed'; error: ErrorCode } | { kind: 'retry'; error: ErrorCode; retryInMs: number };

/**
 * What a failed send leads to. A refusal (no default connection, connection down, contact gone or
 * blocked, …) is final: ERRO with its code. Tickets not answering, or failing inside, is retried with a
 * growing delay (5 s, 10 s, 20 s, … at most 10 min) until the last attempt, then ERRO too.
 */
export const sendOutcome = (code: ErrorCode, attempts: number): SendOutcome => {
  if (!TransientCodes.includes(code) || attempts >= MaxSendAttempts) {
    return { kind: 'failed', error: code };
  }
  const retryInMs = Math.min(FirstRetryMs * 2 ** Math.max(0, attempts - 1), LongestRetryMs);
  return { kind: 'retry', error: code, retryInMs };
};
