import { Injectable } from '@nestjs/common';
import {
  CompanySettingKeys,
  SettingDefaults,
  resolveSettings,
  type SettingValues,
} from '@sb/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { Company } from '../companies/company.entity.js';
import { Plan } from '../plans/plan.entity.js';
import { CompanySetting } from '../settings/company-setting.entity.js';
import { Setting } from '../settings/setting.entity.js';
import { User } from '../users/user.entity.js';

/** The writes of a signup: a company and its default settings (its admin: UserCreation). */
@Injectable()
export class SignupRepository {
  constructor(private readonly dataSource: DataSource) {}

  async platformSettings(): Promise<SettingValues> {
    return resolveSettings(await this.dataSource.getRepository(Setting).find());
  }

  async findPlan(id: number): Promise<Plan | null> {
    return this.dataSource.getRepository(Plan).findOneBy({ id });
  }

  async companyNameTaken(manager: EntityManager, name: string): Promise<boolean> {
    return manager
      .getRepository(Company)
      .createQueryBuilder('c')
      .where('lower(c.name) = lower(:name)', { name })
      .getExists();
  }

  async emailTaken(manager: EntityManager, email: string): Promise<boolean> {
    return manager.getRepository(User).existsBy({ email });
  }

  async insertCompany(
    manager: EntityManager,
    company: Pick<Company, 'name' | 'email' | 'phone' | 'dueDate' | 'recurrence' | 'planId'>,
  ): Promise<Company> {
    const repository = manager.getRepository(Company);
    const saved = await repository.save(repository.create({ ...company, status: true }));
    return repository.findOneOrFail({ where: { id: saved.id }, relations: { plan: true } });
  }

  async insertDefaultSettings(manager: EntityManager, companyId: number): Promise<void> {
    await manager
      .getRepository(CompanySetting)
      .insert(CompanySettingKeys.map((key) => ({ companyId, key, value: SettingDefaults[key] })));
  }
}
