import { z } from 'zod';

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');
const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** One opening of a send window, e.g. 08:00–12:00, on the company's wall clock (end excluded). */
export const SendWindowPeriod = z
  .object({ start: clock, end: clock })
  .refine((period) => minuteOf(period.start) < minuteOf(period.end), {
    message: 'the period must end after it starts',
    path: ['end'],
  });
export type SendWindowPeriod = z.infer<typeof SendWindowPeriod>;

/**
 * How fast campaigns may use a connection, so a number is not banned for bulk sending. Everything is off
 * until an admin sets it (`ConnectionSendLimitsOff`), and a campaign then runs at its own settings' pace.
 * Agents' messages are never held by these limits.
 */
export const ConnectionSendLimits = z
  .object({
    /** the weekdays the window opens, 0 = Sunday */
    days: z.array(z.number().int().min(0).max(6)).max(7),
    /** the openings of each of those days; none: campaigns may send at any time */
    periods: z.array(SendWindowPeriod).max(6),
    /** campaign messages a day (company time zone); null: no cap */
    dailyCap: z.number().int().min(1).max(1_000_000).nullable(),
    /** a new number's cap grows evenly to dailyCap over these days, from its first campaign day */
    warmUpDays: z.number().int().min(2).max(90).nullable(),
  })
  .superRefine((limits, ctx) => {
    if (limits.periods.length > 0 && limits.days.length === 0)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'choose the days the window opens' });
    if (limits.warmUpDays !== null && limits.dailyCap === null)
      ctx.addIssue({
        code: 'custom',
        path: ['warmUpDays'],
        message: 'a warm-up needs a daily cap',
      });
  })
  .transform((limits) => ({
    ...limits,
    days: [...new Set(limits.days)].sort((a, b) => a - b),
    periods: [...limits.periods].sort((a, b) => minuteOf(a.start) - minuteOf(b.start)),
  }));
export type ConnectionSendLimits = z.infer<typeof ConnectionSendLimits>;

export const ConnectionSendLimitsOff: ConnectionSendLimits = {
  days: [],
  periods: [],
  dailyCap: null,
  warmUpDays: null,
};

/** Whether any limit is on. */
export const hasSendLimits = (limits: ConnectionSendLimits): boolean =>
  limits.periods.length > 0 || limits.dailyCap !== null;
