import { minuteOfDay, type PlantaoDay } from '@sb/contracts';

/**
 * Pure rules of the on-duty question (spec 3 §2.17; BEHAVIOUR.md §5 step 6 "Plantão"): whether a moment
 * falls in an entry's window of its weekday, read in the company time zone.
 */

export const DefaultTimeZone = 'America/Sao_Paulo';

/** A zone Intl knows, else the default (a typo in COMPANY_TIME_ZONE must not stop the alerts). */
export const usableTimeZone = (timeZone: string | undefined): string => {
  const zone = timeZone?.trim() || DefaultTimeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return DefaultTimeZone;
  }
};

/** The weekday (english, lower case) and the minute of the day of `at` in `timeZone`. */
export const localMoment = (at: Date, timeZone: string): { weekdayEn: string; minute: number } => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: usableTimeZone(timeZone),
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekdayEn: part('weekday').toLowerCase(),
    minute: Number(part('hour')) * 60 + Number(part('minute')),
  };
};

/**
 * On duty at `at`: the row of that weekday has both times and start ≤ time < end (the end minute is
 * already off duty). A day without both times, or an entry without that weekday, is off duty.
 */
export const isOnDuty = (
  days: readonly Pick<PlantaoDay, 'weekdayEn' | 'startTime' | 'endTime'>[],
  at: Date,
  timeZone: string,
): boolean => {
  const { weekdayEn, minute } = localMoment(at, timeZone);
  const day = days.find((entry) => entry.weekdayEn === weekdayEn);
  if (!day) return false;
  const start = minuteOfDay(day.startTime);
  const end = minuteOfDay(day.endTime);
  return start !== null && end !== null && start <= minute && minute < end;
};
