import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@sb/platform/clock';
import type { Logger } from '@sb/platform/logger';
import { CLOCK, ENV, LOGGER } from '@sb/platform/nest';
import { companyPoller, pollMsOf, type Poller, PollingProvider } from '@sb/platform/poller';
import { OnDutyService } from './on-duty.service.js';
import { CompanyFences } from '@sb/platform/tenant';

/**
 * Alerts the on-duty people about waiting tickets every TICKETS_ON_DUTY_POLL_MS (default 30000). Its
 * state is the tickets' next_notify_at, and replicas may run side by side (the repository's claim).
 */
@Injectable()
export class OnDutyRunner extends PollingProvider {
  protected readonly poller: Poller;

  constructor(
    alerts: OnDutyService,
    fences: CompanyFences,
    @Inject(CLOCK) clock: Clock,
    @Inject(ENV) env: Record<string, string | undefined>,
    @Inject(LOGGER) logger: Logger,
  ) {
    super();
    this.poller = companyPoller({
      name: 'on-duty alerts',
      everyMs: pollMsOf(env.TICKETS_ON_DUTY_POLL_MS, 30_000),
      now: () => clock.now(),
      // a fenced company (a tenant operation's cut) is alerted after its fence lifts
      companies: async (now) => fences.withoutFenced(await alerts.companiesWithWaiting(now)),
      runCompany: async (companyId, now) => {
        const sent = await alerts.alertCompany(companyId, now);
        if (sent > 0) logger.info({ companyId, sent }, 'on-duty alerts sent');
      },
      logger,
    });
  }
}
