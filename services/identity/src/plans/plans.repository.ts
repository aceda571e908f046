import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import { DataSource, type EntityManager } from 'typeorm';
import { Company } from '../companies/company.entity.js';
import { User } from '../users/user.entity.js';
import { Plan } from './plan.entity.js';

/** Plans are platform-wide (not tenant rows): only super users change them. */
@Injectable()
export class PlansRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  list(onlyPublic: boolean): Promise<Plan[]> {
    return this.dataSource
      .getRepository(Plan)
      .find({ where: onlyPublic ? { isPublic: true } : {}, order: { amount: 'ASC', id: 'ASC' } });
  }

  findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<Plan | null> {
    return manager.getRepository(Plan).findOneBy({ id });
  }

  /** A company with its plan (null when the company does not exist). */
  findCompanyWithPlan(companyId: number): Promise<Company | null> {
    return this.transactions.read(companyId, (manager) =>
      manager
        .getRepository(Company)
        .findOne({ where: { id: companyId }, relations: { plan: true } }),
    );
  }

  nameTaken(manager: EntityManager, name: string, exceptId?: number): Promise<boolean> {
    return manager
      .getRepository(Plan)
      .createQueryBuilder('plan')
      .where('lower(plan.name) = lower(:name)', { name })
      .andWhere(exceptId ? 'plan.id <> :exceptId' : '1=1', { exceptId })
      .getExists();
  }

  companiesUsing(manager: EntityManager, planId: number): Promise<number> {
    return manager.getRepository(Company).countBy({ planId });
  }

  insert(manager: EntityManager, values: Partial<Plan>): Promise<Plan> {
    return manager.getRepository(Plan).save(values);
  }

  async update(manager: EntityManager, id: number, values: Partial<Plan>): Promise<void> {
    await manager.getRepository(Plan).update({ id }, values);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.getRepository(Plan).delete({ id });
  }

  /**
   * The company's plan, with the company row locked until the transaction ends (so two concurrent
   * user creations cannot both pass the count), and how many users the company has. Null when the
   * company or its plan does not exist.
   */
  static async lockedUserQuota(
    companyId: number,
    manager: EntityManager,
  ): Promise<{ plan: Plan; users: number } | null> {
    const company = await manager
      .getRepository(Company)
      .createQueryBuilder('company')
      .innerJoinAndSelect('company.plan', 'plan')
      .where('company.id = :companyId', { companyId })
      .setLock('pessimistic_write', undefined, ['company'])
      .getOne();
    if (!company?.plan) return null;
    const users = await manager.getRepository(User).countBy({ companyId });
    return { plan: company.plan, users };
  }
}
