import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { PasswordResetHandler } from './password-reset.handler.js';
import { PasswordResetService } from './password-reset.service.js';
import { PasswordResetsRepository } from './password-resets.repository.js';

@Module({
  imports: [SessionsModule],
  providers: [PasswordResetsRepository, PasswordResetService, PasswordResetHandler],
})
export class PasswordResetModule {}
