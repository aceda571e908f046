import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalesce, firstDayOfMonth, hoursMinutes } from './dashboard-format.js';

describe('dashboard formatting', () => {
  afterEach(() => vi.useRealTimers());

  it('shows minutes as hours:minutes', () => {
    expect(hoursMinutes(0)).toBe('00:00');
    expect(hoursMinutes(75.5)).toBe('01:15');
    expect(hoursMinutes(1500)).toBe('25:00');
  });

  it('starts the default filter on the first day of the month', () => {
    expect(firstDayOfMonth('2026-11-25')).toBe('2026-11-01');
  });

  it('runs a burst of live updates at most once per second', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const live = coalesce(fn, 1000);
    live.trigger();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i++) live.trigger();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
