import type { DataSource, EntityManager } from 'typeorm';
import { tenantScope } from './tenant-scope.js';

/**
 * How services open transactions without holding the DataSource (SQL stays in repositories):
 * `inTenant` for one company's work, under its row-level security scope, and `acrossCompanies`,
 * named for what it is, for work that spans companies or comes before one is known (sign-up, login,
 * pollers picking due work, super-admin screens).
 */
export class Transactions {
  constructor(private readonly dataSource: DataSource) {}

  /** One company's work: every statement runs as the tenant role and sees only its rows. */
  inTenant<T>(companyId: number, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return tenantScope(this.dataSource, companyId, work);
  }

  /** Work as the service user, unrestricted by row-level security. */
  acrossCompanies<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The manager outside any transaction (what repositories default to). */
  get manager(): EntityManager {
    return this.dataSource.manager;
  }
}
