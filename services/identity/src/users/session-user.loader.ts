import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CompaniesRepository } from '../companies/companies.repository.js';
import { CompanySettingsRepository } from '../settings/company-settings.repository.js';
import type { SessionUserSource } from './session-user.js';
import { ProfileImageUrls } from './profile-image-urls.js';
import type { User } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

/** Loads what a session user is built from: the user's company, its plan and its settings. */
@Injectable()
export class SessionUserLoader {
  constructor(
    private readonly users: UsersRepository,
    private readonly companies: CompaniesRepository,
    private readonly companySettings: CompanySettingsRepository,
    private readonly imageUrls: ProfileImageUrls,
  ) {}

  async load(user: User, manager?: EntityManager): Promise<SessionUserSource | undefined> {
    const found = await this.companies.findWithPlan(user.companyId, manager);
    if (!found) return undefined;
    const companySettings = await this.companySettings.listForCompany(user.companyId, manager);
    // names and colours come from the replica of the tickets service's queues
    const queues = await this.users.sessionQueues(user.companyId, user.id, manager);
    return {
      user,
      ...found,
      companySettings,
      queues,
      profileImageUrl: this.imageUrls.url(user.profileImage),
    };
  }
}
