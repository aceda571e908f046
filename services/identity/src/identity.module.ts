import { Module, type DynamicModule } from '@nestjs/common';
import { RefsModule } from './refs/refs.module.js';
import { AnnouncementEntry } from './announcements/announcement.entity.js';
import { AnnouncementsModule } from './announcements/announcements.module.js';
import { ChatsModule } from './chats/chats.module.js';
import { HelpEntry } from './helps/help.entity.js';
import { HelpsModule } from './helps/helps.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CompaniesAdminModule } from './companies/companies-admin.module.js';
import { Invoice } from './invoices/invoice.entity.js';
import { PlansModule } from './plans/plans.module.js';
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
import { PasswordReset } from './password-reset/password-reset.entity.js';
import { PasswordResetModule } from './password-reset/password-reset.module.js';
import { SignupModule } from './signup/signup.module.js';

export const identityEntities = [
  Plan,
  Company,
  User,
  UserQueue,
  Session,
  RotatedToken,
  Setting,
  CompanySetting,
  Invoice,
  HelpEntry,
  AnnouncementEntry,
  PasswordReset,
];

@Module({})
export class IdentityModule {
  /** The service's root module, with its boot-time configuration available everywhere inside. */
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: IdentityModule,
      global: true,
      imports: [
        RefsModule,
        SeedModule,
        AuthModule,
        UsersModule,
        SessionsModule,
        HelpsModule,
        AnnouncementsModule,
        PlansModule,
        CompaniesAdminModule,
        SignupModule,
        PasswordResetModule,
        AuditModule,
        ChatsModule,
      ],
      providers: [{ provide: IDENTITY_CONFIG, useValue: config }],
      exports: [IDENTITY_CONFIG],
    };
  }
}
