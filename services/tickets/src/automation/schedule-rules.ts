/** One weekday of a working-hours grid (company, queue or connection): two ranges, "HH:mm" or "". */
export type WorkingDay = {
  weekdayEn: string;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
};

export const DefaultTimeZone = 'America/Sao_Paulo';

/** The weekday (english, lower case) and minute of the day of `now` in `timeZone`. */
export const localMoment = (now: Date, timeZone: string): { weekday: string; minute: number } => {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    zone = DefaultTimeZone;
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: part('weekday').toLowerCase(),
    minute: Number(part('hour')) * 60 + Number(part('minute')),
  };
};

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
