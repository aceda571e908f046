import type { CompanyUsage } from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { planCompanyTables, type CompanyTablesPolicy, type TablePlan } from './company-erase.js';

export type RowsUsage = Pick<CompanyUsage, 'companyId' | 'rows' | 'bytes'>;

/**
 * One query per table: the company of each row, its count and size, for the companies `$1` names
 * (`every`: all of them). Each row is sized in a scan of its own table (`OFFSET 0` keeps the planner
 * from moving the size above a sort or a join, where the row is rebuilt without its on-disk padding
 * and the same rows would weigh differently from one plan to the next). A dependent row takes its
 * company from the first parent that has one (the erase removes it through any of them).
 */
function usageQuery(
  schema: string,
  plan: TablePlan,
  plans: TablePlan[],
  every: boolean,
): string | undefined {
  const q = (name: string) => `"${schema}"."${name}"`;
  const of = (company: string) =>
    every ? `${company} IS NOT NULL` : `${company} = ANY($1::int[])`;
  const sized = (columns: string[], where: string) =>
    `(SELECT ${columns.map((c) => `x."${c}"`).join(', ')}, pg_column_size(x.*) AS size
        FROM ${q(plan.table.name)} x WHERE ${where} OFFSET 0) t`;
  if (plan.role === 'company') {
    return `SELECT t."${plan.column}" AS company_id, count(*) AS rows, sum(t.size) AS bytes
              FROM ${sized([plan.column], of(`x."${plan.column}"`))} GROUP BY 1`;
  }
  if (plan.role !== 'dependent') return undefined;
  const parents = plan.parents.map(({ column, table, parentColumn }, i) => {
    const parent = plans.find((p) => p.table.name === table);
    const companyOfParent = parent?.role === 'company' ? parent.column : 'company_id';
    return {
      column,
      // the child rows of the companies asked about, found through this parent at the scan
      scan: `x."${column}" IN (SELECT "${parentColumn}" FROM ${q(table)} WHERE ${of(`"${companyOfParent}"`)})`,
      join: `LEFT JOIN ${q(table)} p${i} ON p${i}."${parentColumn}" = t."${column}"`,
      company: `p${i}."${companyOfParent}"`,
    };
  });
  const company = `coalesce(${parents.map((p) => p.company).join(', ')})`;
  const columns = [...new Set(parents.map((p) => p.column))];
  return `SELECT ${company} AS company_id, count(*) AS rows, sum(t.size) AS bytes
            FROM ${sized(columns, parents.map((p) => p.scan).join(' OR '))}
                 ${parents.map((p) => p.join).join(' ')}
           WHERE ${of(company)} GROUP BY 1`;
}

/**
 * The rows of each company in the schema and their bytes (`pg_column_size` of each row: what the
 * row takes in its table, without indexes), over the tables an erase empties: kept and shared tables
 * are not the company's to pay for. Measured, not estimated: every table is read.
 * `companyIds` empty: every company with a row; else exactly those, zeros included.
 */
export async function measureCompanyRows(
  manager: EntityManager,
  schema: string,
  companyIds: number[],
  policy: CompanyTablesPolicy = {},
): Promise<RowsUsage[]> {
  const plans = await planCompanyTables(manager, schema, policy);
  const totals = new Map<number, RowsUsage>(
    companyIds.map((companyId) => [companyId, { companyId, rows: 0, bytes: 0 }]),
  );
  const every = companyIds.length === 0;
  for (const plan of plans) {
    const query = usageQuery(schema, plan, plans, every);
    if (!query) continue;
    const found = await manager.query<
      { company_id: number | string; rows: string; bytes: string | null }[]
    >(query, every ? [] : [companyIds]);
    for (const row of found) {
      const companyId = Number(row.company_id);
      const total = totals.get(companyId) ?? { companyId, rows: 0, bytes: 0 };
      total.rows += Number(row.rows);
      total.bytes += Number(row.bytes ?? 0);
      totals.set(companyId, total);
    }
  }
  return [...totals.values()].sort((a, b) => a.companyId - b.companyId);
}
