import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@sb/platform/clock';
import type { Logger } from '@sb/platform/logger';
import { CLOCK, ENV, LOGGER } from '@sb/platform/nest';
import { companyPoller, msOrOffOf, type Poller, PollingProvider } from '@sb/platform/poller';
import { MessageRetentionService } from './message-retention.service.js';
import { CompanyFences } from '@sb/platform/tenant';

const HourMs = 60 * 60 * 1000;

/**
 * Applies each company's message retention, company by company. Replicas may run side by side: a
 * batch skips the rows another one holds, and deleting what is gone deletes nothing.
 */
@Injectable()
export class MessageRetentionRunner extends PollingProvider {
  protected readonly poller: Poller;

  constructor(
    retention: MessageRetentionService,
    fences: CompanyFences,
    @Inject(CLOCK) clock: Clock,
    @Inject(ENV) env: Record<string, string | undefined>,
    @Inject(LOGGER) logger: Logger,
  ) {
    super();
    let periods = new Map<number, number>();
    this.poller = companyPoller({
      name: 'message retention',
      // MESSAGE_RETENTION_POLL_MS: hourly by default; 0 starts no timer (tests run passes with `tick`)
      everyMs: msOrOffOf(env.MESSAGE_RETENTION_POLL_MS, HourMs),
      now: () => clock.now(),
      companies: async () => {
        periods = await retention.companies();
        // a fenced company (a tenant operation's cut) keeps its messages until its fence lifts
        return fences.withoutFenced([...periods.keys()]);
      },
      runCompany: async (companyId, now) => {
        const days = periods.get(companyId);
        if (days) await retention.applyToCompany(companyId, days, now, () => this.poller.stopping);
      },
      logger,
    });
  }
}
