import type { DomainEvent } from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { microBatch } from '../batching/micro-batch.js';
import type { Bus, BusSubscription } from '../bus/bus.types.js';
import type { Transactions } from '../db/transactions.js';

export type IdempotentConsumerOptions<T = unknown> = {
  /** events of every company arrive on one stream, so each is applied across companies */
  transactions: Transactions;
  bus: Bus;
  durable: string;
  filter: string | string[];
  /** applies the event with the manager of the transaction that records it as processed */
  handler: (event: DomainEvent<T>, manager: EntityManager) => Promise<void>;
  maxDeliver?: number;
  ackWaitMs?: number;
};

/**
 * A durable consumer that applies each event once: the (consumer, event id) row and the handler's
 * changes commit together, so a redelivery after a crash or a duplicate is skipped, and a handler
 * that throws leaves no trace and is retried.
 */
export function consumeIdempotently<T = unknown>(
  options: IdempotentConsumerOptions<T>,
): Promise<BusSubscription> {
  const { transactions, durable } = options;
  return options.bus.consume<T>({
    durable,
    filter: options.filter,
    maxDeliver: options.maxDeliver,
    ackWaitMs: options.ackWaitMs,
    handler: (event) =>
      transactions.acrossCompanies(async (manager) => {
        const inserted: { erased: boolean }[] = await manager.query(
          `INSERT INTO processed_event (consumer, event_id) VALUES ($1, $2)
           ON CONFLICT DO NOTHING
           RETURNING EXISTS (SELECT 1 FROM erased_companies WHERE id = $3) AS erased`,
          [durable, event.id, event.companyId],
        );
        // already applied, or of a company this service erased
        if (inserted.length === 0 || inserted[0]!.erased) return;
        await options.handler(event, manager);
      }),
  });
}

/** A durable consumer of events (one filter on NATS 2.9, several from 2.10). */
export type EventFeed = { durable: string; filter: string | string[] };

export type IdempotentBatchConsumerOptions<T = unknown> = Omit<
  IdempotentConsumerOptions<T>,
  'handler' | 'durable' | 'filter'
> & {
  /**
   * the durable consumers whose events are applied together: each event is recorded as processed
   * under its own durable's name, so a feed can join or leave the batches without a replay
   */
  feeds: EventFeed[];
  /** events applied in one transaction at most; default 64 */
  batchSize?: number;
  /** transactions at once; default 2 */
  parallel?: number;
  /**
   * An event's lane (a number; any integer). Each lane applies one transaction at a time and the
   * `parallel` lanes run side by side, so events that change the same rows (one ticket's) never
   * make two transactions wait for each other. Without it any transaction takes any event.
   */
  laneOf?: (event: DomainEvent<T>) => number;
  /**
   * applies the events not applied before, in delivery order, with the manager of the transaction
   * that records them as processed
   */
  handler: (events: DomainEvent<T>[], manager: EntityManager) => Promise<void>;
  /**
   * told of the events a transaction applied, once it committed (never of a batch rolled back); it
   * must not throw: the events are applied whatever it does
   */
  committed?: (events: DomainEvent<T>[]) => void;
};

/**
 * consumeIdempotently for traffic: the events that arrive while a transaction runs are applied
 * together in the next one (one processed-event statement, one handler call), so a burst costs a
 * few round trips per batch instead of per event. A batch that fails is applied again one event per
 * transaction, so one bad event is retried alone and never holds the others back.
 */
export async function consumeIdempotentlyInBatches<T = unknown>(
  options: IdempotentBatchConsumerOptions<T>,
): Promise<BusSubscription> {
  const { transactions, laneOf } = options;
  const batchSize = options.batchSize ?? 64;
  const parallel = options.parallel ?? 2;
  type Delivery = { durable: string; event: DomainEvent<T> };

  const apply = async (deliveries: Delivery[]) => {
    const applied = await transactions.acrossCompanies(async (manager) => {
      // one round trip: the events newly recorded, and which of their companies were erased
      const rows = await manager.query<
        { consumer: string | null; event_id: string | null; erased: number | null }[]
      >(
        `WITH fresh AS (
           INSERT INTO processed_event (consumer, event_id)
           SELECT * FROM unnest($1::text[], $2::uuid[])
           ON CONFLICT DO NOTHING RETURNING consumer, event_id)
         SELECT consumer, event_id, NULL::int AS erased FROM fresh
         UNION ALL
         SELECT NULL, NULL, id FROM erased_companies WHERE id = ANY($3::int[])`,
        [
          deliveries.map((d) => d.durable),
          deliveries.map((d) => d.event.id),
          [...new Set(deliveries.map((d) => d.event.companyId))],
        ],
      );
      const inserted = rows.filter((row) => row.erased === null);
      const erased = new Set(rows.map((row) => row.erased).filter((id) => id !== null));
      const fresh = new Set(inserted.map((row) => `${row.consumer} ${row.event_id}`));
      // an event delivered twice into one batch is applied by its first copy; an erased company's
      // events are recorded as processed and not applied
      const todo = deliveries.filter(
        (d) => fresh.delete(`${d.durable} ${d.event.id}`) && !erased.has(d.event.companyId),
      );
      const events = todo.map((d) => d.event);
      if (events.length > 0) await options.handler(events, manager);
      return events;
    });
    if (applied.length > 0 && options.committed) {
      try {
        options.committed(applied);
      } catch {
        // the events stay applied: a failing listener must not have them delivered again
      }
    }
  };

  /** Each delivery's failure (undefined: applied). */
  const applyBatch = async (deliveries: Delivery[]): Promise<unknown[]> => {
    try {
      await apply(deliveries);
      return deliveries.map(() => undefined);
    } catch (err) {
      if (deliveries.length === 1) return [err];
      const failures: unknown[] = [];
      for (const delivery of deliveries)
        failures.push(await apply([delivery]).catch((error) => error));
      return failures;
    }
  };
  const lanes = laneOf
    ? Array.from({ length: parallel }, () => microBatch(applyBatch, { maxSize: batchSize }))
    : [microBatch(applyBatch, { maxSize: batchSize, parallel })];
  const laneFor = (event: DomainEvent<T>) =>
    lanes[laneOf ? Math.abs(Math.trunc(laneOf(event))) % lanes.length : 0]!;

  const subscriptions: BusSubscription[] = [];
  try {
    for (const { durable, filter } of options.feeds) {
      subscriptions.push(
        await options.bus.consume<T>({
          durable,
          filter,
          maxDeliver: options.maxDeliver,
          ackWaitMs: options.ackWaitMs,
          // enough deliveries in hand to fill every transaction's next batch
          concurrency: batchSize * parallel,
          handler: async (event) => {
            const failure = await laneFor(event)({ durable, event });
            if (failure !== undefined) throw failure;
          },
        }),
      );
    }
  } catch (err) {
    await Promise.all(subscriptions.map((s) => s.unsubscribe().catch(() => undefined)));
    throw err;
  }
  return {
    unsubscribe: async () => {
      await Promise.all(subscriptions.splice(0).map((s) => s.unsubscribe()));
    },
  };
}
