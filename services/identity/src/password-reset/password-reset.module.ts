import { Module } from '@nestjs/common';
import { AccountThrottleModule } from '../account-throttle/account-throttle.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { PasswordResetService } from './password-reset.service.js';
import { PasswordResetsRepository } from './password-resets.repository.js';

@Module({
  imports: [SessionsModule, AccountThrottleModule],
  providers: [PasswordResetsRepository, PasswordResetService],
})
export class PasswordResetModule {}
