import { Injectable } from '@nestjs/common';
import type { CompanyFenceEventData, DomainEvent } from '@sb/contracts';
import { IdempotentEventConsumer } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { CompanyFencesRepository } from './company-fences.repository.js';

/**
 * Applies identity's fences (ARCHITECTURE.md §9): while a company is fenced, tickets' pollers (router,
 * on-duty alerts, message retention) leave it out and its automation jobs (bot replies, timers) wait,
 * so its rows hold still for the cut; nothing is lost, they run at the first pass after.
 */
@Injectable()
export class CompanyFenceConsumer extends IdempotentEventConsumer<CompanyFenceEventData> {
  protected readonly feed = {
    durable: 'tickets-company-fence',
    // one subject (NATS before 2.10 takes a single filter); the action picks fenced and unfenced
    filter: 'evt.*.identity.company.*',
  };

  constructor(private readonly fences: CompanyFencesRepository) {
    super();
  }

  protected async apply(
    event: DomainEvent<CompanyFenceEventData>,
    manager: EntityManager,
  ): Promise<void> {
    const { companyId, operationId } = event.data;
    if (event.subject.endsWith('.identity.company.fenced')) {
      await this.fences.fence(manager, companyId, operationId);
    } else if (event.subject.endsWith('.identity.company.unfenced')) {
      await this.fences.unfence(manager, companyId, operationId);
    }
  }
}
