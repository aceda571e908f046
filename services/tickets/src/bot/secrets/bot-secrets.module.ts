import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { LOGGER } from '@sb/platform/nest';
import type { Logger } from '@sb/platform/logger';
import { BotSecrets } from './bot-secrets.js';
import { BotSecretsRepository } from './bot-secrets.repository.js';

/**
 * At boot, reseals the bot secrets (prompt keys, Dialogflow keys) that are not sealed with the current
 * key: values from before the keyring, and values of a key being rotated out (docs/secrets.md).
 */
@Module({ providers: [BotSecrets, BotSecretsRepository] })
export class BotSecretsModule implements OnApplicationBootstrap {
  constructor(
    private readonly secrets: BotSecrets,
    private readonly repository: BotSecretsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.resealAll().then(
      (changed) => {
        if (changed > 0) this.logger.info({ changed }, 'bot secrets sealed with the current key');
      },
      (err: unknown) => this.logger.error({ err }, 'sealing the bot secrets failed'),
    );
  }

  /** How many stored secrets were rewritten. */
  async resealAll(): Promise<number> {
    const stale = await this.repository.notSealedWith(this.secrets.currentKeyId());
    for (const row of stale) {
      const sealed = this.secrets.reseal(row.sealed);
      if (sealed) await this.repository.rewrite(row, sealed);
    }
    return stale.length;
  }
}
