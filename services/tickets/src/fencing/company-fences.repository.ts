import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * `fenced_companies`: tickets' copy of identity's fences (ARCHITECTURE.md §9), in the database so every
 * replica agrees; the company pollers leave a fenced company out and the automation jobs' claim skips
 * its jobs.
 */
@Injectable()
export class CompanyFencesRepository {
  constructor(private readonly dataSource: DataSource) {}

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

  /** The companies fenced now. */
  async fencedIds(): Promise<Set<number>> {
    const rows: { id: number }[] = await this.dataSource.query(`SELECT id FROM fenced_companies`);
    return new Set(rows.map((row) => row.id));
  }

  /** `companies` without the fenced ones (a company poller's list). */
  async withoutFenced(companies: number[]): Promise<number[]> {
    if (companies.length === 0) return companies;
    const fenced = await this.fencedIds();
    return companies.filter((companyId) => !fenced.has(companyId));
  }
}
