import { ScheduleDefaultLeadMs } from '@sb/contracts';

// Apart from schedule-form.ts, which validates with the contracts' zod schemas: the ticket's schedule
// dialog needs only these, and zod stays out of the /tickets page.

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as a datetime-local input shows it (local time, minutes). */
export const toLocalInput = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** A new schedule's default time: one hour ahead (spec 1 §5). */
export const defaultSendAt = (now: Date = new Date()): string =>
  toLocalInput(new Date(now.getTime() + ScheduleDefaultLeadMs));
