import { emptyOnDutyDays, type OnDutyDay } from '@sb/contracts';
import { isOnDuty } from './on-duty-rules.js';

const SaoPaulo = 'America/Sao_Paulo';

/** The seven rows with Monday 08:00–18:00 (São Paulo is UTC-3 all year since 2019). */
const mondayDays = (startTime = '08:00', endTime = '18:00'): OnDutyDay[] =>
  emptyOnDutyDays().map((day) =>
    day.weekdayEn === 'monday' ? { ...day, startTime, endTime } : day,
  );

// 2026-01-05 is a Monday
const utc = (time: string, date = '2026-01-05') => new Date(`${date}T${time}:00.000Z`);

describe('on-duty rules', () => {
  it('is on duty from the start minute up to, not including, the end minute', () => {
    const days = mondayDays();
    expect(isOnDuty(days, utc('10:59'), SaoPaulo)).toBe(false); // 07:59
    expect(isOnDuty(days, utc('11:00'), SaoPaulo)).toBe(true); // 08:00
    expect(isOnDuty(days, utc('20:59'), SaoPaulo)).toBe(true); // 17:59
    expect(isOnDuty(days, utc('21:00'), SaoPaulo)).toBe(false); // 18:00
  });

  it('is off duty on a weekday without both times, or missing from the entry', () => {
    // Tuesday 12:00 in São Paulo: no times that day
    expect(isOnDuty(mondayDays(), utc('15:00', '2026-01-06'), SaoPaulo)).toBe(false);
    expect(isOnDuty([], utc('15:00'), SaoPaulo)).toBe(false);
    const half = mondayDays('08:00', '');
    expect(isOnDuty(half, utc('15:00'), SaoPaulo)).toBe(false);
  });

  it('follows the time zone it is given', () => {
    const days = mondayDays('08:00', '09:00');
    // 08:30 in Lisbon (UTC+0 in January) is 05:30 in São Paulo
    expect(isOnDuty(days, utc('08:30'), 'Europe/Lisbon')).toBe(true);
    expect(isOnDuty(days, utc('08:30'), SaoPaulo)).toBe(false);
  });

  it('falls back to São Paulo for an unknown zone', () => {
    expect(isOnDuty(mondayDays(), utc('11:00'), 'Mars/Olympus')).toBe(true);
  });
});
