import { reconnectDelay, retriesExhausted } from './backoff.js';

const policy = { baseMs: 1000, maxMs: 10_000, maxRetries: 4 };

describe('reconnect backoff', () => {
  it('doubles up to the cap, with jitter in the upper half', () => {
    expect(reconnectDelay(1, policy, () => 0)).toBe(500);
    expect(reconnectDelay(1, policy, () => 1)).toBe(1000);
    expect(reconnectDelay(3, policy, () => 1)).toBe(4000);
    expect(reconnectDelay(3, policy, () => 0)).toBe(2000);
    expect(reconnectDelay(10, policy, () => 1)).toBe(10_000);
  });

  it('spreads delays between calls', () => {
    const delays = new Set(Array.from({ length: 20 }, () => reconnectDelay(4, policy)));
    expect(delays.size).toBeGreaterThan(1);
  });

  it('spends the retry budget', () => {
    expect(retriesExhausted(4, policy)).toBe(false);
    expect(retriesExhausted(5, policy)).toBe(true);
  });
});
