import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { SignupHandler } from './signup.handler.js';
import { SignupRepository } from './signup.repository.js';
import { SignupService } from './signup.service.js';

@Module({ imports: [UsersModule], providers: [SignupRepository, SignupService, SignupHandler] })
export class SignupModule {}
