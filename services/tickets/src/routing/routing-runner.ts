import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Clock } from '@sb/platform/clock';
import type { Logger } from '@sb/platform/logger';
import { CLOCK, ENV, LOGGER } from '@sb/platform/nest';
import { perCompany, pollMsOf, Poller } from '@sb/platform/poller';
import { RoutingService } from './routing.service.js';

/**
 * The router (BEHAVIOUR.md jobs, "Router (5 s)"): every TICKETS_ROUTER_POLL_MS (default 5000) it routes
 * each company's waiting tickets. Its state is on the tickets (routed_at), and each ticket is claimed
 * with a conditional update, so replicas may run side by side.
 */
@Injectable()
export class RoutingRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly poller: Poller;

  constructor(
    routing: RoutingService,
    @Inject(CLOCK) clock: Clock,
    @Inject(ENV) env: Record<string, string | undefined>,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.poller = new Poller({
      name: 'router',
      everyMs: pollMsOf(env.TICKETS_ROUTER_POLL_MS, 5_000),
      logger,
      pass: perCompany({
        name: 'router',
        now: () => clock.now(),
        companies: () => routing.companiesWithWork(),
        runCompany: (companyId, now) => routing.routeCompany(companyId, now).then(() => undefined),
        logger,
      }),
    });
  }

  onApplicationBootstrap(): void {
    this.poller.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.poller.stop();
  }

  /** One pass now (tests move the clock, then run it). */
  tick(): Promise<void> {
    return this.poller.run();
  }
}
