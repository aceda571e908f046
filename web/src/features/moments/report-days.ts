import { MomentsDefaultDays, ReportDefaultTimeZone, type MomentsQuery } from '@sb/contracts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter of `YYYY-MM-DD` days in a zone (an unknown zone reads as the report default). */
const dayFormat = (timeZone: string): Intl.DateTimeFormat => {
  let format = formatters.get(timeZone);
  if (!format) {
    const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    try {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: ReportDefaultTimeZone });
    }
    formatters.set(timeZone, format);
  }
  return format;
};

/** The `YYYY-MM-DD` day of an instant on the calendar of `timeZone` (never the browser's). */
export const dayIn = (timeZone: string, at: Date | string | number): string =>
  dayFormat(timeZone).format(new Date(at));

/** A `YYYY-MM-DD` day moved by whole days. */
export const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The days Tempo Real selects, as the server reads the same query: the end day, else today in the
 * report zone; the start day, else 30 days up to the end.
 */
export const momentsRange = (
  dates: Partial<Pick<MomentsQuery, 'dateStart' | 'dateEnd'>>,
  timeZone: string,
  now: Date | number,
): { from: string; to: string } => {
  const to = dates.dateEnd ?? dayIn(timeZone, now);
  return { from: dates.dateStart ?? shiftDay(to, 1 - MomentsDefaultDays), to };
};
