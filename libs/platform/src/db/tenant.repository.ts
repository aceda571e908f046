import type { ErrorCode } from '@sb/contracts';
import type {
  DeepPartial,
  EntityManager,
  FindManyOptions,
  FindOneOptions,
  FindOptionsWhere,
  Repository,
} from 'typeorm';
import { AppError } from '../errors/app-error.js';
import { tenantScope } from './tenant-scope.js';
import type { Transactions } from './transactions.js';

export type TenantWhere<T> = FindOptionsWhere<T> | FindOptionsWhere<T>[];
export type TenantFindOptions<T> = Omit<FindManyOptions<T>, 'where'> & { where?: TenantWhere<T> };
export type TenantFindOneOptions<T> = Omit<FindOneOptions<T>, 'where'> & { where?: TenantWhere<T> };

/**
 * Base of every repository of tenant data: each method takes `companyId` first and adds it to the
 * where clause, so a query without a tenant does not compile. Reads run in the company's row-level
 * security scope (`Transactions.read`). Pass a transaction's manager as the last argument to work
 * inside it (e.g. together with `Outbox.add`).
 */
export abstract class TenantRepository<T extends { companyId: number }> {
  /** the catalogue code answered when a row is not found in the tenant */
  protected abstract readonly notFoundCode: ErrorCode;

  protected constructor(
    protected readonly repository: Repository<T>,
    protected readonly transactions: Transactions,
  ) {}

  find(
    companyId: number,
    options: TenantFindOptions<T> = {},
    manager?: EntityManager,
  ): Promise<T[]> {
    return this.read(companyId, manager, (repo) =>
      repo.find({ ...options, where: this.scoped(companyId, options.where) } as FindManyOptions<T>),
    );
  }

  findOne(
    companyId: number,
    where: TenantWhere<T>,
    options: TenantFindOneOptions<T> = {},
    manager?: EntityManager,
  ): Promise<T | null> {
    return this.read(companyId, manager, (repo) =>
      repo.findOne({ ...options, where: this.scoped(companyId, where) } as FindOneOptions<T>),
    );
  }

  async findOneOrFail(
    companyId: number,
    where: TenantWhere<T>,
    options: TenantFindOneOptions<T> = {},
    manager?: EntityManager,
  ): Promise<T> {
    const found = await this.findOne(companyId, where, options, manager);
    if (!found) throw new AppError(this.notFoundCode);
    return found;
  }

  count(companyId: number, where?: TenantWhere<T>, manager?: EntityManager): Promise<number> {
    return this.read(companyId, manager, (repo) =>
      repo.count({ where: this.scoped(companyId, where) } as FindManyOptions<T>),
    );
  }

  /**
   * Inserts or updates a row of the tenant. An id that exists in another tenant is answered as
   * not found rather than overwritten.
   */
  async save(companyId: number, entity: DeepPartial<T>, manager?: EntityManager): Promise<T> {
    const repo = this.repo(manager);
    const ids = repo.metadata.getEntityIdMap(entity);
    if (ids) {
      const anywhere = await repo.count({ where: ids as FindOptionsWhere<T> });
      const here =
        anywhere === 0
          ? 0
          : await repo.count({
              where: this.scoped(companyId, ids as FindOptionsWhere<T>),
            } as FindManyOptions<T>);
      if (anywhere > 0 && here === 0) throw new AppError(this.notFoundCode);
    }
    return repo.save({ ...entity, companyId } as DeepPartial<T>) as Promise<T>;
  }

  /** Deletes the tenant's rows matching `where`; answers how many went. */
  async delete(
    companyId: number,
    where: FindOptionsWhere<T>,
    manager?: EntityManager,
  ): Promise<number> {
    const result = await this.repo(manager).delete(
      this.scoped(companyId, where) as FindOptionsWhere<T>,
    );
    return result.affected ?? 0;
  }

  /**
   * A transaction in the company's row-level security scope: pass its manager to this repository's
   * methods (and the outbox); even a query that forgot the company sees only this company's rows.
   */
  transaction<R>(companyId: number, work: (manager: EntityManager) => Promise<R>): Promise<R> {
    return tenantScope(this.repository.manager.connection, companyId, work);
  }

  /** A read of the company: in the given transaction, else on the tenant read pool. */
  protected read<R>(
    companyId: number,
    manager: EntityManager | undefined,
    work: (repo: Repository<T>) => Promise<R>,
  ): Promise<R> {
    return this.transactions.read(
      companyId,
      (m) => work(m.getRepository<T>(this.repository.target)),
      manager,
    );
  }

  /** The same repository, bound to a transaction's manager when given. */
  protected repo(manager?: EntityManager): Repository<T> {
    return manager ? manager.getRepository<T>(this.repository.target) : this.repository;
  }

  /** `where` with the tenant added to every alternative (it overrides any companyId given). */
  protected scoped(companyId: number, where?: TenantWhere<T>): TenantWhere<T> {
    const withTenant = (w: FindOptionsWhere<T>) => ({ ...w, companyId }) as FindOptionsWhere<T>;
    if (Array.isArray(where)) return where.length ? where.map(withTenant) : [withTenant({})];
    return withTenant(where ?? {});
  }
}
