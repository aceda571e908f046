import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@sb/contracts';
import { IdempotentEventConsumer } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { CompanyZoneService } from './company-zone.service.js';

/** Follows identity's company events for their time zone (one durable consumer, from the stream's start). */
@Injectable()
export class CompanyZoneConsumer extends IdempotentEventConsumer {
  protected readonly feed = {
    durable: 'reporting-company-zones',
    // one filter per consumer (NATS 2.9); deletions carry no zone and are skipped
    filter: 'evt.*.identity.company.*',
  };

  constructor(private readonly zones: CompanyZoneService) {
    super();
  }

  protected apply(event: DomainEvent, manager: EntityManager): Promise<void> {
    return this.zones.applyCompanyEvent(event, manager);
  }
}
