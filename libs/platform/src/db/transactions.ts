import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { createTenantReadDataSource } from './service-data-source.js';
import { TENANT_SETTING, tenantCompanyId, tenantScope } from './tenant-scope.js';

/**
 * How services open transactions and read without holding the DataSource (SQL stays in
 * repositories): `inTenant` for one company's work and `read` for one company's reads, both under
 * its row-level security scope, and `acrossCompanies`, named for what it is, for work that spans
 * companies or comes before one is known (sign-up, login, pollers picking due work, super-admin
 * screens).
 */
export class Transactions {
  /** the company each pooled tenant connection was last set to (its session setting) */
  private readonly companyOf = new WeakMap<object, number>();
  private tenantReads?: Promise<DataSource>;

  /**
   * @param readSource the pool whose connections run as the tenant role; made from `dataSource`
   * and opened on the first read unless given
   */
  constructor(
    private readonly dataSource: DataSource,
    private readonly readSource: DataSource = createTenantReadDataSource(dataSource),
  ) {}

  /** One company's work: every statement runs as the tenant role and sees only its rows. */
  inTenant<T>(companyId: number, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return tenantScope(this.dataSource, companyId, work);
  }

  /**
   * One company's reads, outside a transaction: `work` runs on a connection of the tenant pool
   * and sees only `companyId`'s rows, even through a query that forgot the company filter. Given
   * `within` (a transaction's manager), `work` runs in that transaction instead.
   */
  async read<T>(
    companyId: number,
    work: (manager: EntityManager) => Promise<T>,
    within?: EntityManager,
  ): Promise<T> {
    const company = tenantCompanyId(companyId);
    if (within) return work(within);
    const runner = (await this.openReads()).createQueryRunner();
    try {
      await runner.connect();
      await this.useCompany(runner, company);
      return await work(runner.manager);
    } finally {
      await runner.release();
    }
  }

  /**
   * One query of one company's reads (`read`): what the driver answers, typed by the caller. Given
   * `within`, it runs in that transaction.
   */
  query<T>(
    companyId: number,
    sql: string,
    parameters: unknown[],
    within?: EntityManager,
  ): Promise<T> {
    return this.read(companyId, (manager) => manager.query<T>(sql, parameters), within);
  }

  /**
   * One company's text search (`LIKE` over trigram indexes), as the service user: under row-level
   * security Postgres may not use those indexes (`LIKE` is not leakproof, so it must run after the
   * policy) and reads every row of the company instead. The search's SQL carries its company filter.
   */
  async textSearch<T>(companyId: number, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    tenantCompanyId(companyId);
    return work(this.dataSource.manager);
  }

  /** Work as the service user, unrestricted by row-level security. */
  acrossCompanies<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The manager outside any transaction, as the service user (reads that span companies). */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** The service's DataSource and its tenant read pool (ops: the pool gauges). */
  dataSources(): DataSource[] {
    return [this.dataSource, this.readSource];
  }

  /** Closes the tenant read pool (the service's DataSource is its owner's to close). */
  async close(): Promise<void> {
    const opening = this.tenantReads;
    this.tenantReads = undefined;
    await opening?.catch(() => undefined);
    if (this.readSource.isInitialized) await this.readSource.destroy();
  }

  /** The tenant pool, opened on first use: services and tests that never read this way open none. */
  private openReads(): Promise<DataSource> {
    this.tenantReads ??= this.readSource.initialize().catch((err: unknown) => {
      this.tenantReads = undefined;
      throw err;
    });
    return this.tenantReads;
  }

  /**
   * Points the connection's session at the company, only when it was last set to another one
   * (the steady state costs no round trip). Remembered only once set; forgotten when setting
   * fails, so the next use sets it again.
   */
  private async useCompany(runner: QueryRunner, companyId: number): Promise<void> {
    const connection = (runner as { databaseConnection?: object }).databaseConnection;
    if (!connection) throw new Error('tenant read: the query runner has no connection');
    if (this.companyOf.get(connection) === companyId) return;
    this.companyOf.delete(connection);
    await runner.query(`SELECT set_config('${TENANT_SETTING}', $1, false)`, [String(companyId)]);
    this.companyOf.set(connection, companyId);
  }
}
