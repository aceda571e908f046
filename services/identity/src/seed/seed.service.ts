import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from '@sb/platform/logger';
import { LOGGER } from '@sb/platform/nest';
import { Transactions } from '@sb/platform/db';
import { hashPassword } from '../auth/password-hasher.js';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity-config.js';
import { UserCreation } from '../users/user-creation.js';
import { SEED_COMPANY_ID } from './seed-values.js';
import { SeedRepository } from './seed.repository.js';

export type SeedOutcome = { companyCreated: boolean; adminCreated: boolean };

/**
 * First start: company 1, its unlimited plan, default settings and the super admin, in one transaction.
 * A transaction-scoped advisory lock makes two instances starting together seed exactly once.
 */
@Injectable()
export class SeedService implements OnModuleInit {
  constructor(
    private readonly transactions: Transactions,
    private readonly rows: SeedRepository,
    private readonly creation: UserCreation,
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
    const outcome = await this.transactions.acrossCompanies(async (manager) => {
      await this.rows.lock(manager);
      const companyCreated = !(await this.rows.companyExists(manager));
      let adminCreated = false;
      if (companyCreated) {
        await this.rows.insertCompany(manager);
        adminCreated = !(await this.rows.emailTaken(manager, admin.email));
        if (adminCreated) {
          await this.creation.create(manager, SEED_COMPANY_ID, {
            name: admin.name,
            email: admin.email,
            passwordHash,
            profile: 'admin',
            super: true,
          });
        }
      }
      await this.rows.addMissingSettings(manager);
      return { companyCreated, adminCreated };
    });
    this.announce(outcome);
    return outcome;
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
