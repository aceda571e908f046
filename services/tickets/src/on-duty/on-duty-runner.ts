import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Clock } from '@sb/platform/clock';
import type { Logger } from '@sb/platform/logger';
import { CLOCK, ENV, LOGGER } from '@sb/platform/nest';
import { OnDutyService } from './on-duty.service.js';

const DefaultPollMs = 30_000;

/**
 * Polls for tickets waiting for an on-duty alert every TICKETS_ON_DUTY_POLL_MS (default 30000), with
 * the service clock, so tests can move time. Its state is the tickets' next_notify_at, so a restart
 * loses nothing, and replicas may run side by side (the repository's claim).
 */
@Injectable()
export class OnDutyRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private readonly pollMs: number;

  constructor(
    private readonly alerts: OnDutyService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENV) env: Record<string, string | undefined>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const poll = Number(env.TICKETS_ON_DUTY_POLL_MS ?? DefaultPollMs);
    this.pollMs = Number.isFinite(poll) && poll >= 10 ? poll : DefaultPollMs;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass (never two at once in one process). */
  tick(): Promise<void> {
    this.running ??= this.runOnce()
      .catch((err: unknown) => this.logger.error({ err }, 'on-duty alerts pass failed'))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async runOnce(): Promise<void> {
    const now = this.clock.now();
    for (const companyId of await this.alerts.companiesWithWaiting(now)) {
      try {
        const sent = await this.alerts.alertCompany(companyId, now);
        if (sent > 0) this.logger.info({ companyId, sent }, 'on-duty alerts sent');
      } catch (err) {
        // campaigns not answering for one company must not stop the others
        this.logger.warn({ err, companyId }, 'on-duty alerts failed for a company');
      }
    }
  }
}
