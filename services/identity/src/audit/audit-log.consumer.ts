import type { AuditRecordedEventData } from '@sb/contracts';
import { feedConsumer } from '@sb/platform/nest';
import { AuditService } from './audit.service.js';

/**
 * Appends every service's audit events (`evt.<cid>.<service>.audit.recorded`) to the audit log: a
 * durable, idempotent consumer, so an entry is neither lost while identity is down nor written twice.
 */
export const AuditLogConsumer = feedConsumer<AuditService, AuditRecordedEventData>(
  { durable: 'identity-audit-log', filter: 'evt.*.*.audit.recorded' },
  AuditService,
  (audit, event, manager) => audit.append(event, manager),
);
