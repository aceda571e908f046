import { Module } from '@nestjs/common';
import { CompanySettingsRepository } from './company-settings.repository.js';

@Module({ providers: [CompanySettingsRepository], exports: [CompanySettingsRepository] })
export class SettingsModule {}
