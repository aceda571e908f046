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
import { DataSource, type EntityManager } from 'typeorm';

/**
 * Keeps `queue_replica` in step with the tickets service's queues, so session users carry their queues'
 * names and colours without a call to tickets on every login.
 */
@Injectable()
export class QueueReplicaConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: BusSubscription;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(BUS) private readonly bus: Bus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await consumeIdempotently<QueueEventData | QueueDeletedEventData>({
      dataSource: this.dataSource,
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
    if ('queueId' in event.data) {
      await manager.query('DELETE FROM queue_replica WHERE id = $1 AND company_id = $2', [
        event.data.queueId,
        event.companyId,
      ]);
      // the queue is gone: nobody belongs to it any more
      await manager.query(
        `DELETE FROM user_queues WHERE queue_id = $1
           AND user_id IN (SELECT id FROM users WHERE company_id = $2)`,
        [event.data.queueId, event.companyId],
      );
      return;
    }
    const { queue } = event.data;
    await manager.query(
      `INSERT INTO queue_replica (id, company_id, name, color) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, color = EXCLUDED.color
       WHERE queue_replica.company_id = EXCLUDED.company_id`,
      [queue.id, event.companyId, queue.name, queue.color],
    );
  }
}
