import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DomainEventTypes, type DomainEvent, type OnDutyDeletedEventData } from '@sb/contracts';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import { BUS } from '@sb/platform/nest';
import { consumeIdempotently, Outbox } from '@sb/platform/outbox';
import { Transactions } from '@sb/platform/db';
import type { EntityManager } from 'typeorm';
import { OnDutyRepository } from './on-duty.repository.js';
import { staffRemovalOf } from './staff-removal-rules.js';

/**
 * Keeps the on-duty staff to people who still exist: identity's user.deleted removes that user's
 * entries (announced as on-duty.deleted, so open lists drop them) and company.deleted the company's.
 * Without it a deleted user's phone kept getting the alerts.
 */
@Injectable()
export class OnDutyStaffConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: BusSubscription;

  constructor(
    private readonly transactions: Transactions,
    private readonly entries: OnDutyRepository,
    @Inject(BUS) private readonly bus: Bus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await consumeIdempotently({
      transactions: this.transactions,
      bus: this.bus,
      durable: 'campaigns-plantao-staff',
      // one subject (NATS before 2.10 takes a single filter); staffRemovalOf picks user and company
      filter: 'evt.*.identity.*.deleted',
      handler: (event, manager) => this.apply(event, manager),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.unsubscribe();
  }

  private async apply(event: DomainEvent, manager: EntityManager): Promise<void> {
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
