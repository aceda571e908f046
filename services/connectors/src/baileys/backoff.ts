/** Reconnect policy: exponential backoff with full jitter, TIMEOUT once the budget is spent. */
export type ReconnectPolicy = { baseMs: number; maxMs: number; maxRetries: number };

export const DEFAULT_RECONNECT: ReconnectPolicy = { baseMs: 2_000, maxMs: 120_000, maxRetries: 8 };

/** Delay before retry number `attempt` (1-based): random in [cap/2, cap], cap = min(max, base·2^(n-1)). */
export function reconnectDelay(
  attempt: number,
  policy: ReconnectPolicy = DEFAULT_RECONNECT,
  random: () => number = Math.random,
): number {
  const cap = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(cap / 2 + random() * (cap / 2));
}

export function retriesExhausted(
  attempt: number,
  policy: ReconnectPolicy = DEFAULT_RECONNECT,
): boolean {
  return attempt > policy.maxRetries;
}
