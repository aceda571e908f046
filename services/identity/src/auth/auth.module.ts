import { Module } from '@nestjs/common';
import { AccountThrottleModule } from '../account-throttle/account-throttle.module.js';
import { CompaniesModule } from '../companies/companies.module.js';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity-config.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { CompanyFencesRepository } from '../tenant/company-fences.repository.js';
import { AccessTokenSigner } from './access-token.js';
import { AuthService } from './auth.service.js';

@Module({
  imports: [CompaniesModule, UsersModule, SessionsModule, AccountThrottleModule],
  providers: [
    {
      provide: AccessTokenSigner,
      inject: [IDENTITY_CONFIG],
      useFactory: (config: IdentityConfig) =>
        new AccessTokenSigner(config.jwtSecret, config.accessTokenTtlSeconds),
    },
    AuthService,
    // read-only here: login and refresh refuse a fenced company's users
    CompanyFencesRepository,
  ],
})
export class AuthModule {}
