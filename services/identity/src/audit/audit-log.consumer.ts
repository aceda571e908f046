import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { AuditRecordedEventData } from '@sb/contracts';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import { BUS } from '@sb/platform/nest';
import { consumeIdempotently } from '@sb/platform/outbox';
import { Transactions } from '@sb/platform/db';
import { AuditService } from './audit.service.js';

/**
 * Appends every service's audit events (`evt.<cid>.<service>.audit.recorded`) to the audit log: a
 * durable, idempotent consumer, so an entry is neither lost while identity is down nor written twice.
 */
@Injectable()
export class AuditLogConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: BusSubscription;

  constructor(
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    @Inject(BUS) private readonly bus: Bus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await consumeIdempotently<AuditRecordedEventData>({
      transactions: this.transactions,
      bus: this.bus,
      durable: 'identity-audit-log',
      filter: 'evt.*.*.audit.recorded',
      handler: (event, manager) => this.audit.append(event, manager),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.unsubscribe();
  }
}
