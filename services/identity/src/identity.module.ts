import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule } from './auth/auth.module.js';
import { Company } from './companies/company.entity.js';
import { IDENTITY_CONFIG, type IdentityConfig } from './identity-config.js';
import { Plan } from './plans/plan.entity.js';
import { SeedModule } from './seed/seed.module.js';
import { RotatedToken } from './sessions/rotated-token.entity.js';
import { Session } from './sessions/session.entity.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { CompanySetting } from './settings/company-setting.entity.js';
import { Setting } from './settings/setting.entity.js';
import { UserQueue } from './users/user-queue.entity.js';
import { User } from './users/user.entity.js';
import { UsersModule } from './users/users.module.js';

export const identityEntities = [
  Plan,
  Company,
  User,
  UserQueue,
  Session,
  RotatedToken,
  Setting,
  CompanySetting,
];

@Module({})
export class IdentityModule {
  /** The service's root module, with its boot-time configuration available everywhere inside. */
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: IdentityModule,
      global: true,
      imports: [SeedModule, AuthModule, UsersModule, SessionsModule],
      providers: [{ provide: IDENTITY_CONFIG, useValue: config }],
      exports: [IDENTITY_CONFIG],
    };
  }
}
