import type { Logger } from '../logger/index.js';

/** A poll interval from the environment: at least 10 ms, else the default. */
export const pollMsOf = (value: string | undefined, fallback: number): number => {
  const poll = Number(value ?? fallback);
  return Number.isFinite(poll) && poll >= 10 ? poll : fallback;
};

/**
 * A time in ms from the environment where 0 is allowed (a timer turned off, no wait, e.g. in tests):
 * any number from 0 up, else the default.
 */
export const msOrOffOf = (value: string | undefined, fallback: number): number => {
  const ms = Number(value ?? fallback);
  return Number.isFinite(ms) && ms >= 0 ? ms : fallback;
};

export type PollerOptions = {
  /** names the job in the logs */
  name: string;
  /** the time between passes; 0 starts no timer (passes run only when asked for) */
  everyMs: number;
  /** one pass over the work that is due */
  pass: () => Promise<void>;
  logger: Pick<Logger, 'error'>;
  /** a first pass right at start, before the first interval */
  passAtStart?: boolean;
};

/**
 * Runs a periodic job: a pass every `everyMs`, never two at once in one process. A pass that fails is
 * logged and the next one runs as usual; `stop` waits for the pass in progress. Work asked for during a
 * pass (`run`) gets one more pass after it, so nothing stored meanwhile waits for the next interval.
 */
export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: PollerOptions) {}

  /** The time between passes (0: passes run only when asked for). */
  get everyMs(): number {
    return this.options.everyMs;
  }

  /** Set once `stop` is called: a pass that loops over batches ends at this point. */
  get stopping(): boolean {
    return this.stopped;
  }

  start(): void {
    this.stopped = false;
    if (this.options.everyMs > 0) {
      this.timer = setInterval(() => void this.run(), this.options.everyMs);
      this.timer.unref();
    }
    if (this.options.passAtStart) void this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** A pass now, or one more right after the pass in progress; resolves when that pass is over. */
  run(): Promise<void> {
    if (this.stopped && !this.running) return Promise.resolve();
    if (!this.running) {
      this.running = this.once().finally(() => (this.running = null));
      return this.running;
    }
    this.again ??= this.running.then(() => {
      this.again = null;
      return this.run();
    });
    return this.again;
  }

  private once(): Promise<void> {
    return this.options
      .pass()
      .catch((err: unknown) =>
        this.options.logger.error({ err }, `${this.options.name} pass failed`),
      );
  }
}

/**
 * A pass over the companies that have work at `now`, one after another: one company failing (another
 * service not answering) is logged and never stops the others.
 */
export const perCompany =
  (options: {
    name: string;
    now: () => Date;
    companies: (now: Date) => Promise<number[]>;
    runCompany: (companyId: number, now: Date) => Promise<void>;
    logger: Pick<Logger, 'warn'>;
  }) =>
  async (): Promise<void> => {
    const now = options.now();
    for (const companyId of await options.companies(now)) {
      try {
        await options.runCompany(companyId, now);
      } catch (err) {
        options.logger.warn({ err, companyId }, `${options.name} failed for a company`);
      }
    }
  };

/**
 * A poller whose pass goes over the companies with work (`perCompany`) under the same name, at the
 * clock's time of the pass.
 */
export const companyPoller = (options: {
  name: string;
  everyMs: number;
  now: () => Date;
  companies: (now: Date) => Promise<number[]>;
  runCompany: (companyId: number, now: Date) => Promise<void>;
  logger: Pick<Logger, 'error' | 'warn'>;
}): Poller => {
  const { name, everyMs, logger } = options;
  return new Poller({ name, everyMs, logger, pass: perCompany(options) });
};

/**
 * A Nest provider that owns one poller: it starts with the application and stops with it (waiting for
 * the pass in progress). `tick` runs a pass now, for tests that move the clock.
 */
export abstract class PollingProvider {
  protected abstract readonly poller: Poller;

  onApplicationBootstrap(): void {
    this.poller.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.poller.stop();
  }

  tick(): Promise<void> {
    return this.poller.run();
  }
}
