import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@sb/platform/clock';
import type { Logger } from '@sb/platform/logger';
import { CLOCK, ENV, LOGGER } from '@sb/platform/nest';
import { CompanyPoller, pollMsOf } from '../jobs/company-poller.js';
import { OnDutyService } from './on-duty.service.js';

/**
 * Alerts the on-duty people about waiting tickets every TICKETS_ON_DUTY_POLL_MS (default 30000). Its
 * state is the tickets' next_notify_at, and replicas may run side by side (the repository's claim).
 */
@Injectable()
export class OnDutyRunner extends CompanyPoller {
  constructor(
    private readonly alerts: OnDutyService,
    @Inject(CLOCK) clock: Clock,
    @Inject(ENV) env: Record<string, string | undefined>,
    @Inject(LOGGER) logger: Logger,
  ) {
    super('on-duty alerts', pollMsOf(env.TICKETS_ON_DUTY_POLL_MS, 30_000), clock, logger);
  }

  protected companies(now: Date): Promise<number[]> {
    return this.alerts.companiesWithWaiting(now);
  }

  protected async runCompany(companyId: number, now: Date): Promise<void> {
    const sent = await this.alerts.alertCompany(companyId, now);
    if (sent > 0) this.logger.info({ companyId, sent }, 'on-duty alerts sent');
  }
}
