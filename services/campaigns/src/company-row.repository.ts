import type { EntityManager } from 'typeorm';

/**
 * One row of a company's table by id (another company's row is not there); `lock` takes it for the
 * rest of the transaction. `table` is one of campaigns' own table names, never input.
 */
export async function findCompanyRow<Row>(
  manager: EntityManager,
  table: 'schedules' | 'plantao',
  companyId: number,
  id: number,
  lock: boolean,
): Promise<Row | undefined> {
  const rows: Row[] = await manager.query(
    `SELECT * FROM ${table} WHERE company_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [companyId, id],
  );
  return rows[0];
}
