import type { Queue } from '@sb/contracts';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The tickets service's queues as identity keeps them (names and colours for session users). */
@Injectable()
export class QueueReplicaRepository {
  /** Adds or renames a queue; an id held by another company is left alone. */
  async upsert(
    companyId: number,
    queue: Pick<Queue, 'id' | 'name' | 'color'>,
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO queue_replica (id, company_id, name, color) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, color = EXCLUDED.color
       WHERE queue_replica.company_id = EXCLUDED.company_id`,
      [queue.id, companyId, queue.name, queue.color],
    );
  }

  /** Drops a deleted queue and its members: nobody belongs to it any more. */
  async remove(companyId: number, queueId: number, manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM queue_replica WHERE id = $1 AND company_id = $2', [
      queueId,
      companyId,
    ]);
    await manager.query(
      `DELETE FROM user_queues WHERE queue_id = $1
         AND user_id IN (SELECT id FROM users WHERE company_id = $2)`,
      [queueId, companyId],
    );
  }
}
