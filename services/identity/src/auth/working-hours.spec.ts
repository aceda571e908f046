import { isWithinWorkingHours, minutesOfDayIn, parseClockTime } from './working-hours.js';

const SP = 'America/Sao_Paulo'; // UTC-3, no daylight saving since 2019

describe('parseClockTime', () => {
  it('reads HH:mm as minutes since midnight', () => {
    expect(parseClockTime('00:00')).toBe(0);
    expect(parseClockTime('08:30')).toBe(510);
    expect(parseClockTime('23:59')).toBe(1439);
  });

  it('rejects what is not a time of day', () => {
    expect(parseClockTime('24:00')).toBeUndefined();
    expect(parseClockTime('8:30')).toBeUndefined();
    expect(parseClockTime('')).toBeUndefined();
  });
});

describe('minutesOfDayIn', () => {
  it('reads the wall clock of the given time zone', () => {
    const now = new Date('2025-06-10T12:00:00Z');
    expect(minutesOfDayIn(now, 'UTC')).toBe(12 * 60);
    expect(minutesOfDayIn(now, SP)).toBe(9 * 60);
    expect(minutesOfDayIn(now, 'Asia/Tokyo')).toBe(21 * 60);
  });
});

describe('isWithinWorkingHours', () => {
  it('accepts the whole day for the default window', () => {
    expect(isWithinWorkingHours(new Date('2025-06-10T03:00:00Z'), '00:00', '23:59', SP)).toBe(true);
    expect(isWithinWorkingHours(new Date('2025-06-11T02:59:40Z'), '00:00', '23:59', SP)).toBe(true);
  });

  it('uses the company time zone, not UTC', () => {
    // 11:30 UTC is 08:30 in São Paulo: inside 08:00–18:00 there, also inside in UTC
    expect(isWithinWorkingHours(new Date('2025-06-10T11:30:00Z'), '08:00', '18:00', SP)).toBe(true);
    // 20:00 UTC is 17:00 in São Paulo: inside there, outside in UTC
    expect(isWithinWorkingHours(new Date('2025-06-10T20:00:00Z'), '08:00', '18:00', SP)).toBe(true);
    expect(isWithinWorkingHours(new Date('2025-06-10T20:00:00Z'), '08:00', '18:00', 'UTC')).toBe(
      false,
    );
    // 10:00 UTC is 07:00 in São Paulo: before the start
    expect(isWithinWorkingHours(new Date('2025-06-10T10:00:00Z'), '08:00', '18:00', SP)).toBe(
      false,
    );
  });

  it('includes both ends at minute precision', () => {
    expect(isWithinWorkingHours(new Date('2025-06-10T08:00:00Z'), '08:00', '18:00', 'UTC')).toBe(
      true,
    );
    expect(isWithinWorkingHours(new Date('2025-06-10T18:00:59Z'), '08:00', '18:00', 'UTC')).toBe(
      true,
    );
    expect(isWithinWorkingHours(new Date('2025-06-10T18:01:00Z'), '08:00', '18:00', 'UTC')).toBe(
      false,
    );
    expect(isWithinWorkingHours(new Date('2025-06-10T07:59:59Z'), '08:00', '18:00', 'UTC')).toBe(
      false,
    );
  });

  it('handles a window over midnight', () => {
    const at = (iso: string) => isWithinWorkingHours(new Date(iso), '22:00', '06:00', 'UTC');
    expect(at('2025-06-10T23:30:00Z')).toBe(true);
    expect(at('2025-06-10T00:00:00Z')).toBe(true);
    expect(at('2025-06-10T05:59:00Z')).toBe(true);
    expect(at('2025-06-10T06:00:00Z')).toBe(true);
    expect(at('2025-06-10T06:01:00Z')).toBe(false);
    expect(at('2025-06-10T12:00:00Z')).toBe(false);
    expect(at('2025-06-10T21:59:00Z')).toBe(false);
    expect(at('2025-06-10T22:00:00Z')).toBe(true);
  });

  it('handles a night shift over midnight on the company clock', () => {
    // 01:00 UTC is 22:00 the day before in São Paulo
    expect(isWithinWorkingHours(new Date('2025-06-11T01:00:00Z'), '21:00', '03:00', SP)).toBe(true);
    // 15:00 UTC is 12:00 in São Paulo
    expect(isWithinWorkingHours(new Date('2025-06-11T15:00:00Z'), '21:00', '03:00', SP)).toBe(
      false,
    );
  });

  it('treats equal ends as that one minute', () => {
    expect(isWithinWorkingHours(new Date('2025-06-10T09:00:30Z'), '09:00', '09:00', 'UTC')).toBe(
      true,
    );
    expect(isWithinWorkingHours(new Date('2025-06-10T09:01:00Z'), '09:00', '09:00', 'UTC')).toBe(
      false,
    );
  });

  it('does not lock users out over a malformed window', () => {
    expect(isWithinWorkingHours(new Date('2025-06-10T09:00:00Z'), '', '18:00', 'UTC')).toBe(true);
  });
});
