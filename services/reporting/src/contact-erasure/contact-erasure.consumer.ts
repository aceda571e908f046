import { Injectable } from '@nestjs/common';
import type { ContactErasedEventData, DomainEvent } from '@sb/contracts';
import { enterTenantScope } from '@sb/platform/db';
import { IdempotentEventConsumer } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { ContactErasureRepository } from './contact-erasure.repository.js';

/**
 * A contact erased in tickets (LGPD): its name leaves the projections. Counts, times and ratings stay
 * (ticket_fact keeps its rows, the rollups hold no person). A second delivery changes nothing.
 */
@Injectable()
export class ContactErasureConsumer extends IdempotentEventConsumer<ContactErasedEventData> {
  protected readonly feed = {
    durable: 'reporting-contact-erasure',
    filter: 'evt.*.tickets.contact.erased',
  };

  constructor(private readonly repository: ContactErasureRepository) {
    super();
  }

  protected async apply(
    event: DomainEvent<ContactErasedEventData>,
    manager: EntityManager,
  ): Promise<void> {
    // the consumer's transaction spans companies (its processed-event row); what follows is one's
    await enterTenantScope(manager, event.companyId);
    await this.repository.forgetContact(manager, event.companyId, event.data.contactId);
  }
}
