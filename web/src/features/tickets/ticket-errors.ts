import type { ErrorBody, TicketHolder } from '@sb/contracts';

/** The answer body of a failed call (an RTK Query error carries it as `data`). */
const dataOf = (error: unknown): unknown =>
  error && typeof error === 'object' && 'data' in error
    ? (error as { data: unknown }).data
    : undefined;

/** The error code of a failed call (an RTK Query error whose answer names one), else undefined. */
export const errorCodeOf = (error: unknown): string | undefined => {
  const data = dataOf(error);
  return data && typeof data === 'object' && typeof (data as ErrorBody).error === 'string'
    ? (data as ErrorBody).error
    : undefined;
};

/** Closing refused because requiredTag is on and the contact has no tag (spec 1 §4): a warning. */
export const isTagRequiredError = (error: unknown): boolean =>
  errorCodeOf(error) === 'ERR_TICKET_TAG_REQUIRED';

/** The holder named by an ERR_OTHER_OPEN_TICKET answer (its `details`), or null for other errors. */
export const openTicketHolder = (error: unknown): TicketHolder | null => {
  const data = dataOf(error);
  if (!data || typeof data !== 'object') return null;
  const body = data as Partial<ErrorBody>;
  if (body.error !== 'ERR_OTHER_OPEN_TICKET' || !body.details || typeof body.details !== 'object')
    return null;
  const holder = body.details as Partial<TicketHolder>;
  return typeof holder.id === 'number' && typeof holder.uuid === 'string'
    ? (holder as TicketHolder)
    : null;
};
