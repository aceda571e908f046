import { Injectable } from '@nestjs/common';
import type { CompanyFence } from '@sb/contracts';
import { Transactions } from '@sb/platform/db';
import type { EntityManager } from 'typeorm';

type FenceRow = { id: number; fenced_by: string; fenced_at: Date };

/** `companies.fenced_by` / `fenced_at`: which tenant operation fenced a company (ARCHITECTURE.md §9). */
@Injectable()
export class CompanyFencesRepository {
  constructor(private readonly transactions: Transactions) {}

  /**
   * Fences the company for the operation unless it is fenced already: true when this call fenced it,
   * false when the same operation held it already. Another operation's fence is answered as `held`.
   */
  async fence(
    manager: EntityManager,
    companyId: number,
    operationId: string,
  ): Promise<'fenced' | 'already' | 'held' | 'missing'> {
    const [rows] = (await manager.query(
      `UPDATE companies SET fenced_by = $2, fenced_at = now()
        WHERE id = $1 AND fenced_by IS NULL RETURNING id`,
      [companyId, operationId],
    )) as [unknown[], number];
    if (rows.length > 0) return 'fenced';
    const current = await manager.query<{ fenced_by: string | null }[]>(
      `SELECT fenced_by FROM companies WHERE id = $1`,
      [companyId],
    );
    if (current.length === 0) return 'missing';
    return current[0].fenced_by === operationId ? 'already' : 'held';
  }

  /** Lifts the fence only when this operation holds it; true when it did. */
  async unfence(manager: EntityManager, companyId: number, operationId: string): Promise<boolean> {
    const [rows] = (await manager.query(
      `UPDATE companies SET fenced_by = NULL, fenced_at = NULL
        WHERE id = $1 AND fenced_by = $2 RETURNING id`,
      [companyId, operationId],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  /** Whether a tenant operation holds the company's fence now. */
  async isFenced(companyId: number, manager?: EntityManager): Promise<boolean> {
    const rows = await (manager ?? this.transactions.manager).query<unknown[]>(
      `SELECT 1 FROM companies WHERE id = $1 AND fenced_by IS NOT NULL`,
      [companyId],
    );
    return rows.length > 0;
  }

  async list(): Promise<CompanyFence[]> {
    const rows = await this.transactions.manager.query<FenceRow[]>(
      `SELECT id, fenced_by, fenced_at FROM companies WHERE fenced_by IS NOT NULL ORDER BY id`,
    );
    return rows.map((row) => ({
      companyId: row.id,
      operationId: row.fenced_by,
      fencedAt: row.fenced_at.toISOString(),
    }));
  }
}
