import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Plan } from '../plans/plan.entity.js';
import { Company } from './company.entity.js';

export type CompanyWithPlan = { company: Company; plan: Plan };

@Injectable()
export class CompaniesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findWithPlan(
    companyId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<CompanyWithPlan | undefined> {
    const company = await manager
      .getRepository(Company)
      .findOne({ where: { id: companyId }, relations: { plan: true } });
    if (!company?.plan) return undefined;
    return { company, plan: company.plan };
  }

  async touchLastLogin(manager: EntityManager, companyId: number, at: Date): Promise<void> {
    await manager.getRepository(Company).update({ id: companyId }, { lastLogin: at });
  }
}
