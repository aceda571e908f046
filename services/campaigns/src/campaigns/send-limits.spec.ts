import { ConnectionSendLimits, ConnectionSendLimitsOff } from '@sb/contracts';
import {
  capOfDay,
  daysBetween,
  localDateOf,
  nextDayOpening,
  windowOpening,
  zonedInstant,
} from './send-limits.js';

const SaoPaulo = 'America/Sao_Paulo'; // UTC-3, no daylight saving since 2019
const utc = (iso: string) => new Date(iso);

/** Mondays to Fridays, 08:00–12:00 and 13:00–18:00. */
const office = ConnectionSendLimits.parse({
  days: [5, 1, 2, 3, 4],
  periods: [
    { start: '13:00', end: '18:00' },
    { start: '08:00', end: '12:00' },
  ],
  dailyCap: null,
  warmUpDays: null,
});

describe('send window', () => {
  it('lets a campaign send at any time when no period is set', () => {
    const at = utc('2026-11-29T03:00:00Z'); // a Sunday, midnight in São Paulo
    expect(windowOpening(ConnectionSendLimitsOff, at, SaoPaulo)).toBe(at);
  });

  it('is open inside a period, end excluded', () => {
    const at = utc('2026-11-30T14:30:00Z'); // Monday 11:30
    expect(windowOpening(office, at, SaoPaulo)).toBe(at);
    expect(windowOpening(office, utc('2026-11-30T15:00:00Z'), SaoPaulo)).toEqual(
      utc('2026-11-30T16:00:00Z'), // 12:00 → the 13:00 period
    );
  });

  it('waits for the first period of the morning', () => {
    expect(windowOpening(office, utc('2026-11-30T09:59:00Z'), SaoPaulo)).toEqual(
      utc('2026-11-30T11:00:00Z'), // Monday 06:59 → 08:00
    );
  });

  it('goes over the weekend to Monday morning', () => {
    // Friday 18:00 → Monday 08:00
    expect(windowOpening(office, utc('2026-11-27T21:00:00Z'), SaoPaulo)).toEqual(
      utc('2026-11-30T11:00:00Z'),
    );
  });

  it('reads the days on the company clock, not UTC', () => {
    // Saturday 01:00 UTC is still Friday 22:00 in São Paulo: next opening Monday 08:00
    expect(windowOpening(office, utc('2026-11-28T01:00:00Z'), SaoPaulo)).toEqual(
      utc('2026-11-30T11:00:00Z'),
    );
    // the same instant in Tokyo is Saturday 10:00: next opening Monday 08:00 Tokyo
    expect(windowOpening(office, utc('2026-11-28T01:00:00Z'), 'Asia/Tokyo')).toEqual(
      utc('2026-11-29T23:00:00Z'),
    );
  });

  it('keeps the wall clock across a daylight-saving change', () => {
    // Berlin leaves summer time on Sunday 2026-10-25: Friday 08:00 is 06:00Z, Monday 08:00 is 07:00Z
    expect(zonedInstant({ year: 2026, month: 10, day: 23 }, 8 * 60, 'Europe/Berlin')).toEqual(
      utc('2026-10-23T06:00:00Z'),
    );
    expect(windowOpening(office, utc('2026-10-23T17:00:00Z'), 'Europe/Berlin')).toEqual(
      utc('2026-10-26T07:00:00Z'),
    );
  });

  it('opens the next company day for a capped connection', () => {
    // Monday 15:00 capped → Tuesday 08:00
    expect(nextDayOpening(office, utc('2026-11-30T18:00:00Z'), SaoPaulo)).toEqual(
      utc('2026-12-01T11:00:00Z'),
    );
    // no window: Tuesday 00:00
    expect(nextDayOpening(ConnectionSendLimitsOff, utc('2026-11-30T18:00:00Z'), SaoPaulo)).toEqual(
      utc('2026-12-01T03:00:00Z'),
    );
  });
});

describe('daily cap and warm-up', () => {
  const capped = (dailyCap: number | null, warmUpDays: number | null) =>
    ConnectionSendLimits.parse({ days: [], periods: [], dailyCap, warmUpDays });

  it('has no cap until one is set', () => {
    expect(capOfDay(ConnectionSendLimitsOff, 0)).toBeNull();
    expect(capOfDay(capped(500, null), 0)).toBe(500);
  });

  it('grows evenly to the cap over the warm-up days', () => {
    const limits = capped(700, 7);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 30].map((day) => capOfDay(limits, day))).toEqual([
      100, 200, 300, 400, 500, 600, 700, 700, 700,
    ]);
    expect(capOfDay(capped(10, 3), 0)).toBe(4); // rounded up, never 0
  });

  it('counts the company days', () => {
    expect(localDateOf(utc('2026-12-01T02:30:00Z'), SaoPaulo)).toBe('2026-11-30');
    expect(daysBetween('2026-11-30', '2026-12-07')).toBe(7);
  });
});

describe('the setting', () => {
  it('refuses a window without days and a warm-up without a cap', () => {
    const base = { days: [], periods: [], dailyCap: null, warmUpDays: null };
    expect(
      ConnectionSendLimits.safeParse({ ...base, periods: [{ start: '08:00', end: '12:00' }] })
        .success,
    ).toBe(false);
    expect(ConnectionSendLimits.safeParse({ ...base, warmUpDays: 7 }).success).toBe(false);
    expect(
      ConnectionSendLimits.safeParse({
        ...base,
        days: [1],
        periods: [{ start: '12:00', end: '08:00' }],
      }).success,
    ).toBe(false);
  });
});
