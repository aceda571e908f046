import {
  auditActorOf,
  maskAuditSnapshot,
  type AuditAction,
  type AuditEntity,
  type AuditRecordedEventData,
  type RequestContext,
} from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { Outbox } from './outbox.js';

/** The services that record admin actions (each publishes `<service>.audit.recorded`). */
export type AuditingService = 'identity' | 'tickets' | 'connectors' | 'reporting';

export type AuditChange = {
  action: AuditAction;
  entity: AuditEntity;
  entityId: number | string | null;
  before?: object | null;
  after?: object | null;
  /** the company the entry belongs to; the caller's by default (super acting on another company) */
  companyId?: number;
  /** whether a `{ key, value }` record holds a secret value (secret settings) */
  secretValueOf?: (record: Record<string, unknown>) => boolean;
};

type Actor = Pick<RequestContext, 'companyId' | 'userId' | 'profile'> & {
  super?: boolean;
  clientIp?: string;
  userAgent?: string;
};

/**
 * Writes an audit event in the transaction of the change (the outbox, so it is published with the
 * change or not at all); identity appends it to the company's audit log. Secrets are masked here, so
 * they never travel on the bus.
 */
export async function recordAudit(
  manager: EntityManager,
  service: AuditingService,
  ctx: Actor,
  change: AuditChange,
): Promise<void> {
  const companyId = change.companyId ?? ctx.companyId;
  if (!companyId) return;
  const data: AuditRecordedEventData = {
    ...auditActorOf(ctx),
    action: change.action,
    entity: change.entity,
    entityId: change.entityId === null ? null : String(change.entityId),
    before: maskAuditSnapshot(change.before as Record<string, unknown>, change.secretValueOf),
    after: maskAuditSnapshot(change.after as Record<string, unknown>, change.secretValueOf),
    at: new Date().toISOString(),
  };
  await Outbox.add(manager, { companyId, service, entity: 'audit', action: 'recorded', data });
}
