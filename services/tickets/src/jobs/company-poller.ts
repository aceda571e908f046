import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Clock } from '@sb/platform/clock';
import type { Logger } from '@sb/platform/logger';

/** A poll interval from the environment: at least 10 ms, else the default. */
export const pollMsOf = (value: string | undefined, fallback: number): number => {
  const poll = Number(value ?? fallback);
  return Number.isFinite(poll) && poll >= 10 ? poll : fallback;
};

/**
 * A periodic pass over the companies that have work, at the service clock's time (tests move it). Its
 * state lives in the rows it works on, so a restart loses nothing; one company failing (another service
 * not answering) never stops the others; never two passes at once in one process.
 */
export abstract class CompanyPoller implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;

  protected constructor(
    private readonly job: string,
    private readonly pollMs: number,
    protected readonly clock: Clock,
    protected readonly logger: Logger,
  ) {}

  /** The companies with work at `now`. */
  protected abstract companies(now: Date): Promise<number[]>;

  /** One company's work at `now`. */
  protected abstract runCompany(companyId: number, now: Date): Promise<void>;

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass (joins the one running, if any). */
  tick(): Promise<void> {
    this.running ??= this.runOnce()
      .catch((err: unknown) => this.logger.error({ err }, `${this.job} pass failed`))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async runOnce(): Promise<void> {
    const now = this.clock.now();
    for (const companyId of await this.companies(now)) {
      try {
        await this.runCompany(companyId, now);
      } catch (err) {
        this.logger.warn({ err, companyId }, `${this.job} failed for a company`);
      }
    }
  }
}
