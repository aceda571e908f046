import { Injectable } from '@nestjs/common';
import { type DomainEvent, type QueueDeletedEventData, type QueueEventData } from '@sb/contracts';
import { IdempotentEventConsumer } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { QueueReplicaRepository } from './queue-replica.repository.js';

/**
 * Keeps `queue_replica` in step with the tickets service's queues, so session users carry their queues'
 * names and colours without a call to tickets on every login.
 */
@Injectable()
export class QueueReplicaConsumer extends IdempotentEventConsumer<
  QueueEventData | QueueDeletedEventData
> {
  protected readonly feed = { durable: 'identity-queue-replica', filter: 'evt.*.tickets.queue.*' };

  constructor(private readonly replica: QueueReplicaRepository) {
    super();
  }

  protected async apply(
    event: DomainEvent<QueueEventData | QueueDeletedEventData>,
    manager: EntityManager,
  ): Promise<void> {
    if ('queueId' in event.data)
      await this.replica.remove(event.companyId, event.data.queueId, manager);
    else await this.replica.upsert(event.companyId, event.data.queue, manager);
  }
}
