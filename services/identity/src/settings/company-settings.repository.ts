import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CompanySetting } from './company-setting.entity.js';

@Injectable()
export class CompanySettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async listForCompany(
    companyId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ key: string; value: string }[]> {
    return manager.getRepository(CompanySetting).find({
      select: { key: true, value: true },
      where: { companyId },
      order: { key: 'ASC' },
    });
  }

  /** Inserts or replaces one key of one company ((company_id, key) is unique). */
  async upsert(
    manager: EntityManager,
    companyId: number,
    key: string,
    value: string,
  ): Promise<void> {
    await manager
      .getRepository(CompanySetting)
      .upsert({ companyId, key, value }, { conflictPaths: ['companyId', 'key'] });
  }
}
