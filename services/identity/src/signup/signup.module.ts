import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { SignupRepository } from './signup.repository.js';
import { SignupService } from './signup.service.js';

@Module({ imports: [UsersModule], providers: [SignupRepository, SignupService] })
export class SignupModule {}
