import { Injectable } from '@nestjs/common';
import { DomainEventTypes, type DomainEvent, type OnDutyDeletedEventData } from '@sb/contracts';
import { IdempotentEventConsumer } from '@sb/platform/nest';
import { Outbox } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';
import { OnDutyRepository } from './on-duty.repository.js';
import { staffRemovalOf } from './staff-removal-rules.js';

/**
 * Keeps the on-duty staff to people who still exist: identity's user.deleted removes that user's
 * entries (announced as on-duty.deleted, so open lists drop them) and company.deleted the company's.
 * Without it a deleted user's phone kept getting the alerts.
 */
@Injectable()
export class OnDutyStaffConsumer extends IdempotentEventConsumer {
  protected readonly feed = {
    durable: 'campaigns-plantao-staff',
    // one subject (NATS before 2.10 takes a single filter); staffRemovalOf picks user and company
    filter: 'evt.*.identity.*.deleted',
  };

  constructor(private readonly entries: OnDutyRepository) {
    super();
  }

  protected async apply(event: DomainEvent, manager: EntityManager): Promise<void> {
    const removal = staffRemovalOf(event);
    if (!removal) return;
    if (removal.kind === 'company') {
      await this.entries.deleteStaff(manager, removal.companyId);
      return;
    }
    const ids = await this.entries.deleteStaff(manager, removal.companyId, removal.userId);
    for (const onDutyId of ids) {
      const data: OnDutyDeletedEventData = { onDutyId };
      await Outbox.add(manager, {
        companyId: removal.companyId,
        ...DomainEventTypes.campaigns.onDutyDeleted,
        data,
      });
    }
  }
}
