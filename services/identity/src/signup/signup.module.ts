import { Module } from '@nestjs/common';
import { SignupHandler } from './signup.handler.js';
import { SignupRepository } from './signup.repository.js';
import { SignupService } from './signup.service.js';

@Module({ providers: [SignupRepository, SignupService, SignupHandler] })
export class SignupModule {}
