import { Module } from '@nestjs/common';
import { AccountThrottles } from './account-throttles.repository.js';

/** Per-account limits shared by login and password reset. */
@Module({ providers: [AccountThrottles], exports: [AccountThrottles] })
export class AccountThrottleModule {}
