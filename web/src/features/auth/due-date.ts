import { formatCalendarDay } from '../../lib/dates.js';

const DayMs = 24 * 60 * 60 * 1000;
/** Company 1 hosts the platform and never expires (spec 1 §4). */
const PlatformCompanyId = 1;
const WarnBelowDays = 5;

export type DueDateStatus =
  { kind: 'valid'; daysLeft: number; warn: boolean } | { kind: 'expired' };

/** What login does with the company due date: enter, enter with a days-left warning, or expiry. */
export const dueDateStatus = (
  company: { id: number; dueDate: string | null | undefined },
  now: Date = new Date(),
): DueDateStatus => {
  if (company.id === PlatformCompanyId) return { kind: 'valid', daysLeft: Infinity, warn: false };
  const due = company.dueDate ? new Date(company.dueDate) : null;
  if (!due || Number.isNaN(due.getTime()) || due.getTime() <= now.getTime())
    return { kind: 'expired' };
  const daysLeft = Math.round((due.getTime() - now.getTime()) / DayMs);
  return { kind: 'valid', daysLeft, warn: daysLeft < WarnBelowDays };
};

export const isCompanyExpired = (company: { id: number; dueDate: string | null | undefined }) =>
  dueDateStatus(company).kind === 'expired';

/**
 * A due date in the user's language (day/month/year in pt-BR, spec 1 §9); '' when there is none. A
 * due date is a day (stored as its midnight UTC), so it reads the same in every time zone.
 */
export const formatDate = (iso: string | null | undefined, language?: string): string =>
  formatCalendarDay(iso, language);
