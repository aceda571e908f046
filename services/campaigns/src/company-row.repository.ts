import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import { DataSource, type EntityManager } from 'typeorm';

/** The rows of one page and whether more follow. */
export type Page<Row> = { rows: Row[]; hasMore: boolean };

/**
 * A repository of campaigns' tables: one company's reads run in the caller's transaction when
 * given one, else under the company's row-level security (`Transactions.read`); work that spans
 * companies uses the data source (the service user).
 */
@Injectable()
export abstract class TablesRepository {
  constructor(
    protected readonly dataSource: DataSource,
    protected readonly transactions: Transactions,
  ) {}
}

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

/** An ILIKE pattern that finds `search` anywhere, its own % _ and \ taken literally. */
export const containsPattern = (search: string): string =>
  `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page read with one row more than `limit`: the rows to answer, and whether more follow. */
export const pageOf = <T>(rows: T[], limit: number): Page<T> => ({
  rows: rows.slice(0, limit),
  hasMore: rows.length > limit,
});
