import {
  businessMinutes,
  hasHours,
  hoursOf,
  wallClockInstant,
  weeklyRanges,
  type CompanyHours,
} from './business-hours.js';
import type { WorkingDay } from '@sb/contracts';

const day = (weekdayEn: string, a = ['', ''], b = ['', '']): WorkingDay => ({
  weekdayEn,
  startTimeA: a[0]!,
  endTimeA: a[1]!,
  startTimeB: b[0]!,
  endTimeB: b[1]!,
});
const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
/** Monday to Friday 09:00–12:00 and 13:00–18:00 (8 h a day); the weekend closed. */
const office = weekdays.map((d) => day(d, ['09:00', '12:00'], ['13:00', '18:00']));
const saoPaulo = 'America/Sao_Paulo';
const newYork = 'America/New_York';

describe('business hours', () => {
  it('counts only the open minutes across a weekend', () => {
    // Friday 6 March 2026 17:00 in São Paulo (UTC−3) to Monday 9 March 10:30:
    // Friday 17:00–18:00 (60) + Saturday and Sunday closed + Monday 09:00–10:30 (90) = 150
    expect(businessMinutes('2026-03-06T20:00:00Z', '2026-03-09T13:30:00Z', office, saoPaulo)).toBe(
      150,
    );
    // Saturday 10:00 to Sunday 20:00: nothing open
    expect(businessMinutes('2026-03-07T13:00:00Z', '2026-03-08T23:00:00Z', office, saoPaulo)).toBe(
      0,
    );
  });

  it('skips the lunch break and the hours before opening and after closing', () => {
    // Monday 9 March 11:30 → 13:30: 11:30–12:00 (30) + 13:00–13:30 (30) = 60
    expect(businessMinutes('2026-03-09T14:30:00Z', '2026-03-09T16:30:00Z', office, saoPaulo)).toBe(
      60,
    );
    // Monday 07:00 → 20:00: the whole day, 480
    expect(businessMinutes('2026-03-09T10:00:00Z', '2026-03-09T23:00:00Z', office, saoPaulo)).toBe(
      480,
    );
    // a whole week from Monday 00:00 to the next Monday 00:00: 5 × 480 = 2400
    expect(businessMinutes('2026-03-09T03:00:00Z', '2026-03-16T03:00:00Z', office, saoPaulo)).toBe(
      2_400,
    );
    // whole minutes: 09:00:00 → 09:00:59 is 0
    expect(businessMinutes('2026-03-09T12:00:00Z', '2026-03-09T12:00:59Z', office, saoPaulo)).toBe(
      0,
    );
    // an end before the start measures nothing
    expect(businessMinutes('2026-03-09T16:00:00Z', '2026-03-09T15:00:00Z', office, saoPaulo)).toBe(
      0,
    );
  });

  it('reads the grid on the wall clock of the zone, across daylight-saving changes', () => {
    // New York, Monday to Friday 09:00–18:00. The clocks go forward on Sunday 8 March 2026: Friday's
    // 09:00 is 14:00 UTC (EST, UTC−5), Monday's 09:00 is 13:00 UTC (EDT, UTC−4).
    const nineToSix = weekdays.map((d) => day(d, ['09:00', '18:00']));
    // Friday 17:00 EST (22:00Z) → Monday 10:00 EDT (14:00Z): 60 + 60 = 120 (a UTC grid would say 180)
    expect(
      businessMinutes('2026-03-06T22:00:00Z', '2026-03-09T14:00:00Z', nineToSix, newYork),
    ).toBe(120);
    // a Sunday shift 01:00–04:00 lasts 2 h on the day that skips 02:00–03:00 (06:00Z → 08:00Z),
    // 3 h on a plain Sunday, 4 h on 1 November when 01:00–02:00 comes twice (05:00Z → 09:00Z)
    const sundayNight = [day('sunday', ['01:00', '04:00'])];
    const sundayOf = (from: string, to: string) => businessMinutes(from, to, sundayNight, newYork);
    expect(sundayOf('2026-03-07T12:00:00Z', '2026-03-09T12:00:00Z')).toBe(120);
    expect(sundayOf('2026-03-14T12:00:00Z', '2026-03-16T12:00:00Z')).toBe(180);
    expect(sundayOf('2026-10-31T12:00:00Z', '2026-11-02T12:00:00Z')).toBe(240);
    // São Paulo had daylight saving until 2019: on 4 November 2018 the clock went from 00:00 to
    // 01:00, so a Sunday shift 00:00–02:00 ran from 01:00 (03:00Z) to 02:00 (04:00Z): 60
    expect(
      businessMinutes(
        '2018-11-03T12:00:00Z',
        '2018-11-05T12:00:00Z',
        [day('sunday', ['00:00', '02:00'])],
        saoPaulo,
      ),
    ).toBe(60);
  });

  it("puts the same instants in different hours by the company's zone", () => {
    // Monday 9 March 2026 12:00Z → 15:00Z is 09:00–12:00 in São Paulo (180 open minutes) and
    // 21:00–24:00 in Tokyo (closed)
    expect(businessMinutes('2026-03-09T12:00:00Z', '2026-03-09T15:00:00Z', office, saoPaulo)).toBe(
      180,
    );
    expect(
      businessMinutes('2026-03-09T12:00:00Z', '2026-03-09T15:00:00Z', office, 'Asia/Tokyo'),
    ).toBe(0);
  });

  it('places a wall time the clock skips after the gap, and a repeated one at its first showing', () => {
    const day8March = Date.UTC(2026, 2, 8) / 86_400_000;
    // 02:30 does not exist in New York on 8 March: read as 03:30 EDT (07:30Z)
    expect(new Date(wallClockInstant(day8March, 150, newYork)).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    const day1November = Date.UTC(2026, 10, 1) / 86_400_000;
    // 01:30 comes twice on 1 November: the first is 01:30 EDT (05:30Z)
    expect(new Date(wallClockInstant(day1November, 90, newYork)).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('merges overlapping ranges and leaves out broken ones', () => {
    expect(
      weeklyRanges([
        day(' Monday ', ['08:00', '14:00'], ['12:00', '18:00']),
        day('tuesday', ['10:00', '09:00'], ['', '12:00']),
        day('someday', ['08:00', '18:00']),
      ]),
    ).toEqual([[], [[480, 1_080]], [], [], [], [], []]);
    expect(hasHours([day('tuesday', ['10:00', '09:00'])])).toBe(false);
    expect(hasHours([])).toBe(false);
    expect(hasHours(office)).toBe(true);
  });

  it("takes the queue's hours under schedule type queue, else the company's, else none", () => {
    const queueHours = [day('saturday', ['08:00', '12:00'])];
    const hours = (scheduleType: string, company: WorkingDay[]): CompanyHours => ({
      scheduleType,
      company,
      queues: new Map([
        [2, queueHours],
        [3, []],
      ]),
    });
    expect(hoursOf(2, hours('queue', office))).toEqual({ basis: 'queue', grid: queueHours });
    // a queue without hours, or no queue: the company's
    expect(hoursOf(3, hours('queue', office))).toEqual({ basis: 'company', grid: office });
    expect(hoursOf(null, hours('queue', office))).toEqual({ basis: 'company', grid: office });
    // another schedule type: the queues' grids are not in force
    expect(hoursOf(2, hours('company', office))).toEqual({ basis: 'company', grid: office });
    expect(hoursOf(2, hours('disabled', office)).basis).toBe('company');
    // no hours anywhere: the wall clock
    expect(hoursOf(2, hours('disabled', []))).toEqual({ basis: 'none', grid: [] });
  });
});
