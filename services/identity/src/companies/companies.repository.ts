import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import {
  DataSource,
  type DeepPartial,
  type EntityManager,
  type QueryDeepPartialEntity,
} from 'typeorm';
import { seedCompanySettings } from '../seed/seed-values.js';
import { CompanySetting } from '../settings/company-setting.entity.js';
import { User } from '../users/user.entity.js';
import type { Plan } from '../plans/plan.entity.js';
import { Company } from './company.entity.js';

export type CompanyWithPlan = { company: Company; plan: Plan };

@Injectable()
export class CompaniesRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  async findWithPlan(
    companyId: number,
    within?: EntityManager,
  ): Promise<CompanyWithPlan | undefined> {
    return this.transactions.read(
      companyId,
      async (manager) => {
        const company = await manager
          .getRepository(Company)
          .findOne({ where: { id: companyId }, relations: { plan: true } });
        if (!company?.plan) return undefined;
        return { company, plan: company.plan };
      },
      within,
    );
  }

  async touchLastLogin(manager: EntityManager, companyId: number, at: Date): Promise<void> {
    await manager.getRepository(Company).update({ id: companyId }, { lastLogin: at });
  }

  /** One page of companies by name, searching name, email, phone and document. */
  async page(
    search: string,
    offset: number,
    limit: number,
  ): Promise<{ companies: Company[]; count: number }> {
    const query = this.dataSource
      .getRepository(Company)
      .createQueryBuilder('company')
      .leftJoinAndSelect('company.plan', 'plan')
      .orderBy('company.name', 'ASC')
      .addOrderBy('company.id', 'ASC')
      .skip(offset)
      .take(limit);
    if (search) {
      query.where(
        `(company.name ILIKE :term OR company.email ILIKE :term OR company.phone ILIKE :term
          OR company.document ILIKE :term)`,
        { term: `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` },
      );
    }
    const [companies, count] = await query.getManyAndCount();
    return { companies, count };
  }

  listAll(): Promise<Company[]> {
    return this.dataSource
      .getRepository(Company)
      .find({ relations: { plan: true }, order: { name: 'ASC', id: 'ASC' } });
  }

  findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<Company | null> {
    return manager.getRepository(Company).findOne({ where: { id }, relations: { plan: true } });
  }

  nameTaken(manager: EntityManager, name: string, exceptId?: number): Promise<boolean> {
    return manager
      .getRepository(Company)
      .createQueryBuilder('company')
      .where('lower(company.name) = lower(:name)', { name })
      .andWhere(exceptId ? 'company.id <> :exceptId' : '1=1', { exceptId })
      .getExists();
  }

  /** Emails are unique platform-wide. */
  emailTaken(manager: EntityManager, email: string): Promise<boolean> {
    return manager.getRepository(User).existsBy({ email });
  }

  insert(manager: EntityManager, values: DeepPartial<Company>): Promise<Company> {
    return manager.getRepository(Company).save(values);
  }

  /** A new company's default settings. */
  async insertSettings(manager: EntityManager, companyId: number): Promise<void> {
    await manager
      .getRepository(CompanySetting)
      .insert(seedCompanySettings().map((row) => ({ ...row, companyId })));
  }

  async update(
    manager: EntityManager,
    id: number,
    values: QueryDeepPartialEntity<Company>,
  ): Promise<void> {
    await manager.getRepository(Company).update({ id }, values);
  }

  async setUserPassword(
    manager: EntityManager,
    userId: number,
    passwordHash: string,
  ): Promise<void> {
    await manager.getRepository(User).update({ id: userId }, { passwordHash });
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.getRepository(Company).delete({ id });
  }

  /** Users per company, for the attendants column. */
  async usersCount(
    ids: number[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await manager
      .getRepository(User)
      .createQueryBuilder('user')
      .select('user.companyId', 'companyId')
      .addSelect('count(*)::int', 'count')
      .where('user.companyId IN (:...ids)', { ids })
      .groupBy('user.companyId')
      .getRawMany<{ companyId: number; count: number }>();
    return new Map(rows.map((row) => [Number(row.companyId), Number(row.count)]));
  }

  /** The company's first admin: the user its creation made, whose password the company form sets. */
  firstAdmin(manager: EntityManager, companyId: number): Promise<User | null> {
    return manager
      .getRepository(User)
      .findOne({ where: { companyId, profile: 'admin' }, order: { id: 'ASC' } });
  }
}
