import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { LOGGER } from '@sb/platform/nest';
import type { Logger } from '@sb/platform/logger';
import { CompanySettingsRepository } from './company-settings.repository.js';
import { SettingsRepository } from './settings.repository.js';
import { SettingsService } from './settings.service.js';

@Module({
  providers: [CompanySettingsRepository, SettingsRepository, SettingsService],
  exports: [CompanySettingsRepository, SettingsRepository],
})
export class SettingsModule implements OnApplicationBootstrap {
  constructor(
    private readonly companySettings: CompanySettingsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Secret settings stored in clear or under a retired key are sealed with the current key. */
  onApplicationBootstrap(): void {
    this.companySettings.resealSecrets().then(
      (changed) => {
        if (changed > 0)
          this.logger.info({ changed }, 'secret settings sealed with the current key');
      },
      (err: unknown) => this.logger.error({ err }, 'sealing the secret settings failed'),
    );
  }
}
