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
        const inserted: unknown[] = await manager.query(
          `INSERT INTO processed_event (consumer, event_id) VALUES ($1, $2)
           ON CONFLICT DO NOTHING RETURNING event_id`,
          [durable, event.id],
        );
        if (inserted.length === 0) return;
        await options.handler(event, manager);
      }),
  });
}

export type IdempotentBatchConsumerOptions<T = unknown> = Omit<
  IdempotentConsumerOptions<T>,
  'handler'
> & {
  /** events applied in one transaction at most; default 64 */
  batchSize?: number;
  /** transactions at once; default 2 */
  parallel?: number;
  /**
   * applies the events not applied before, in delivery order, with the manager of the transaction
   * that records them as processed
   */
  handler: (events: DomainEvent<T>[], manager: EntityManager) => Promise<void>;
};

/**
 * consumeIdempotently for traffic: the events that arrive while a transaction runs are applied
 * together in the next one (one processed-event statement, one handler call), so a burst costs a
 * few round trips per batch instead of per event. A batch that fails is applied again one event per
 * transaction, so one bad event is retried alone and never holds the others back.
 */
export function consumeIdempotentlyInBatches<T = unknown>(
  options: IdempotentBatchConsumerOptions<T>,
): Promise<BusSubscription> {
  const { transactions, durable } = options;
  const batchSize = options.batchSize ?? 64;
  const parallel = options.parallel ?? 2;

  const apply = (events: DomainEvent<T>[]) =>
    transactions.acrossCompanies(async (manager) => {
      const inserted: { event_id: string }[] = await manager.query(
        `INSERT INTO processed_event (consumer, event_id)
         SELECT $1, id FROM unnest($2::uuid[]) AS id
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [durable, events.map((event) => event.id)],
      );
      const fresh = new Set(inserted.map((row) => row.event_id));
      // an event delivered twice into one batch is applied by its first copy
      const todo = events.filter((event) => fresh.delete(event.id));
      if (todo.length > 0) await options.handler(todo, manager);
    });

  /** Each event's failure (undefined: applied). */
  const applyBatch = microBatch(
    async (events: DomainEvent<T>[]): Promise<unknown[]> => {
      try {
        await apply(events);
        return events.map(() => undefined);
      } catch (err) {
        if (events.length === 1) return [err];
        const failures: unknown[] = [];
        for (const event of events) failures.push(await apply([event]).catch((error) => error));
        return failures;
      }
    },
    { maxSize: batchSize, parallel },
  );

  return options.bus.consume<T>({
    durable,
    filter: options.filter,
    maxDeliver: options.maxDeliver,
    ackWaitMs: options.ackWaitMs,
    // enough deliveries in hand to fill every transaction's next batch
    concurrency: batchSize * parallel,
    handler: async (event) => {
      const failure = await applyBatch(event);
      if (failure !== undefined) throw failure;
    },
  });
}
