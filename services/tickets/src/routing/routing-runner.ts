import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@sb/platform/clock';
import type { Logger } from '@sb/platform/logger';
import { CLOCK, ENV, LOGGER } from '@sb/platform/nest';
import { CompanyPoller, pollMsOf } from '../jobs/company-poller.js';
import { RoutingService } from './routing.service.js';

/**
 * The router (BEHAVIOUR.md jobs, "Router (5 s)"): every TICKETS_ROUTER_POLL_MS (default 5000) it routes
 * each company's waiting tickets. Its state is on the tickets (routed_at), and each ticket is claimed
 * with a conditional update, so replicas may run side by side.
 */
@Injectable()
export class RoutingRunner extends CompanyPoller {
  constructor(
    private readonly routing: RoutingService,
    @Inject(CLOCK) clock: Clock,
    @Inject(ENV) env: Record<string, string | undefined>,
    @Inject(LOGGER) logger: Logger,
  ) {
    super('router', pollMsOf(env.TICKETS_ROUTER_POLL_MS, 5_000), clock, logger);
  }

  protected companies(): Promise<number[]> {
    return this.routing.companiesWithWork();
  }

  protected async runCompany(companyId: number, now: Date): Promise<void> {
    await this.routing.routeCompany(companyId, now);
  }
}
