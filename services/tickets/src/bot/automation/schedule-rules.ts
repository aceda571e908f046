import type { WorkingDay } from '@sb/contracts';
import { localMoment } from '@sb/platform/clock';

const minuteOf = (time: string): number | null => {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

const inRange = (minute: number, start: string, end: string): boolean => {
  const from = minuteOf(start);
  const to = minuteOf(end);
  return from !== null && to !== null && from <= minute && minute < to;
};

/**
 * Whether `now` falls in the working hours. A grid with no days at all means no hours were set: always
 * open. A day missing from a set grid, or a day with no range, is closed.
 */
export const withinWorkingHours = (
  schedule: readonly WorkingDay[],
  now: Date,
  timeZone: string,
): boolean => {
  if (schedule.length === 0) return true;
  const { weekday, minute } = localMoment(now, timeZone);
  const day = schedule.find((entry) => entry.weekdayEn.trim().toLowerCase() === weekday);
  if (!day) return false;
  return (
    inRange(minute, day.startTimeA, day.endTimeA) || inRange(minute, day.startTimeB, day.endTimeB)
  );
};
