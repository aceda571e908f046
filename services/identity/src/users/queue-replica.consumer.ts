import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { type DomainEvent, type QueueDeletedEventData, type QueueEventData } from '@sb/contracts';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import { BUS } from '@sb/platform/nest';
import { consumeIdempotently } from '@sb/platform/outbox';
import { Transactions } from '@sb/platform/db';
import type { EntityManager } from 'typeorm';
import { QueueReplicaRepository } from './queue-replica.repository.js';

/**
 * Keeps `queue_replica` in step with the tickets service's queues, so session users carry their queues'
 * names and colours without a call to tickets on every login.
 */
@Injectable()
export class QueueReplicaConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: BusSubscription;

  constructor(
    private readonly transactions: Transactions,
    private readonly replica: QueueReplicaRepository,
    @Inject(BUS) private readonly bus: Bus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await consumeIdempotently<QueueEventData | QueueDeletedEventData>({
      transactions: this.transactions,
      bus: this.bus,
      durable: 'identity-queue-replica',
      filter: 'evt.*.tickets.queue.*',
      handler: (event, manager) => this.apply(event, manager),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.unsubscribe();
  }

  private async apply(
    event: DomainEvent<QueueEventData | QueueDeletedEventData>,
    manager: EntityManager,
  ): Promise<void> {
    if ('queueId' in event.data)
      await this.replica.remove(event.companyId, event.data.queueId, manager);
    else await this.replica.upsert(event.companyId, event.data.queue, manager);
  }
}
