/**
 * Business hours, pure: how many minutes between two instants fall inside a weekly grid of open
 * periods (the company's or a queue's hours: per weekday two ranges "HH:mm"–"HH:mm"), read on the wall
 * clock of a time zone, so days that gain or lose an hour to a daylight-saving change count what the
 * clock on the wall shows.
 */

import type { WorkingDay } from '@sb/contracts';

const Weekdays = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
const DayMs = 86_400_000;
const MinuteMs = 60_000;

const minuteOf = (time: string | undefined): number | null => {
  const match = /^(\d{1,2}):(\d{2})$/.exec((time ?? '').trim());
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return minute <= 24 * 60 ? minute : null;
};

/**
 * The open ranges of each weekday (index 0 = Sunday) in minutes of the day, merged where they touch
 * or overlap. A range without both ends, or ending before it starts, is left out (as the bot reads
 * it: such a range is never open); a weekday missing from the grid is closed.
 */
export function weeklyRanges(grid: readonly WorkingDay[]): [number, number][][] {
  const week: [number, number][][] = Weekdays.map(() => []);
  for (const day of grid) {
    const index = Weekdays.indexOf(
      day.weekdayEn?.trim().toLowerCase() as (typeof Weekdays)[number],
    );
    if (index < 0) continue;
    for (const [start, end] of [
      [day.startTimeA, day.endTimeA],
      [day.startTimeB, day.endTimeB],
    ]) {
      const from = minuteOf(start);
      const to = minuteOf(end);
      if (from !== null && to !== null && from < to) week[index]!.push([from, to]);
    }
  }
  return week.map((ranges) =>
    ranges
      .sort((a, b) => a[0] - b[0])
      .reduce<[number, number][]>((merged, range) => {
        const last = merged[merged.length - 1];
        if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
        else merged.push([...range]);
        return merged;
      }, []),
  );
}

/** Whether a grid has any open time at all (one with none measures nothing: it counts as no hours). */
export const hasHours = (grid: readonly WorkingDay[]): boolean =>
  weeklyRanges(grid).some((ranges) => ranges.length > 0);

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** How far the wall clock of `timeZone` is ahead of UTC at instant `at` (ms; São Paulo −3 h). */
export function zoneOffsetMs(timeZone: string, at: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(at))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant of a wall-clock time: local day `day` (days since 1970-01-01) at `minute` of that day in
 * `timeZone`. A time the clock skips (a daylight-saving gap) falls after the gap, as if the clock had
 * not moved yet; a time the clock shows twice is its first showing.
 */
export function wallClockInstant(day: number, minute: number, timeZone: string): number {
  const wall = day * DayMs + minute * MinuteMs;
  // the offsets on either side: a change of offset happens at most once within two days
  const before = zoneOffsetMs(timeZone, wall - DayMs);
  const after = zoneOffsetMs(timeZone, wall + DayMs);
  const early = wall - before;
  const late = wall - after;
  const earlyHolds = zoneOffsetMs(timeZone, early) === before;
  const lateHolds = zoneOffsetMs(timeZone, late) === after;
  if (earlyHolds && lateHolds) return Math.min(early, late);
  if (earlyHolds) return early;
  if (lateHolds) return late;
  return early;
}

/**
 * The open periods of a grid in a zone as instants, worked out day by day as far as asked, with the
 * open time before each period summed up, so the open time between two instants is two binary
 * searches.
 */
export class BusinessCalendar {
  private readonly week: [number, number][][];
  private starts: number[] = [];
  private ends: number[] = [];
  /** open ms before period i */
  private before: number[] = [];
  private firstDay = 0;
  private lastDay = -1;

  constructor(
    grid: readonly WorkingDay[],
    private readonly timeZone: string,
  ) {
    this.week = weeklyRanges(grid);
  }

  /** Whole minutes of open time from `a` to `b` (epoch ms); 0 when `b` is not after `a`. */
  minutesBetween(a: number, b: number): number {
    if (!(b > a)) return 0;
    this.cover(a, b);
    return Math.floor((this.openBefore(b) - this.openBefore(a)) / MinuteMs);
  }

