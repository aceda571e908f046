import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CompaniesRepository } from '../companies/companies.repository.js';
import { CompanySettingsRepository } from '../settings/company-settings.repository.js';
import type { SessionQueue } from '@sb/contracts';
import type { SessionUserSource } from './session-user.js';
import { ProfileImageUrls } from './profile-image-urls.js';
import type { User } from './user.entity.js';

/** Loads what a session user is built from: the user's company, its plan and its settings. */
@Injectable()
export class SessionUserLoader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly companies: CompaniesRepository,
    private readonly companySettings: CompanySettingsRepository,
    private readonly imageUrls: ProfileImageUrls,
  ) {}

  async load(
    user: User,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<SessionUserSource | undefined> {
    const found = await this.companies.findWithPlan(user.companyId, manager);
    if (!found) return undefined;
    const companySettings = await this.companySettings.listForCompany(user.companyId, manager);
    // names and colours come from the replica of the tickets service's queues
    const queues: SessionQueue[] = await manager.query(
      `SELECT q.id, q.name, q.color FROM user_queues uq
       JOIN queue_replica q ON q.id = uq.queue_id AND q.company_id = $2
       WHERE uq.user_id = $1 ORDER BY q.name, q.id`,
      [user.id, user.companyId],
    );
    return {
      user,
      ...found,
      companySettings,
      queues,
      profileImageUrl: this.imageUrls.url(user.profileImage),
    };
  }
}
