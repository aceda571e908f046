import type { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../errors/app-error.js';

/**
 * The role tenant work runs under. The service's own database user owns the tables (and is often a
 * superuser), which row-level security never restricts; `sb_tenant` is restricted by the policy
 * `company_id = app.company_id` on every tenant table (see tenant-row-security.ts).
 */
export const TENANT_ROLE = 'sb_tenant';

/** The per-transaction setting the row-level security policies compare `company_id` with. */
export const TENANT_SETTING = 'app.company_id';

/**
 * The statements that put a transaction in a tenant: the role and the company, sent as ONE simple
 * query (two statements, no parameters) so entering a scope costs one round trip. The id is inlined,
 * so it is checked to be a positive integer first; anything else never reaches SQL.
 */
export function tenantScopeSql(companyId: number): string {
  const company = tenantCompanyId(companyId);
  return `SET LOCAL ROLE ${TENANT_ROLE}; SELECT set_config('${TENANT_SETTING}', '${company}', true)`;
}

/** `companyId` when it can name a tenant (a positive integer); refused otherwise. */
export function tenantCompanyId(companyId: number): number {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new AppError('ERR_NO_PERMISSION');
  return companyId;
}

/**
 * Puts an open transaction (its manager) in the tenant: until it ends, every statement runs as
 * `sb_tenant` and sees only `companyId`'s rows of the tenant tables, whatever its where clause says.
 */
export async function enterTenantScope(manager: EntityManager, companyId: number): Promise<void> {
  if (!manager.queryRunner?.isTransactionActive)
    throw new Error('enterTenantScope needs the manager of an open transaction');
  await manager.query(tenantScopeSql(companyId));
}

/**
 * Runs `work` in a transaction scoped to one company (role + setting, one extra round trip). The
 * defence in depth behind the repositories' `companyId` arguments: a forgotten filter finds nothing
 * of another company. Work that legitimately spans companies (pollers, relays, super-admin screens)
 * runs outside any scope, through repository methods named for it.
 */
export function tenantScope<T>(
  dataSource: DataSource,
  companyId: number,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  const sql = tenantScopeSql(companyId);
  return dataSource.transaction(async (manager) => {
    await manager.query(sql);
    return work(manager);
  });
}
