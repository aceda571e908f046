import { Injectable } from '@nestjs/common';
import type { AuditRecordedEventData, DomainEvent } from '@sb/contracts';
import { IdempotentEventConsumer } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { AuditService } from './audit.service.js';

/**
 * Appends every service's audit events (`evt.<cid>.<service>.audit.recorded`) to the audit log: a
 * durable, idempotent consumer, so an entry is neither lost while identity is down nor written twice.
 */
@Injectable()
export class AuditLogConsumer extends IdempotentEventConsumer<AuditRecordedEventData> {
  protected readonly feed = { durable: 'identity-audit-log', filter: 'evt.*.*.audit.recorded' };

  constructor(private readonly audit: AuditService) {
    super();
  }

  protected apply(
    event: DomainEvent<AuditRecordedEventData>,
    manager: EntityManager,
  ): Promise<void> {
    return this.audit.append(event, manager);
  }
}
