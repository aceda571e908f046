import { Injectable } from '@nestjs/common';
import type { SlaTarget } from '@sb/contracts';
import { Transactions } from '@sb/platform/db';
import type { EntityManager } from 'typeorm';

type TargetRow = { queue_id: number; first_response_minutes: number; updated_at: Date };
const targetOf = (row: TargetRow): SlaTarget => ({
  queueId: row.queue_id,
  firstResponseMinutes: row.first_response_minutes,
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The SQL of the SLA targets; every query is scoped by the caller's company. */
@Injectable()
export class SlaTargetsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The company's targets, but those of queues tickets announced deleted. */
  async list(companyId: number): Promise<SlaTarget[]> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: TargetRow[] = await manager.query(
        `SELECT t.queue_id, t.first_response_minutes, t.updated_at FROM sla_target t
          WHERE t.company_id = $1
            AND NOT EXISTS (SELECT 1 FROM queue_hours q
                             WHERE q.company_id = t.company_id AND q.queue_id = t.queue_id
                               AND q.deleted)
          ORDER BY t.queue_id`,
        [companyId],
      );
      return rows.map(targetOf);
    });
  }

  /** The queue's target, locked for the caller's transaction (null: none). */
  async lock(
    companyId: number,
    queueId: number,
    manager: EntityManager,
  ): Promise<SlaTarget | null> {
    const rows: TargetRow[] = await manager.query(
      `SELECT queue_id, first_response_minutes, updated_at FROM sla_target
        WHERE company_id = $1 AND queue_id = $2 FOR UPDATE`,
      [companyId, queueId],
    );
    return rows[0] ? targetOf(rows[0]) : null;
  }

  async save(
    companyId: number,
    queueId: number,
    minutes: number,
    manager: EntityManager,
  ): Promise<SlaTarget> {
    const rows: TargetRow[] = await manager.query(
      `INSERT INTO sla_target (company_id, queue_id, first_response_minutes, updated_at)
       VALUES ($1, $2, $3, now())
       ON CONFLICT (company_id, queue_id) DO UPDATE SET
         first_response_minutes = EXCLUDED.first_response_minutes, updated_at = now()
       RETURNING queue_id, first_response_minutes, updated_at`,
      [companyId, queueId, minutes],
    );
    return targetOf(rows[0]!);
  }

  async remove(companyId: number, queueId: number, manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM sla_target WHERE company_id = $1 AND queue_id = $2', [
      companyId,
      queueId,
    ]);
  }
}
