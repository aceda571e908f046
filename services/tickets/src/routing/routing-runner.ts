import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@sb/platform/clock';
import type { Logger } from '@sb/platform/logger';
import { CLOCK, ENV, LOGGER } from '@sb/platform/nest';
import { companyPoller, pollMsOf, type Poller, PollingProvider } from '@sb/platform/poller';
import { RoutingService } from './routing.service.js';
import { CompanyFences } from '@sb/platform/tenant';

/**
 * The router (BEHAVIOUR.md jobs, "Router (5 s)"): every TICKETS_ROUTER_POLL_MS (default 5000) it routes
 * each company's waiting tickets. Its state is on the tickets (routed_at), and each ticket is claimed
 * with a conditional update, so replicas may run side by side.
 */
@Injectable()
export class RoutingRunner extends PollingProvider {
  protected readonly poller: Poller;

  constructor(
    routing: RoutingService,
    fences: CompanyFences,
    @Inject(CLOCK) clock: Clock,
    @Inject(ENV) env: Record<string, string | undefined>,
    @Inject(LOGGER) logger: Logger,
  ) {
    super();
    this.poller = companyPoller({
      name: 'router',
      everyMs: pollMsOf(env.TICKETS_ROUTER_POLL_MS, 5_000),
      now: () => clock.now(),
      // a fenced company (a tenant operation's cut) is routed after its fence lifts
      companies: async () => fences.withoutFenced(await routing.companiesWithWork()),
      runCompany: async (companyId, now) => void (await routing.routeCompany(companyId, now)),
      logger,
    });
  }
}
