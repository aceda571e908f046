import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '@sb/contracts';
import { IdempotentEventConsumer } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { BusinessHoursService } from './business-hours.service.js';

/*
 * The durable consumers of the hours (NATS 2.9 takes one filter per consumer). Like the company zones
 * they are not part of a projection rebuild: they hold what the owners last announced, which a replay
 * of the stream's retention could only lose.
 */

/** identity's company events, for the company's grid. */
@Injectable()
export class CompanyHoursConsumer extends IdempotentEventConsumer {
  protected readonly feed = {
    durable: 'reporting-company-hours',
    filter: 'evt.*.identity.company.*',
  };

  constructor(private readonly hours: BusinessHoursService) {
    super();
  }

  protected apply(event: DomainEvent, manager: EntityManager): Promise<void> {
    return this.hours.applyCompanyEvent(event, manager);
  }
}

/** identity's settings events, for the company's schedule type. */
@Injectable()
export class ScheduleTypeConsumer extends IdempotentEventConsumer {
  protected readonly feed = {
    durable: 'reporting-schedule-types',
    filter: 'evt.*.identity.settings.updated',
  };

  constructor(private readonly hours: BusinessHoursService) {
    super();
  }

  protected apply(event: DomainEvent, manager: EntityManager): Promise<void> {
    return this.hours.applySettingEvent(event, manager);
  }
}

/** tickets' queue events, for each queue's grid. */
@Injectable()
export class QueueHoursConsumer extends IdempotentEventConsumer {
  protected readonly feed = { durable: 'reporting-queue-hours', filter: 'evt.*.tickets.queue.*' };

  constructor(private readonly hours: BusinessHoursService) {
    super();
  }

  protected apply(event: DomainEvent, manager: EntityManager): Promise<void> {
    return this.hours.applyQueueEvent(event, manager);
  }
}
