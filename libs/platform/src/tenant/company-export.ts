import type { EntityManager } from 'typeorm';
import { companyRowsFilter, planCompanyTables, type CompanyTablesPolicy } from './company-erase.js';

/** Company tables every service has whose rows never travel. */
const platformNotMoved: Record<string, string> = {
  outbox_event: 'events of the source installation; an import announces nothing',
};

/** Whether a table's rows go into a bundle (and so come out of one). */
export const movesWithCompany = (table: string, policy: CompanyTablesPolicy) =>
  !platformNotMoved[table] && !policy.notMoved?.[table];

/** Rows read per query: a page of a large table, kept in memory while it is written out. */
const PageSize = 2000;

/** A row as the catalogue's columns name it (`row_to_json`: timestamps as ISO text, bytea as hex). */
export type CompanyRow = Record<string, unknown>;

/** One line of a part: the table, a tab, the row as JSON (a table name has no tab). */
export const partLine = (table: string, row: CompanyRow) => `${table}\t${JSON.stringify(row)}\n`;

export function parsePartLine(line: string): { table: string; row: CompanyRow } {
  const tab = line.indexOf('\t');
  if (tab <= 0) throw new Error('a bundle line without its table');
  return { table: line.slice(0, tab), row: JSON.parse(line.slice(tab + 1)) as CompanyRow };
}

/**
 * Every row of one company in the schema, parents before children (an import writes them in that
 * order), each table paged by its primary key. Run it in one REPEATABLE READ transaction for a
 * consistent cut. `transform` sees each row on its way out (a service opens its secrets there).
 */
export async function* exportCompanyRows(
  manager: EntityManager,
  schema: string,
  companyId: number,
  policy: CompanyTablesPolicy = {},
  transform: (table: string, row: CompanyRow) => CompanyRow | Promise<CompanyRow> = (_table, row) =>
    row,
): AsyncGenerator<{ table: string; row: CompanyRow }> {
  const plans = await planCompanyTables(manager, schema, policy);
  for (const plan of [...plans].reverse()) {
    const where = companyRowsFilter(schema, plan, plans);
    if (!where || !movesWithCompany(plan.table.name, policy)) continue;
    const key = plan.table.primaryKey.map((column) => `x."${column}"`);
    const page = (after?: unknown[]) => {
      const from = after ? ` AND (${key.join(', ')}) > (${key.map((_, i) => `$${i + 2}`)})` : '';
      return manager.query<{ row: CompanyRow }[]>(
        `SELECT row_to_json(x) AS row FROM "${schema}"."${plan.table.name}" x
          WHERE (${where})${from}
          ${key.length > 0 ? `ORDER BY ${key.join(', ')} LIMIT ${PageSize}` : ''}`,
        [companyId, ...(after ?? [])],
      );
    };
    let rows = await page();
    for (;;) {
      // a table without a primary key comes whole, in one query; a page short of full is the last
      const last = key.length > 0 && rows.length === PageSize ? rows.at(-1)!.row : undefined;
      // the next page is read while this one is written out (PostgreSQL and Node each take a core)
      const next = last ? page(plan.table.primaryKey.map((column) => last[column])) : undefined;
      // its failure is seen where it is awaited, not as an unhandled rejection meanwhile
      next?.catch(() => undefined);
      for (const { row } of rows)
        yield { table: plan.table.name, row: await transform(plan.table.name, row) };
      if (!next) break;
      rows = await next;
    }
  }
}
