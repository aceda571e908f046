import type { DomainEvent } from '@sb/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { Bus, BusSubscription } from '../bus/bus.types.js';

export type IdempotentConsumerOptions<T = unknown> = {
  dataSource: DataSource;
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
  const { dataSource, durable } = options;
  return options.bus.consume<T>({
    durable,
    filter: options.filter,
    maxDeliver: options.maxDeliver,
    ackWaitMs: options.ackWaitMs,
    handler: (event) =>
      dataSource.transaction(async (manager) => {
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
