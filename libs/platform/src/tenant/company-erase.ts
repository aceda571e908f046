import type { TenantTableRef } from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { childrenFirst, readCompanyTables, type CompanyTable } from './company-tables.js';

/** Tables every service has that hold no company's data: migrations run and events handled. */
const platformTables: Record<string, string> = {
  migrations: 'the migrations run on this schema',
  processed_event: 'ids of the events handled, for idempotency; no content',
  erased_companies: 'the ids of the companies erased, so that late events are not applied',
  tenant_import_ids: 'the ids imports gave the rows of each bundle; no content',
};

/** What a service declares about its tables beyond what the catalogue says. */
export type CompanyTablesPolicy = {
  /** tables whose company is another column than `company_id` (identity's `companies`: `id`) */
  companyColumn?: Record<string, string>;
  /** tables with a company's rows that outlive it, with why (the audit log, invoices) */
  keep?: Record<string, string>;
  /** tables that hold no company's data, with why (a login throttle keyed by address) */
  shared?: Record<string, string>;
  /**
   * integer columns (`table.column`) holding row ids no foreign key names: the table whose ids they
   * are (another service's, from TenantSharedIdTables, or this one's), or null when they are no row
   * ids; an import maps them (docs/tenant-operations.md)
   */
  references?: Record<string, TenantTableRef | null>;
  /**
   * company tables whose rows go with an erase but never into a bundle, with why (sign-in sessions:
   * its users sign in again at the target)
   */
  notMoved?: Record<string, string>;
  /** columns (`table.column`) holding object storage keys under the company's prefix */
  storageKeys?: string[];
};

/** How each table of a schema takes part in a company's erase. */
export type TablePlan =
  | { table: CompanyTable; role: 'company'; column: string }
  /** no company column, but a foreign key to a company table: its rows go with their parents' */
  | { table: CompanyTable; role: 'dependent'; parents: CompanyTable['references'] }
  | { table: CompanyTable; role: 'kept' | 'shared'; reason: string };

export class UndeclaredTableError extends Error {
  constructor(schema: string, table: string) {
    super(
      `${schema}.${table} has no company_id, references no company table and is not declared ` +
        'shared: say in the service tenant policy whose rows it holds',
    );
  }
}

/**
 * Every table of the schema with its part in an erase. A table the catalogue cannot place and the
 * policy does not name throws: a new table is never silently left behind.
 */
export async function planCompanyTables(
  manager: EntityManager,
  schema: string,
  policy: CompanyTablesPolicy = {},
): Promise<TablePlan[]> {
  const tables = childrenFirst(await readCompanyTables(manager, schema));
  const companyColumnOf = (table: CompanyTable) =>
    policy.companyColumn?.[table.name] ?? (table.hasCompanyId ? 'company_id' : undefined);
  const companyTables = new Set(
    tables.filter((t) => companyColumnOf(t) && !policy.keep?.[t.name]).map((t) => t.name),
  );
  return tables.map((table): TablePlan => {
    const kept = policy.keep?.[table.name];
    if (kept) return { table, role: 'kept', reason: kept };
    const shared = policy.shared?.[table.name] ?? platformTables[table.name];
    if (shared) return { table, role: 'shared', reason: shared };
    const column = companyColumnOf(table);
    if (column) return { table, role: 'company', column };
    const parents = table.references.filter((ref) => companyTables.has(ref.table));
    if (parents.length > 0) return { table, role: 'dependent', parents };
    throw new UndeclaredTableError(schema, table.name);
  });
}

/**
 * The condition (on alias `x`, the company's id as `$1`) that finds one company's rows of a table:
 * by its company column, or a dependent row through any parent of the company. Undefined for a table
 * whose rows are kept or shared.
 */
export function companyRowsFilter(
  schema: string,
  plan: TablePlan,
  plans: TablePlan[],
): string | undefined {
  if (plan.role === 'company') return `x."${plan.column}" = $1`;
  if (plan.role !== 'dependent') return undefined;
  return plan.parents
    .map(({ column, table, parentColumn }) => {
      const parent = plans.find((p) => p.table.name === table);
      const companyOfParent = parent?.role === 'company' ? parent.column : 'company_id';
      return `x."${column}" IN (SELECT "${parentColumn}" FROM "${schema}"."${table}" WHERE "${companyOfParent}" = $1)`;
    })
    .join(' OR ');
}

/**
 * Deletes one company's rows from every table of the schema, children first, in the caller's
 * transaction; answers the rows removed per table. Erasing an erased company removes nothing.
 */
export async function eraseCompanyRows(
  manager: EntityManager,
  schema: string,
  companyId: number,
  policy: CompanyTablesPolicy = {},
): Promise<Record<string, number>> {
  const plans = await planCompanyTables(manager, schema, policy);
  const removed: Record<string, number> = {};
  for (const plan of plans) {
    const where = companyRowsFilter(schema, plan, plans);
    if (!where) continue;
    const [, count] = (await manager.query(
      `DELETE FROM "${schema}"."${plan.table.name}" x WHERE ${where}`,
      [companyId],
    )) as [unknown, number];
    if (count > 0) removed[plan.table.name] = count;
  }
  // from now on this service's consumers skip the company's events (a late delivery)
  await manager.query(
    `INSERT INTO "${schema}".erased_companies (id) VALUES ($1) ON CONFLICT DO NOTHING`,
    [companyId],
  );
  return removed;
}
