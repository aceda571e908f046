import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Clock } from '@sb/platform/clock';
import type { Logger } from '@sb/platform/logger';
import { CLOCK, ENV, LOGGER } from '@sb/platform/nest';
import { RoutingService } from './routing.service.js';

const DefaultPollMs = 5_000;

/**
 * The router (BEHAVIOUR.md jobs, "Router (5 s)"): every TICKETS_ROUTER_POLL_MS (default 5000) it reads
 * the service clock and routes each company's waiting tickets. Its state is on the tickets (routed_at),
 * so a restart loses nothing, and each ticket is claimed with a conditional update, so replicas may
 * run side by side.
 */
@Injectable()
export class RoutingRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private readonly pollMs: number;

  constructor(
    private readonly routing: RoutingService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENV) env: Record<string, string | undefined>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const poll = Number(env.TICKETS_ROUTER_POLL_MS ?? DefaultPollMs);
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
      .catch((err: unknown) => this.logger.error({ err }, 'router pass failed'))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async runOnce(): Promise<void> {
    const now = this.clock.now();
    for (const companyId of await this.routing.companiesWithWork()) {
      try {
        await this.routing.routeCompany(companyId, now);
      } catch (err) {
        // identity not answering for one company must not stop the others
        this.logger.warn({ err, companyId }, 'router pass failed for a company');
      }
    }
  }
}
