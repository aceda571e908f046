import type { AuditEntity, DomainEventEntry } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { Outbox, recordAudit } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';

/** An event as the outbox takes it, less the company (the caller's). */
export type CompanyEvent = DomainEventEntry extends infer E
  ? E extends DomainEventEntry
    ? Omit<E, 'companyId'>
    : never
  : never;

/** The audit entry of an admin record's change; a change without one is not audited. */
export type AuditedRecord = {
  entity: AuditEntity;
  entityId: number;
  before?: object | null;
  after?: object;
};

/** A company's event, in the transaction of the change (the outbox). */
export const recordEvent = async (
  manager: EntityManager,
  companyId: number,
  event: CompanyEvent,
): Promise<void> => {
  await Outbox.add(manager, { companyId, ...event } as DomainEventEntry);
};

/**
 * A record created (no `before`) or updated, in the transaction of the change: its event, then its
 * audit entry.
 */
export async function recordSaved(
  manager: EntityManager,
  ctx: CallContext,
  event: CompanyEvent,
  audit?: AuditedRecord,
): Promise<void> {
  await recordEvent(manager, ctx.companyId, event);
  if (audit) {
    await recordAudit(manager, 'tickets', ctx, {
      action: audit.before === undefined ? 'create' : 'update',
      ...audit,
    });
  }
}

/** A record deleted, in the transaction of the change: its audit entry, then its event. */
export async function recordDeleted(
  manager: EntityManager,
  ctx: CallContext,
  event: CompanyEvent,
  audit?: AuditedRecord,
): Promise<void> {
  if (audit) await recordAudit(manager, 'tickets', ctx, { action: 'delete', ...audit });
  await recordEvent(manager, ctx.companyId, event);
}
