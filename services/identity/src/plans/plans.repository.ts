import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Company } from '../companies/company.entity.js';
import { Plan } from './plan.entity.js';

/** Plans are platform-wide (not tenant rows): only super users change them. */
@Injectable()
export class PlansRepository {
  constructor(private readonly dataSource: DataSource) {}

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
    return this.dataSource
      .getRepository(Company)
      .findOne({ where: { id: companyId }, relations: { plan: true } });
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
}
