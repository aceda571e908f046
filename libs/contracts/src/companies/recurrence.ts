/** Billing recurrences and their length in months (spec 2 §9). */
export const Recurrences = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
} as const;
export type Recurrence = keyof typeof Recurrences;
export const RecurrenceNames = Object.keys(Recurrences) as Recurrence[];

/** Company 1 hosts the platform and never expires (spec 2 §4). */
export const PlatformCompanyId = 1;
export const PlatformCompanyDueDate = '2999-12-31T00:00:00.000Z';
/** A company created without a due date gets the same trial as signup. */
export const TrialDays = 3;

const DayMs = 86_400_000;

/**
 * The due date one recurrence later, in UTC. A day the target month lacks is clamped to its last day
 * (31 Jan + MENSAL → 28/29 Feb), so a period never spills into the month after.
 */
export const addRecurrence = (due: Date, recurrence: Recurrence): Date => {
  const months = Recurrences[recurrence];
  const target = new Date(due.getTime());
  const day = due.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
};

/**
 * Where the due-date button moves a company: one recurrence after its current due date, or after now
 * when it has none or is already past due (paying late does not buy time already gone).
 */
export const nextDueDate = (
  current: Date | null,
  recurrence: Recurrence,
  now: Date = new Date(),
): Date => addRecurrence(current && current > now ? current : now, recurrence);

/** The due date of a company created without one: now + the trial. */
export const trialDueDate = (now: Date = new Date()): Date =>
  new Date(now.getTime() + TrialDays * DayMs);

const calendarDay = (date: Date) =>
  Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DayMs;

/** The day a due date names: it is stored as that day's midnight UTC, whatever the viewer's zone. */
const dueDay = (due: Date) =>
  Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate()) / DayMs;

/** Whole calendar days from the viewer's today to the due day (negative when past). */
export const daysUntilDue = (due: Date, now: Date = new Date()): number =>
  dueDay(due) - calendarDay(now);

export type DueDateHighlight = 'warning' | 'danger' | null;

/** The company row colour (spec 2 §9): 1 to 5 days left yellow, 0 or past due red, never company 1. */
export const dueDateHighlight = (
  company: { id: number; dueDate: string | null },
  now: Date = new Date(),
): DueDateHighlight => {
  if (company.id === PlatformCompanyId || !company.dueDate) return null;
  const due = new Date(company.dueDate);
  if (Number.isNaN(due.getTime())) return null;
  const days = daysUntilDue(due, now);
  if (days <= 0) return 'danger';
  return days <= 5 ? 'warning' : null;
};
