import { minuteOfDay, type OnDutyDay } from '@sb/contracts';
import { localMoment } from '@sb/platform/clock';

/**
 * Pure rules of the on-duty question (spec 3 §2.17; BEHAVIOUR.md §5 step 6 "Plantão"): whether a moment
 * falls in an entry's window of its weekday, read in the company time zone.
 */

/**
 * On duty at `at`: the row of that weekday has both times and start ≤ time < end (the end minute is
 * already off duty). A day without both times, or an entry without that weekday, is off duty.
 */
export const isOnDuty = (
  days: readonly Pick<OnDutyDay, 'weekdayEn' | 'startTime' | 'endTime'>[],
  at: Date,
  timeZone: string,
): boolean => {
  const { weekday, minute } = localMoment(at, timeZone);
  const day = days.find((entry) => entry.weekdayEn === weekday);
  if (!day) return false;
  const start = minuteOfDay(day.startTime);
  const end = minuteOfDay(day.endTime);
  return start !== null && end !== null && start <= minute && minute < end;
};
