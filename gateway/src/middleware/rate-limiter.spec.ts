import { FixedWindowRateLimiter } from './rate-limiter.js';

describe('FixedWindowRateLimiter', () => {
  let now = 1_000;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000;
  });

  it('allows `limit` hits per window and refuses the next one', () => {
    const limiter = new FixedWindowRateLimiter({ limit: 3, windowMs: 60_000, now: clock });
    const decisions = [1, 2, 3, 4].map(() => limiter.hit('1.2.3.4'));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(decisions[3]?.resetAt).toBe(61_000);
  });

  it('peeks at a window without counting, refusing once the limit was reached', () => {
    const limiter = new FixedWindowRateLimiter({ limit: 2, windowMs: 60_000, now: clock });
    expect(limiter.peek('a')).toMatchObject({ allowed: true, remaining: 2 });
    expect(limiter.size).toBe(0);
    limiter.hit('a');
    expect(limiter.peek('a')).toMatchObject({ allowed: true, remaining: 1, resetAt: 61_000 });
    limiter.hit('a');
    expect(limiter.peek('a')).toMatchObject({ allowed: false, remaining: 0 });
    expect(limiter.peek('b').allowed).toBe(true);
    now += 60_000;
    expect(limiter.peek('a').allowed).toBe(true);
  });

  it('counts each key on its own', () => {
    const limiter = new FixedWindowRateLimiter({ limit: 1, windowMs: 60_000, now: clock });
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('b').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
  });

  it('starts a new window once the old one ended', () => {
    const limiter = new FixedWindowRateLimiter({ limit: 1, windowMs: 1_000, now: clock });
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
    now += 1_000;
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('is off with limit 0', () => {
    const limiter = new FixedWindowRateLimiter({ limit: 0, windowMs: 1_000, now: clock });
    expect(limiter.enabled).toBe(false);
    for (let i = 0; i < 100; i++) expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.size).toBe(0);
  });

  it('stays bounded in memory under many keys', () => {
    const limiter = new FixedWindowRateLimiter({
      limit: 5,
      windowMs: 1_000,
      now: clock,
      maxKeys: 10,
    });
    for (let i = 0; i < 10; i++) limiter.hit(`k${i}`);
    now += 1_000;
    limiter.hit('fresh');
    expect(limiter.size).toBe(1);
    for (let i = 0; i < 50; i++) limiter.hit(`live${i}`);
    expect(limiter.size).toBeLessThanOrEqual(10);
  });
});
