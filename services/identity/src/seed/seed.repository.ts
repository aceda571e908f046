import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Company } from '../companies/company.entity.js';
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

export type SeedAdmin = Pick<User, 'name' | 'email' | 'passwordHash'>;

/** The first start's rows: company 1, its plan and the default settings (the super admin: UserCreation). */
@Injectable()
export class SeedRepository {
  /** Until the transaction ends, other instances seeding the same schema wait here. */
  async lock(manager: EntityManager): Promise<void> {
    const { schema } = manager.connection.options as { schema?: string };
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
      `${schema ?? 'identity'}.seed`,
    ]);
  }

  companyExists(manager: EntityManager): Promise<boolean> {
    return manager.getRepository(Company).existsBy({ id: SEED_COMPANY_ID });
  }

  /** Company 1 on its plan (the plan is kept when it exists already). */
  async insertCompany(manager: EntityManager): Promise<void> {
    const values = seedPlan();
    await manager.createQueryBuilder().insert().into(Plan).values(values).orIgnore().execute();
    const plan = await manager.getRepository(Plan).findOneByOrFail({ name: values.name });
    await manager.getRepository(Company).insert({ ...seedCompany(), planId: plan.id });
    // company 1 was inserted with an explicit id: move the serial past it
    const table = manager.getRepository(Company).metadata.tablePath;
    await manager.query(
      `SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${quoted(table)}))`,
      [table],
    );
  }

  /** Whether a user has this email already (the super admin is then not created). */
  emailTaken(manager: EntityManager, email: string): Promise<boolean> {
    return manager.getRepository(User).existsBy({ email });
  }

  /** Settings added by a newer version get their defaults; stored values are never overwritten. */
  async addMissingSettings(manager: EntityManager): Promise<void> {
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
}

const quoted = (tablePath: string): string =>
  tablePath
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');
