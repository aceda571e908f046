import { Inject, Injectable } from '@nestjs/common';
import type { ContactErasedEventData, DomainEvent } from '@sb/contracts';
import { enterTenantScope } from '@sb/platform/db';
import type { Logger } from '@sb/platform/logger';
import { IdempotentEventConsumer, LOGGER } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { ContactErasureRepository } from './contact-erasure.repository.js';

/**
 * A contact erased in tickets (LGPD): campaigns removes the rows of its number (list items, shipping
 * rows with their sends, the opt-out) and its scheduled messages. A second delivery finds nothing left.
 */
@Injectable()
export class ContactErasureConsumer extends IdempotentEventConsumer<ContactErasedEventData> {
  protected readonly feed = {
    durable: 'campaigns-contact-erasure',
    filter: 'evt.*.tickets.contact.erased',
  };

  constructor(
    private readonly repository: ContactErasureRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  protected async apply(
    event: DomainEvent<ContactErasedEventData>,
    manager: EntityManager,
  ): Promise<void> {
    const { companyId } = event;
    // the consumer's transaction spans companies (its processed-event row); what follows is one's
    await enterTenantScope(manager, companyId);
    const removed = await this.repository.eraseContact(
      manager,
      companyId,
      event.data.contactId,
      event.data.number,
    );
    this.logger.info({ companyId, ...removed }, 'erased contact removed from campaigns');
  }
}
