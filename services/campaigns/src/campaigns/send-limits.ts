import type { ConnectionSendLimits } from '@sb/contracts';
import { wallClockParts } from '@sb/platform/clock';

/** A day on the company's wall clock. */
type LocalDay = { year: number; month: number; day: number };

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in ms. */
const zoneOffsetMs = (at: Date, timeZone: string): number => {
  const p = wallClockParts(at, timeZone);
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
};

/**
 * The instant a wall-clock minute of `day` happens in `timeZone`. Asked twice so a day that changes its
 * offset (daylight saving) lands right; a minute the change skips lands just after it.
 */
export const zonedInstant = (day: LocalDay, minute: number, timeZone: string): Date => {
  const wall = Date.UTC(day.year, day.month - 1, day.day, 0, minute);
  const first = wall - zoneOffsetMs(new Date(wall), timeZone);
  return new Date(wall - zoneOffsetMs(new Date(first), timeZone));
};

const localDayOf = (at: Date, timeZone: string): LocalDay & { minute: number; weekday: number } => {
  const p = wallClockParts(at, timeZone);
  const year = +p.year;
  const month = +p.month;
  const day = +p.day;
  return {
    year,
    month,
    day,
    minute: +p.hour * 60 + +p.minute,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
  };
};

const plusDays = (day: LocalDay, days: number): LocalDay => {
  const at = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
};

/** The company's day of `at`, as `YYYY-MM-DD` (the key of the daily counts). */
export const localDateOf = (at: Date, timeZone: string): string => {
  const p = wallClockParts(at, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
};

/**
 * When the send window lets a campaign send: `at` itself when the window is open (or there is none),
 * else the start of its next period.
 */
export const windowOpening = (limits: ConnectionSendLimits, at: Date, timeZone: string): Date => {
  if (limits.periods.length === 0 || limits.days.length === 0) return at;
  const today = localDayOf(at, timeZone);
  for (let offset = 0; offset <= 7; offset += 1) {
    if (!limits.days.includes((today.weekday + offset) % 7)) continue;
    const day = plusDays(today, offset);
    for (const period of limits.periods) {
      const start = minuteOf(period.start);
      if (offset === 0 && today.minute >= minuteOf(period.end)) continue;
      if (offset === 0 && today.minute >= start) return at;
      return zonedInstant(day, start, timeZone);
    }
  }
  return at;
};

/** The start of the next company day after `at`'s, then the window's first opening from there. */
export const nextDayOpening = (limits: ConnectionSendLimits, at: Date, timeZone: string): Date =>
  windowOpening(limits, zonedInstant(plusDays(localDayOf(at, timeZone), 1), 0, timeZone), timeZone);

/**
 * The cap of a connection's `dayIndex`-th campaign day (0 = its first): the daily cap, reached evenly
 * over the warm-up days (a 7-day warm-up to 700 allows 100, 200, … 700). null: no cap.
 */
export const capOfDay = (limits: ConnectionSendLimits, dayIndex: number): number | null => {
  if (limits.dailyCap === null) return null;
  if (limits.warmUpDays === null || dayIndex + 1 >= limits.warmUpDays) return limits.dailyCap;
  return Math.max(1, Math.ceil((limits.dailyCap * (dayIndex + 1)) / limits.warmUpDays));
};

/** Whole days from `first` to `day` (both `YYYY-MM-DD`). */
export const daysBetween = (first: string, day: string): number =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);
