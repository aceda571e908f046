import type { EntityManager } from 'typeorm';
import type { Transactions } from './transactions.js';

// Reads every service makes of its own company tables. `table` is always a table name the service
// writes in its code, never input.

/** The rows of one page and whether more follow. */
export type Page<Row> = { rows: Row[]; hasMore: boolean };

/** A page read with one row more than `limit`: the rows to answer, and whether more follow. */
export const pageOf = <Row>(rows: Row[], limit: number): Page<Row> => ({
  rows: rows.slice(0, limit),
  hasMore: rows.length > limit,
});

/**
 * One page of the company's rows, read as the company (`Transactions.read`): `sql` selects and orders
 * them, and the page's OFFSET and LIMIT (one row more than `limit`, for `hasMore`) follow its `params`.
 */
export async function readCompanyPage<Row>(
  transactions: Transactions,
  companyId: number,
  sql: string,
  params: unknown[],
  page: { offset: number; limit: number },
): Promise<Page<Row>> {
  const next = params.length + 1;
  const rows = await transactions.query<Row[]>(
    companyId,
    `${sql} OFFSET $${next} LIMIT $${next + 1}`,
    [...params, page.offset, page.limit + 1],
  );
  return pageOf(rows, page.limit);
}

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards (% _ \) taken literally. */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The company's row `id` of `table`; undefined when it has none (another company's row included).
 * `lock` takes it for the rest of the transaction.
 */
export async function findCompanyRow<Row>(
  manager: EntityManager,
  table: string,
  companyId: number,
  id: number,
  lock = false,
): Promise<Row | undefined> {
  const rows: Row[] = await manager.query(
    `SELECT * FROM ${table} WHERE company_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [companyId, id],
  );
  return rows[0];
}

/**
 * findCompanyRow in the caller's transaction when given one (`within`), else in a read of the
 * company's own (`Transactions.read`).
 */
export function readCompanyRow<Row>(
  transactions: Transactions,
  table: string,
  companyId: number,
  id: number,
  within?: EntityManager,
  lock = false,
): Promise<Row | undefined> {
  return transactions.read(
    companyId,
    (manager) => findCompanyRow<Row>(manager, table, companyId, id, lock),
    within,
  );
}

/** Whether the company has row `id` of `table`. */
export async function companyRowExists(
  manager: EntityManager,
  table: string,
  companyId: number,
  id: number,
): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM ${table} WHERE company_id = $1 AND id = $2`,
    [companyId, id],
  );
  return rows.length > 0;
}

/** Column name to value of one write; the names are the service's own, never input. */
export type Columns = Record<string, unknown>;

/** Inserts the company's row into `table` with `columns`; resolves with its id. */
export async function insertCompanyRow(
  manager: EntityManager,
  table: string,
  companyId: number,
  columns: Columns,
): Promise<number> {
  const names = Object.keys(columns);
  const places = names.map((_, i) => `$${i + 2}`);
  const rows: { id: number }[] = await manager.query(
    `INSERT INTO ${table} (company_id, ${names.join(', ')}) VALUES ($1, ${places.join(', ')}) RETURNING id`,
    [companyId, ...Object.values(columns)],
  );
  return rows[0]!.id;
}

/** Sets `columns` and updated_at (only that with no columns) on the company's row `id` of `table`. */
export async function updateCompanyRow(
  manager: EntityManager,
  table: string,
  companyId: number,
  id: number,
  columns: Columns,
): Promise<void> {
  const sets = Object.keys(columns).map((name, i) => `${name} = $${i + 3}`);
  sets.push('updated_at = now()');
  await manager.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE company_id = $1 AND id = $2`, [
    companyId,
    id,
    ...Object.values(columns),
  ]);
}

/** Deletes the company's row `id` of `table`; resolves with whether there was one. */
export async function deleteCompanyRow(
  manager: EntityManager,
  table: string,
  companyId: number,
  id: number,
): Promise<boolean> {
  const [, affected] = (await manager.query(
    `DELETE FROM ${table} WHERE company_id = $1 AND id = $2`,
    [companyId, id],
  )) as [unknown, number];
  return affected > 0;
}

/**
 * Clears `column` of the company's rows of `table` that point at `id` (a deleted row's references);
 * `touch` also moves their updated_at.
 */
export async function unlinkCompanyRows(
  manager: EntityManager,
  table: string,
  column: string,
  companyId: number,
  id: number,
  touch = false,
): Promise<void> {
  await manager.query(
    `UPDATE ${table} SET ${column} = NULL${touch ? ', updated_at = now()' : ''} WHERE company_id = $1 AND ${column} = $2`,
    [companyId, id],
  );
}
