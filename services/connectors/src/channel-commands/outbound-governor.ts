import { AppError } from '@sb/platform/errors';
import { outboundQueueDepth } from '@sb/platform/ops';
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

/**
 * Who a send is for: an agent's answer (or anything a person waits on), or a campaign's bulk message,
 * which only uses what agents leave of the connection's rate.
 */
export type SendLane = 'agent' | 'bulk';

/** The share of a connection's burst that bulk sends leave untouched, ready for agents. */
const AgentReserveShare = 0.2;

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
    this.refill();
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : Math.ceil((-this.tokens / this.rate) * 1000);
  }

  /**
   * Takes a token only when `reserve` more are left after it (never a future one), else answers how
   * long until there may be: agents' sends, which may take future tokens, always come first.
   */
  takeSpare(reserve: number): number {
    this.refill();
    if (this.tokens >= reserve + 1) {
      this.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil(((reserve + 1 - this.tokens) / this.rate) * 1000));
  }

  private refill(): void {
    const at = this.now();
    this.tokens = Math.min(this.rate, this.tokens + ((at - this.refilledAt) / 1000) * this.rate);
    this.refilledAt = at;
  }
}

/**
 * Paces what goes out of each connection (agents' sends ahead of campaigns', see SendLane) and retries transient failures (network, 429, 5xx) with jittered
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

  async run<T>(
    connectionId: number,
    action: () => Promise<T>,
    lane: SendLane = 'agent',
  ): Promise<T> {
    outboundQueueDepth.inc({ lane });
    try {
      return await this.paced(connectionId, action, lane);
    } finally {
      outboundQueueDepth.dec({ lane });
    }
  }

  private async paced<T>(
    connectionId: number,
    action: () => Promise<T>,
    lane: SendLane,
  ): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      if (lane === 'bulk') await this.bulkTurn(connectionId);
      else {
        const wait = this.bucketOf(connectionId).take();
        if (wait > 0) await this.sleep(wait);
      }
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

  /** Waits until the connection has a token to spare beyond the agents' reserve, and takes it. */
  private async bulkTurn(connectionId: number): Promise<void> {
    const reserve = Math.floor(this.options.ratePerSecond * AgentReserveShare);
    for (;;) {
      const wait = this.bucketOf(connectionId).takeSpare(reserve);
      if (wait === 0) return;
      await this.sleep(wait);
    }
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
