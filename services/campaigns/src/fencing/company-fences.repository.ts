import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * `fenced_companies`: campaigns' copy of identity's fences (ARCHITECTURE.md §9), in the database so the
 * dispatcher's and the sender's claims skip a fenced company's rows on every replica.
 */
@Injectable()
export class CompanyFencesRepository {
  async fence(manager: EntityManager, companyId: number, operationId: string): Promise<void> {
    await manager.query(
      `INSERT INTO fenced_companies (id, operation_id) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
      [companyId, operationId],
    );
  }

  /** Lifts the fence of this operation (another operation's stays). */
  async unfence(manager: EntityManager, companyId: number, operationId: string): Promise<void> {
    await manager.query(`DELETE FROM fenced_companies WHERE id = $1 AND operation_id = $2`, [
      companyId,
      operationId,
    ]);
  }
}
