import { Injectable } from '@nestjs/common';
import type { CompanyFenceEventData, DomainEvent } from '@sb/contracts';
import { IdempotentEventConsumer } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { CompanyFencesRepository } from './company-fences.repository.js';

/**
 * Applies identity's fences (ARCHITECTURE.md §9): while a company is fenced, its campaigns do not
 * start, its campaign rows and its schedules are not claimed; they stay due, nothing is sent and
 * nothing is lost, and the next pass after the fence lifts sends them.
 */
@Injectable()
export class CompanyFenceConsumer extends IdempotentEventConsumer<CompanyFenceEventData> {
  protected readonly feed = {
    durable: 'campaigns-company-fence',
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
