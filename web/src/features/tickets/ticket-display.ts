import { formatDay, formatTime } from '../../lib/dates.js';

/** The local calendar day of a date, to compare days. */
export const dayKey = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
};

/** A day as the workspace shows dates: in the user's language (dd/MM/yyyy in pt-BR, spec 1 §9). */
export const dayLabel = (iso: string, language?: string): string => formatDay(iso, language);

/** Row time: the clock today, else the day, both in the user's language. */
export const rowTime = (iso: string, now: Date = new Date(), language?: string): string =>
  dayKey(iso) === dayKey(now.toISOString()) ? formatTime(iso, language) : dayLabel(iso, language);

/**
 * A contact number as the workspace shows it (spec 1 §5): 13 digits as +55 (11) 99999-9999, 12 digits
 * as +55 (11) 9999-9999; anything else (a masked lgpd number, a group id, another length) as the API
 * answered it.
 */
export const displayNumber = (number: string): string => {
  const match =
    /^(\d{2})(\d{2})(\d{5})(\d{4})$/.exec(number) ?? /^(\d{2})(\d{2})(\d{4})(\d{4})$/.exec(number);
  if (!match) return number;
  const [, country, area, first, last] = match;
  return `+${country} (${area}) ${first}-${last}`;
};

/** Last message as a row shows it: Location / Contact markers, else cut at 40 characters. */
export const lastMessagePreview = (
  text: string,
): { kind: 'location' | 'contact' | 'text'; text: string } => {
  if (text.includes('data:image/png;base64')) return { kind: 'location', text: '' };
  if (text.includes('BEGIN:VCARD')) return { kind: 'contact', text: '' };
  return { kind: 'text', text: text.length > 40 ? `${text.slice(0, 40)}...` : text };
};

/** The ticket log, oldest first (the timeline reads top to bottom). */
export const logTimeline = <T extends { createdAt: string; id: number }>(entries: T[]): T[] =>
  [...entries].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
