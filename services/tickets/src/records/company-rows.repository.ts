import type { EntityManager } from 'typeorm';

/** Tables of tickets whose rows belong to one company and are found by id (never a caller's text). */
export type CompanyTable = 'queues' | 'chatbots' | 'file_lists' | 'quick_messages';

/** The company's row `id` of `table`; undefined when it has none (another company's row included). */
export async function findCompanyRow<T>(
  table: CompanyTable,
  companyId: number,
  id: number,
  manager: EntityManager,
): Promise<T | undefined> {
  const rows: T[] = await manager.query(
    `SELECT * FROM ${table} WHERE company_id = $1 AND id = $2`,
    [companyId, id],
  );
  return rows[0];
}

/** Whether the company has row `id` of `table`. */
export async function companyRowExists(
  table: CompanyTable,
  companyId: number,
  id: number,
  manager: EntityManager,
): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM ${table} WHERE company_id = $1 AND id = $2`,
    [companyId, id],
  );
  return rows.length > 0;
}

/** A page read with one row more than `limit`: the rows to answer, and whether more follow. */
export const pageOf = <T>(rows: T[], limit: number): { rows: T[]; hasMore: boolean } => ({
  rows: rows.slice(0, limit),
  hasMore: rows.length > limit,
});
