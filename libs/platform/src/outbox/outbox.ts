import { randomUUID } from 'node:crypto';
import { eventSubject, type DomainEvent, type ServiceName } from '@sb/contracts';
import type { EntityManager } from 'typeorm';

export type OutboxEntry<T = unknown> = {
  companyId: number;
  service: ServiceName;
  entity: string;
  action: string;
  data: T;
};

/** The NOTIFY channel the relay of a schema listens on. */
export const outboxChannel = (schema: string) => `sb_outbox_${schema}`;

export function schemaOf(manager: EntityManager): string {
  const schema = (manager.dataSource.options as { schema?: string }).schema;
  if (!schema)
    throw new Error('the outbox needs a data source with a schema (createServiceDataSource)');
  return schema;
}

/**
 * Writes an event in the transaction of the change (pass that transaction's manager): it is
 * published after commit by the relay, and never if the change rolls back.
 */
async function add<T>(manager: EntityManager, entry: OutboxEntry<T>): Promise<DomainEvent<T>> {
  const event: DomainEvent<T> = {
    id: randomUUID(),
    subject: eventSubject(entry.companyId, entry.service, entry.entity, entry.action),
    companyId: entry.companyId,
    occurredAt: new Date().toISOString(),
    data: entry.data,
  };
  await manager.query(
    'INSERT INTO outbox_event (id, subject, company_id, payload, occurred_at) VALUES ($1, $2, $3, $4, $5)',
    [
      event.id,
      event.subject,
      event.companyId,
      JSON.stringify(event.data ?? null),
      event.occurredAt,
    ],
  );
  // delivered on commit: wakes the relay at once instead of at its next poll
  await manager.query('SELECT pg_notify($1, $2)', [outboxChannel(schemaOf(manager)), event.id]);
  return event;
}

export const Outbox = { add };
