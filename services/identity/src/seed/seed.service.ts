import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from '@sb/platform/logger';
import { LOGGER } from '@sb/platform/nest';
import { DataSource, type EntityManager } from 'typeorm';
import { hashPassword } from '../auth/password-hasher.js';
import { Company } from '../companies/company.entity.js';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity-config.js';
import { Plan } from '../plans/plan.entity.js';
import { CompanySetting } from '../settings/company-setting.entity.js';
import { Setting } from '../settings/setting.entity.js';
import { User } from '../users/user.entity.js';
import {
  SEED_COMPANY_ID,
  seedCompany,
  seedCompanySettings,
  seedPlan,
  seedPlatformSettings,
} from './seed-values.js';

export type SeedOutcome = { companyCreated: boolean; adminCreated: boolean };

/**
 * First start: company 1, its unlimited plan, default settings and the super admin, in one transaction.
 * A transaction-scoped advisory lock makes two instances starting together seed exactly once.
 */
@Injectable()
export class SeedService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.seed();
  }

  async seed(): Promise<SeedOutcome> {
    const admin = this.config.admin;
    // hashed before the lock is taken, so the lock is held for milliseconds
    const passwordHash = await hashPassword(admin.password);
    const outcome = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [this.lockKey()]);
      const companyCreated = !(await manager
        .getRepository(Company)
        .existsBy({ id: SEED_COMPANY_ID }));
      let adminCreated = false;
      if (companyCreated) {
        await this.createCompany(manager);
        const inserted = await manager
          .createQueryBuilder()
          .insert()
          .into(User)
          .values({
            companyId: SEED_COMPANY_ID,
            name: admin.name,
            email: admin.email,
            passwordHash,
            profile: 'admin',
            super: true,
          })
          .orIgnore()
          .returning(['id'])
          .execute();
        adminCreated = inserted.raw.length > 0;
      }
      await this.addMissingSettings(manager);
      return { companyCreated, adminCreated };
    });
    this.announce(outcome);
    return outcome;
  }

  private lockKey(): string {
    const { schema } = this.dataSource.options as { schema?: string };
    return `${schema ?? 'identity'}.seed`;
  }

  private async createCompany(manager: EntityManager): Promise<void> {
    const values = seedPlan();
    await manager.createQueryBuilder().insert().into(Plan).values(values).orIgnore().execute();
    const plan = await manager.getRepository(Plan).findOneByOrFail({ name: values.name });
    await manager.getRepository(Company).insert({ ...seedCompany(), planId: plan.id });
    // company 1 was inserted with an explicit id: move the serial past it
    const table = manager.getRepository(Company).metadata.tablePath;
    await manager.query(
      `SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${this.quoted(table)}))`,
      [table],
    );
  }

  /** Settings added by a newer version get their defaults; stored values are never overwritten. */
  private async addMissingSettings(manager: EntityManager): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(CompanySetting)
      .values(seedCompanySettings().map((row) => ({ ...row, companyId: SEED_COMPANY_ID })))
      .orIgnore()
      .execute();
    await manager
      .createQueryBuilder()
      .insert()
      .into(Setting)
      .values(seedPlatformSettings())
      .orIgnore()
      .execute();
  }

  private quoted(tablePath: string): string {
    return tablePath
      .split('.')
      .map((part) => `"${part.replaceAll('"', '""')}"`)
      .join('.');
  }

  private announce(outcome: SeedOutcome): void {
    if (!outcome.adminCreated) return;
    const { email, password, generated } = this.config.admin;
    if (generated) {
      // the only time this password exists in clear text: it is not stored and never printed again
      this.logger.warn(
        { email },
        `Super admin created. Log in as ${email} with the password ${password} ` +
          '(printed once, now: write it down and change it).',
      );
    } else {
      this.logger.info({ email }, `Super admin created: log in as ${email} (ADMIN_PASSWORD).`);
    }
  }
}
