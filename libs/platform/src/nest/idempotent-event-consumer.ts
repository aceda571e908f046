import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type Type,
} from '@nestjs/common';
import type { DomainEvent } from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import type { Bus, BusSubscription } from '../bus/bus.types.js';
import { Transactions } from '../db/transactions.js';
import {
  consumeIdempotently,
  type IdempotentConsumerOptions,
} from '../outbox/idempotent-consumer.js';
import { BUS } from './tokens.js';

/** What a consumer follows: its durable name, filter and delivery options. */
export type DurableFeed = Pick<
  IdempotentConsumerOptions,
  'durable' | 'filter' | 'maxDeliver' | 'ackWaitMs'
>;

/**
 * A provider that follows one durable feed with consumeIdempotently from application bootstrap, and
 * on module destroy unsubscribes (waiting for the handlers in flight). A subclass gives its `feed`
 * and `apply`.
 */
export abstract class IdempotentEventConsumer<T = unknown>
  implements OnApplicationBootstrap, OnModuleDestroy
{
  // properties, not constructor parameters, so a subclass injects what it needs in its own
  @Inject(Transactions) private readonly transactions!: Transactions;
  @Inject(BUS) private readonly bus!: Bus;
  private subscription?: BusSubscription;

  protected abstract readonly feed: DurableFeed;

  /** Applies one event with the manager of the transaction that records it as processed. */
  protected abstract apply(event: DomainEvent<T>, manager: EntityManager): Promise<void>;

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await consumeIdempotently<T>({
      ...this.feed,
      transactions: this.transactions,
      bus: this.bus,
      handler: (event, manager) => this.apply(event, manager),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.unsubscribe();
  }
}

/**
 * A consumer provider whose only work is to hand each event of `feed` to one method of `Owner` (the
 * service that keeps the data): `apply` names that call.
 */
export function feedConsumer<Owner, T = unknown>(
  feed: DurableFeed,
  owner: Type<Owner>,
  apply: (owner: Owner, event: DomainEvent<T>, manager: EntityManager) => Promise<void>,
): Type<IdempotentEventConsumer<T>> {
  @Injectable()
  class FeedConsumer extends IdempotentEventConsumer<T> {
    @Inject(owner) private readonly owner!: Owner;
    protected readonly feed = feed;

    protected apply(event: DomainEvent<T>, manager: EntityManager): Promise<void> {
      return apply(this.owner, event, manager);
    }
  }
  // Nest names providers by class name in its errors and logs
  Object.defineProperty(FeedConsumer, 'name', { value: `${feed.durable} consumer` });
  return FeedConsumer;
}