  /** Works out the periods of every local day that may hold an instant in [a, b]. */
  private cover(a: number, b: number): void {
    // a local day lies within a UTC day of the same number, give or take one
    const from = Math.floor(a / DayMs) - 1;
    const to = Math.floor(b / DayMs) + 1;
    if (this.lastDay >= this.firstDay && from >= this.firstDay && to <= this.lastDay) return;
    const first = this.lastDay < this.firstDay ? from : Math.min(from, this.firstDay);
    // a month ahead at once: the next tickets' ends are mostly close by
    const last = Math.max(to + 31, this.lastDay);
    this.starts = [];
    this.ends = [];
    this.before = [];
    let open = 0;
    for (let day = first; day <= last; day += 1) {
      const weekday = new Date(day * DayMs).getUTCDay();
      for (const [start, end] of this.week[weekday]!) {
        const startAt = wallClockInstant(day, start, this.timeZone);
        const endAt = wallClockInstant(day, end, this.timeZone);
        if (endAt <= startAt) continue;
        this.starts.push(startAt);
        this.ends.push(endAt);
        this.before.push(open);
        open += endAt - startAt;
      }
    }
    this.firstDay = first;
    this.lastDay = last;
  }

  /** Open ms before instant t (within the covered days). */
  private openBefore(t: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    let at = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (this.starts[mid]! <= t) {
        at = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    if (at < 0) return 0;
    return this.before[at]! + Math.min(t, this.ends[at]!) - this.starts[at]!;
  }
}

/** Whole minutes of open time between two instants under a grid in a zone (one calendar per call). */
export const businessMinutes = (
  from: string,
  to: string,
  grid: readonly WorkingDay[],
  timeZone: string,
): number => new BusinessCalendar(grid, timeZone).minutesBetween(Date.parse(from), Date.parse(to));

/** A company's hours as reporting knows them: its schedule type, its own grid, its queues' grids. */
export type CompanyHours = {
  scheduleType: string;
  company: WorkingDay[];
  queues: Map<number, WorkingDay[]>;
};

/** Which hours a ticket is measured in: its queue's, the company's, or none (the wall clock). */
export type HoursBasis = 'queue' | 'company' | 'none';

/**
 * The hours of a ticket of `queueId`: the queue's when the company's schedule type is `queue` (the
 * only type under which queue hours are in force; every queue saved from the web carries the default
 * grid, so without that type they say nothing) and the queue has open time; else the company's when
 * they have open time; else none, and business hours are the wall clock.
 */
export function hoursOf(
  queueId: number | null,
  hours: CompanyHours,
): { basis: HoursBasis; grid: WorkingDay[] } {
  const queue = queueId === null ? undefined : hours.queues.get(queueId);
  if (hours.scheduleType === 'queue' && queue && hasHours(queue))
    return { basis: 'queue', grid: queue };
  if (hasHours(hours.company)) return { basis: 'company', grid: hours.company };
  return { basis: 'none', grid: [] };
}

/** Whole minutes between two instants (epoch ms) in one way of counting time. */
export type MinutesClock = (from: number, to: number) => number;

/** The wall clock: every minute counts. */
export const wallClockMinutes: MinutesClock = (from, to) =>
  Math.max(0, Math.floor((to - from) / MinuteMs));

/**
 * The business clock of each queue's tickets (see hoursOf), one calendar per grid in use, so a
 * report's tickets share the work of laying out the open periods.
 */
export function businessClocks(
  hours: CompanyHours,
  timeZone: string,
): (queueId: number | null) => { basis: HoursBasis; clock: MinutesClock } {
  const byQueue = new Map<number | null, { basis: HoursBasis; clock: MinutesClock }>();
  let company: MinutesClock | undefined;
  return (queueId) => {
    let found = byQueue.get(queueId);
    if (found) return found;
    const { basis, grid } = hoursOf(queueId, hours);
    if (basis === 'none') found = { basis, clock: wallClockMinutes };
    else if (basis === 'company') {
      company ??= calendarClock(grid, timeZone);
      found = { basis, clock: company };
    } else found = { basis, clock: calendarClock(grid, timeZone) };
    byQueue.set(queueId, found);
    return found;
  };
}

const calendarClock = (grid: WorkingDay[], timeZone: string): MinutesClock => {
  const calendar = new BusinessCalendar(grid, timeZone);
  return (from, to) => calendar.minutesBetween(from, to);
};
