/**
 * Pure rules of the on-duty alerts (BEHAVIOUR.md §5 step 6 "Plantão"; spec 3 §2.17): which ticket
 * waits for an alert and when the ticket is looked at again (the alert's text is in bot/language).
 */

const MinuteMs = 60_000;

export type AlertCandidate = {
  status: string;
  isGroup: boolean;
  /** who spoke last: false for the contact */
  fromMe: boolean | null;
  nextNotifyAt: Date | null;
};

/**
 * A ticket waits for an alert when it is pending, not a group, the contact spoke last and its next
 * alert time is unset or reached. The repository's claim is the same rule in SQL.
 */
export const waitsForAlert = (ticket: AlertCandidate, now: Date): boolean =>
  ticket.status === 'pending' &&
  !ticket.isGroup &&
  ticket.fromMe === false &&
  (ticket.nextNotifyAt === null || ticket.nextNotifyAt.getTime() <= now.getTime());

/**
 * The next alert of a ticket alerted at `now`: the smallest interval (minutes, at least one) of the
 * people on duty; null when nobody is (nothing is sent, the ticket is looked at again next poll).
 */
export const nextNotifyAt = (now: Date, intervals: readonly number[]): Date | null => {
  const usable = intervals.filter((minutes) => Number.isFinite(minutes) && minutes >= 1);
  if (usable.length === 0) return null;
  return new Date(now.getTime() + Math.min(...usable) * MinuteMs);
};
