import type { ErrorCode } from '@sb/contracts';
import { isUniqueViolation, sqlState } from '@sb/platform/db';
import { AppError } from '@sb/platform/errors';

/**
 * Whether the database refused the row itself: a constraint (class 23: not null, foreign key, check,
 * unique) or a value it cannot hold (class 22). Connection losses and timeouts are not: those stay
 * server errors.
 */
export const isRowRefusal = (err: unknown): boolean => {
  const state = sqlState(err);
  return state !== undefined && (state.startsWith('23') || state.startsWith('22'));
};

/**
 * Runs the insert of a new record; a row the database refuses answers the catalogue's creation code
 * (spec 1 §8: ERR_CREATING_MESSAGE, ERR_CREATING_TICKET) instead of a 500. A unique violation is left
 * to callers that resolve it (an active ticket found meanwhile) unless `uniqueToo` is set.
 */
export async function orCreationFailure<T>(
  code: Extract<ErrorCode, 'ERR_CREATING_MESSAGE' | 'ERR_CREATING_TICKET'>,
  work: () => Promise<T>,
  options: { uniqueToo?: boolean } = {},
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isRowRefusal(err) || (isUniqueViolation(err) && !options.uniqueToo)) throw err;
    throw new AppError(code);
  }
}
