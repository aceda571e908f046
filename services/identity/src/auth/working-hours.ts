const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of an 'HH:mm' time; undefined when it is not one. */
export const parseClockTime = (value: string): number | undefined => {
  const match = HHMM.exec(value);
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
};

/** Minutes since midnight of `now` on the wall clock of `timeZone` (an IANA name). */
export const minutesOfDayIn = (now: Date, timeZone: string): number => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const hour = Number(parts.find((part) => part.type === 'hour')?.value);
  const minute = Number(parts.find((part) => part.type === 'minute')?.value);
  return hour * 60 + minute;
};

/**
 * Whether `now` falls inside the user's working window, read on the company's wall clock. Both ends are
 * inclusive at minute precision, so '00:00'–'23:59' is the whole day. A window whose end is before its
 * start runs over midnight ('22:00'–'06:00'). A malformed window does not lock the user out: the login
 * rule is a convenience, not a security boundary, and bad data must not shut a company down.
 */
export const isWithinWorkingHours = (
  now: Date,
  start: string,
  end: string,
  timeZone: string,
): boolean => {
  const from = parseClockTime(start);
  const to = parseClockTime(end);
  if (from === undefined || to === undefined) return true;
  const minute = minutesOfDayIn(now, timeZone);
  if (from <= to) return minute >= from && minute <= to;
  return minute >= from || minute <= to;
};
