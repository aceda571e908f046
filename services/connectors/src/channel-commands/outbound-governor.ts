import { AppError } from '@sb/platform/errors';
import { TransientChannelError } from '../drivers/channel-driver.js';

export type GovernorOptions = {
  /** sends per second per connection (Cloud API allows 80/s) */
  ratePerSecond: number;
  /** attempts in all, the first one included */
  maxAttempts: number;
  /** base delay of the exponential backoff between attempts */
  baseDelayMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One token bucket per connection: bursts up to `rate` sends, then `rate` per second. */
class TokenBucket {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly rate: number,
    private readonly now: () => number,
  ) {
    this.tokens = rate;
    this.refilledAt = now();
  }

  /** Takes a token and answers how long the caller must wait before using it (0 when one was ready). */
  take(): number {
    const at = this.now();
    this.tokens = Math.min(this.rate, this.tokens + ((at - this.refilledAt) / 1000) * this.rate);
    this.refilledAt = at;
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / this.rate) * 1000);
  }
}

/**
 * Paces what goes out of each connection and retries transient failures (network, 429, 5xx) with jittered
 * backoff; a permanent failure or exhausted retries become ERR_SENDING_WAPP_MSG unless the driver already
 * threw a catalogue error.
 */
export class OutboundGovernor {
  private readonly buckets = new Map<number, TokenBucket>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: GovernorOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
    this.random = options.random ?? Math.random;
  }

  async run<T>(connectionId: number, action: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const wait = this.bucketOf(connectionId).take();
      if (wait > 0) await this.sleep(wait);
      try {
        return await action();
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (!(error instanceof TransientChannelError) || attempt >= this.options.maxAttempts) {
          throw new AppError('ERR_SENDING_WAPP_MSG', {
            details: { reason: error instanceof Error ? error.message : String(error) },
          });
        }
        await this.sleep(this.delayAfter(attempt, error.retryAfterMs));
      }
    }
  }

  /** Full jitter over the exponential step, never shorter than what the channel asked for. */
  delayAfter(attempt: number, retryAfterMs?: number): number {
    const step = this.options.baseDelayMs * 2 ** (attempt - 1);
    const jittered = Math.round(step / 2 + this.random() * (step / 2));
    return Math.max(jittered, retryAfterMs ?? 0);
  }

  private bucketOf(connectionId: number): TokenBucket {
    let bucket = this.buckets.get(connectionId);
    if (!bucket) {
      bucket = new TokenBucket(this.options.ratePerSecond, this.now);
      this.buckets.set(connectionId, bucket);
    }
    return bucket;
  }
}
