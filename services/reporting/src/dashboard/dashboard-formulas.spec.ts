import {
  addDays,
  attendantOf,
  averageMinutes,
  brazilianDate,
  countersOf,
  emptySums,
  nps,
  percent,
  periodOf,
} from './dashboard-formulas.js';

describe('dashboard formulas', () => {
  it('averages minutes over the counted values only, with 2 decimals', () => {
    // wait times 10, 20, 0 (the zero was never counted): 30 / 2 = 15
    expect(averageMinutes(30, 2)).toBe(15);
    // 10 + 11 + 11 = 32 over 3 = 10.666… → 10.67
    expect(averageMinutes(32, 3)).toBe(10.67);
    expect(averageMinutes(0, 0)).toBe(0);
  });

  it('answers integer percentages, 0 of nothing', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(1, 8)).toBe(13); // 12.5 rounds half up
    expect(percent(0, 0)).toBe(0);
  });

  it('splits NPS over rated tickets: promoters > 8, passives 7–8, detractors < 7', () => {
    // rates 10, 9, 8, 7, 6, 1 → 2 promoters, 2 passives, 2 detractors of 6
    expect(nps({ promoters: 2, passives: 2, detractors: 2 })).toEqual({
      npsPromotersPerc: 33,
      npsPassivePerc: 33,
      npsDetractorsPerc: 33,
      npsScore: 0,
    });
    // 3 promoters, 1 detractor of 4 → 75 − 25 = 50
    expect(nps({ promoters: 3, passives: 0, detractors: 1 })).toMatchObject({ npsScore: 50 });
    expect(nps({ promoters: 0, passives: 0, detractors: 0 }).npsScore).toBe(0);
  });

  it('computes the counters of a period', () => {
    // 5 tickets created: 3 closed (2 of them rated 10 and 5), 1 waiting for its rating (nps),
    // one more rated ticket still open (rate 8); 2 open and 1 pending right now, 2 leads
    const sums = {
      ...emptySums(),
      tickets: 5,
      closed: 3,
      closedRated: 2,
      rated: 3,
      npsWaiting: 1,
      waitMinutes: 45,
      waitCount: 3,
      supportMinutes: 100,
      supportCount: 3,
      rateSum: 23,
      promoters: 1,
      passives: 1,
      detractors: 1,
    };
    expect(countersOf(sums, { open: 2, pending: 1 }, 2)).toEqual({
      supportHappening: 2,
      supportPending: 1,
      supportFinished: 3,
      avgSupportTime: 33.33,
      avgWaitTime: 15,
      leads: 2,
      npsScore: 0,
      npsPromotersPerc: 33,
      npsPassivePerc: 33,
      npsDetractorsPerc: 33,
      tickets: 3,
      waitRating: 1,
      withRating: 2,
      withoutRating: 1,
      // 2 rated of the 3 closed tickets, the same tickets the cards count
      percRating: 67,
    });
  });

  it('keeps the rating cards consistent: every closed ticket rated is 100 %', () => {
    // the figures: 21 closed tickets, all rated, among 55 created in the period
    const sums = { ...emptySums(), tickets: 55, closed: 21, closedRated: 21, rated: 21 };
    const counters = countersOf(sums, { open: 0, pending: 0 }, 0);
    expect(counters).toMatchObject({ tickets: 21, withRating: 21, withoutRating: 0 });
    expect(counters.percRating).toBe(100);
    expect(counters.withRating + counters.withoutRating).toBe(counters.tickets);
    expect(countersOf({ ...sums, closedRated: 7 }, { open: 0, pending: 0 }, 0).percRating).toBe(33);
    // no closed ticket: nothing rated, no share
    expect(countersOf(emptySums(), { open: 0, pending: 0 }, 0).percRating).toBe(0);
  });

  it('builds an attendant row with a 2-decimal average rate', () => {
    const sums = {
      ...emptySums(),
      tickets: 4,
      rated: 3,
      rateSum: 26,
      waitMinutes: 9,
      waitCount: 2,
    };
    expect(attendantOf({ id: 7, name: 'Ana', online: true }, sums)).toEqual({
      id: 7,
      name: 'Ana',
      rating: 8.67,
      countRating: 3,
      tickets: 4,
      avgWaitTime: 4.5,
      avgSupportTime: 0,
      online: true,
    });
  });

  it('reads the period as the last N local days, the two dates or one of them', () => {
    expect(periodOf({ days: 1 }, '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(periodOf({ days: 30 }, '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(periodOf({ date_from: '2026-01-01', date_to: '2026-01-31' }, '2026-03-01')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    // one date alone (spec 2 §4): up to today, or from the first day of the end's month
    expect(periodOf({ date_from: '2026-02-10' }, '2026-03-01')).toEqual({
      from: '2026-02-10',
      to: '2026-03-01',
    });
    expect(periodOf({ date_from: '2026-03-05' }, '2026-03-01')).toEqual({
      from: '2026-03-05',
      to: '2026-03-05',
    });
    expect(periodOf({ date_to: '2026-02-20' }, '2026-03-01')).toEqual({
      from: '2026-02-01',
      to: '2026-02-20',
    });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(brazilianDate('2026-11-05')).toBe('05/11/2026');
  });
});
