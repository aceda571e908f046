import { FallbackLanguage, ReportDefaultTimeZone } from '@sb/contracts';
import i18next from 'i18next';

/**
 * Every date and time the app shows goes through here, so it follows the user's language
 * (pt-BR 25/11/2026, en 11/25/2026, es 25/11/2026, tr 25.11.2026) instead of a fixed pattern or the
 * browser's locale. `language` defaults to i18next's current language.
 */
type DateInput = string | number | Date | null | undefined;

const Day: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };
const Time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const TimeWithSeconds: Intl.DateTimeFormatOptions = { ...Time, second: '2-digit' };

// one formatter per language and pattern: building Intl formatters is the slow part
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The language dates follow: the given one, else i18next's, else the fallback. */
export const dateLanguage = (language?: string): string =>
  language || i18next.language || FallbackLanguage;

const formatter = (
  language: string,
  name: string,
  options: Intl.DateTimeFormatOptions,
  timeZone?: string,
) => {
  const key = `${language}|${name}|${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(language, { ...options, timeZone });
    } catch {
      // a zone the browser does not know reads as the installation's report zone
      found = new Intl.DateTimeFormat(language, { ...options, timeZone: ReportDefaultTimeZone });
    }
    formatters.set(key, found);
  }
  return found;
};

const toDate = (value: DateInput): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A day with a 4-digit year in the language's order and separators; '' for no or an invalid date. */
export const formatDay = (value: DateInput, language?: string): string => {
  const date = toDate(value);
  return date ? formatter(dateLanguage(language), 'day', Day).format(date) : '';
};

/** Hours and minutes (and seconds when asked) in the language's clock. */
export const formatTime = (value: DateInput, language?: string, seconds = false): string => {
  const date = toDate(value);
  if (!date) return '';
  const name = seconds ? 'time-s' : 'time';
  return formatter(dateLanguage(language), name, seconds ? TimeWithSeconds : Time).format(date);
};

/** Day and time, as `formatDay` and `formatTime` write them. */
export const formatDateTime = (value: DateInput, language?: string, seconds = false): string => {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDay(date, language)} ${formatTime(date, language, seconds)}`;
};

/**
 * Day and time on the calendar of `timeZone` (the company's report zone, as the reports and Tempo
 * Real count days), written as `formatDateTime` writes them.
 */
export const formatDateTimeIn = (value: DateInput, timeZone: string, language?: string): string => {
  const date = toDate(value);
  if (!date) return '';
  const lng = dateLanguage(language);
  return `${formatter(lng, 'day', Day, timeZone).format(date)} ${formatter(lng, 'time', Time, timeZone).format(date)}`;
};

/**
 * A date-only value (a company's due date, a chart's day): the calendar day it names, the same in
 * every time zone. Such values travel as `YYYY-MM-DD` or as that day's midnight UTC, so they are read
 * in UTC; read in a zone west of UTC, 2999-12-31T00:00Z would show as 30/12/2999.
 */
export const formatCalendarDay = (value: DateInput, language?: string): string => {
  const date = toDate(value);
  return date ? formatter(dateLanguage(language), 'day', Day, 'UTC').format(date) : '';
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The `YYYY-MM-DD` a date-only value names (its UTC day), for a date input; '' for none. */
export const calendarDayOf = (value: DateInput): string => {
  const date = toDate(value);
  if (!date) return '';
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};

/** The `YYYY-MM-DD` of the user's own calendar at `date` (today where they are, not in UTC). */
export const localDayOf = (date: Date = new Date()): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
