import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WebhookDeliveriesRepository } from '../meta/webhook-deliveries.repository.js';

/**
 * `fenced_companies`: connectors' copy of identity's fences (ARCHITECTURE.md §9), in the database so
 * every replica and a restart agree on which companies' webhooks and sessions wait.
 */
@Injectable()
export class CompanyFencesRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deliveries: WebhookDeliveriesRepository,
  ) {}

  /**
   * Records the fence with the sessions live now, unless it is recorded already (a redelivered
   * event); answers the sessions the fence stops, as first recorded.
   */
  async fence(companyId: number, operationId: string, liveSessions: number[]): Promise<number[]> {
    const rows: { stopped_sessions: number[] }[] = await this.dataSource.query(
      `INSERT INTO fenced_companies (id, operation_id, stopped_sessions) VALUES ($1, $2, $3::int[])
       ON CONFLICT (id) DO UPDATE SET id = fenced_companies.id
       RETURNING stopped_sessions`,
      [companyId, operationId, liveSessions],
    );
    return rows[0]?.stopped_sessions ?? [];
  }

  /**
   * Lifts the fence of this operation and, in the same transaction, gives the company's held
   * webhooks back; answers the sessions to start again, or null when this operation held no fence.
   */
  async unfence(companyId: number, operationId: string): Promise<number[] | null> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `DELETE FROM fenced_companies WHERE id = $1 AND operation_id = $2 RETURNING stopped_sessions`,
        [companyId, operationId],
      )) as [{ stopped_sessions: number[] }[], number];
      if (rows.length === 0) return null;
      await this.deliveries.releaseHeld(manager, companyId);
      return rows[0].stopped_sessions;
    });
  }
}
