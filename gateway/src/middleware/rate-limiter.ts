/** Options of a fixed-window counter per key (an IP here). `limit: 0` turns the limiter off. */
export type RateLimiterOptions = {
  limit: number;
  windowMs: number;
  /** injectable clock for tests */
  now?: () => number;
  /** bound on tracked keys: past it, expired windows are swept before a new key is added */
  maxKeys?: number;
};

export type RateLimitDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** epoch ms when the current window ends */
  resetAt: number;
};

type Window = { count: number; resetAt: number };

/**
 * A small in-memory fixed-window limiter. Each gateway instance counts on its own, which is enough to slow
 * password guessing per IP without shared state; the window resets at `resetAt`.
 */
export class FixedWindowRateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly now: () => number;
  private readonly maxKeys: number;

  constructor(private readonly options: RateLimiterOptions) {
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  get enabled(): boolean {
    return this.options.limit > 0;
  }

  hit(key: string): RateLimitDecision {
    const { limit, windowMs } = this.options;
    const now = this.now();
    if (!this.enabled)
      return { allowed: true, limit, remaining: Number.MAX_SAFE_INTEGER, resetAt: now };
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (!window && this.windows.size >= this.maxKeys) this.sweep(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= limit,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetAt: window.resetAt,
    };
  }

  /**
   * The key's window as it stands, without counting a hit: `allowed` is false once `limit` hits were
   * counted in it. For limits on failures only (count with `hit` after a failure, `peek` before trying).
   */
  peek(key: string): RateLimitDecision {
    const { limit, windowMs } = this.options;
    const now = this.now();
    const window = this.windows.get(key);
    if (!this.enabled || !window || window.resetAt <= now) {
      return { allowed: true, limit, remaining: limit, resetAt: now + windowMs };
    }
    return {
      allowed: window.count < limit,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetAt: window.resetAt,
    };
  }

  /** Number of keys currently tracked (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  /** Drops finished windows; when every window is still live, drops the oldest ones to stay bounded. */
  sweep(now = this.now()): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    if (this.windows.size < this.maxKeys) return;
    const excess = this.windows.size - Math.floor(this.maxKeys / 2);
    let dropped = 0;
    for (const key of this.windows.keys()) {
      if (dropped++ >= excess) break;
      this.windows.delete(key);
    }
  }
}
