import { Module } from '@nestjs/common';
import { CompanySettingsRepository } from './company-settings.repository.js';
import { SettingsHandler } from './settings.handler.js';
import { SettingsRepository } from './settings.repository.js';
import { SettingsService } from './settings.service.js';

@Module({
  providers: [CompanySettingsRepository, SettingsRepository, SettingsService, SettingsHandler],
  exports: [CompanySettingsRepository, SettingsRepository],
})
export class SettingsModule {}
