import { describe, expect, it } from 'vitest';
import { filterOf, rangeOf } from './dashboard-filter.js';

describe('dashboard filter', () => {
  it('sends days first, else only the dates that are set, else nothing', () => {
    expect(filterOf({ days: '7', from: '2026-03-01', to: '2026-03-09' })).toEqual({ days: 7 });
    expect(filterOf({ days: '0', from: '2026-03-01', to: '' })).toEqual({
      date_from: '2026-03-01',
    });
    expect(filterOf({ days: '', from: '', to: '2026-03-09' })).toEqual({ date_to: '2026-03-09' });
    expect(filterOf({ days: '', from: '2026-03-01', to: '2026-03-09' })).toEqual({
      date_from: '2026-03-01',
      date_to: '2026-03-09',
    });
    expect(filterOf({ days: '', from: '', to: '' })).toBeUndefined();
  });

  it("fills the charts' period as the server fills the dashboard's", () => {
    const today = '2026-03-09';
    expect(rangeOf({ days: 3 }, today)).toEqual({ initialDate: '2026-03-07', finalDate: today });
    expect(rangeOf({ date_from: '2026-02-10' }, today)).toEqual({
      initialDate: '2026-02-10',
      finalDate: today,
    });
    expect(rangeOf({ date_to: '2026-01-20' }, today)).toEqual({
      initialDate: '2026-01-01',
      finalDate: '2026-01-20',
    });
  });
});
