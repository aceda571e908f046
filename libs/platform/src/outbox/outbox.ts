import { randomUUID } from 'node:crypto';
import {
  eventSubject,
  type DomainEvent,
  type DomainEventEntry,
  type DomainEventKey,
} from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { currentCarrier } from '../tracing/trace-context.js';

/** An event to write: its service, entity and action name one of the contracts' events and type `data`. */
export type OutboxEntry<K extends DomainEventKey = DomainEventKey> = DomainEventEntry<K>;

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
async function add<K extends DomainEventKey>(
  manager: EntityManager,
  entry: OutboxEntry<K>,
): Promise<DomainEvent<OutboxEntry<K>['data']>> {
  const event: DomainEvent<OutboxEntry<K>['data']> = {
    id: randomUUID(),
    subject: eventSubject(entry.companyId, entry.service, entry.entity, entry.action),
    companyId: entry.companyId,
    occurredAt: new Date().toISOString(),
    data: entry.data,
  };
  // the trace of the change goes with the row: the relay publishes the event in it
  const trace = currentCarrier();
  // one round trip: the row, and the NOTIFY delivered on commit that wakes the relay at once instead
  // of at its next poll (Postgres folds equal notifications of one transaction into one)
  await manager.query(
    `WITH added AS (
       INSERT INTO outbox_event (id, subject, company_id, payload, occurred_at, traceparent, tracestate)
       VALUES ($1, $2, $3, $4, $5, $7, $8) RETURNING id)
     SELECT pg_notify($6, '') FROM added`,
    [
      event.id,
      event.subject,
      event.companyId,
      JSON.stringify(event.data ?? null),
      event.occurredAt,
      outboxChannel(schemaOf(manager)),
      trace?.traceparent ?? null,
      trace?.tracestate ?? null,
    ],
  );
  return event;
}

/**
 * Writes several events in the transaction of the change with one statement (one NOTIFY), in the
 * given order: the relay publishes them in that order.
 */
async function addMany<K extends DomainEventKey>(
  manager: EntityManager,
  entries: OutboxEntry<K>[],
): Promise<DomainEvent<OutboxEntry<K>['data']>[]> {
  if (entries.length === 0) return [];
  const occurredAt = new Date().toISOString();
  const events: DomainEvent<OutboxEntry<K>['data']>[] = entries.map((entry) => ({
    id: randomUUID(),
    subject: eventSubject(entry.companyId, entry.service, entry.entity, entry.action),
    companyId: entry.companyId,
    occurredAt,
    data: entry.data,
  }));
  const trace = currentCarrier();
  // unnest keeps the array order, so seq follows the entries; one trace for the whole change
  await manager.query(
    `WITH added AS (
       INSERT INTO outbox_event
         (id, subject, company_id, payload, occurred_at, traceparent, tracestate)
       SELECT *, $7::text, $8::text
         FROM unnest($1::uuid[], $2::text[], $3::int[], $4::json[], $5::timestamptz[])
       RETURNING id)
     SELECT pg_notify($6, '') WHERE EXISTS (SELECT 1 FROM added)`,
    [
      events.map((event) => event.id),
      events.map((event) => event.subject),
      events.map((event) => event.companyId),
      events.map((event) => JSON.stringify(event.data ?? null)),
      events.map((event) => event.occurredAt),
      outboxChannel(schemaOf(manager)),
      trace?.traceparent ?? null,
      trace?.tracestate ?? null,
    ],
  );
  return events;
}

export const Outbox = { add, addMany };
