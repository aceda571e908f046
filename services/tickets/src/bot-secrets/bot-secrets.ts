import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '@sb/platform/nest';
import { encryptionKey, SecretBox } from '@sb/platform/secrets';

/** The key purpose of the bot secrets tickets keeps (prompt API and voice keys, Dialogflow keys). */
const BotSecretsPurpose = { salt: 'switchboard-tickets', info: 'bot-secrets/v1' } as const;

/**
 * Seals and opens the bot secrets (AES-256-GCM; SESSION_ENCRYPTION_KEY, else a key derived from
 * JWT_SECRET). The key is derived on first use, so the service boots without one and only a secret
 * save or read fails.
 */
@Injectable()
export class BotSecrets {
  private box: SecretBox | undefined;

  constructor(@Inject(ENV) private readonly env: Record<string, string | undefined>) {}

  seal(plain: string): string {
    return this.secretBox().encryptText(plain);
  }

  open(sealed: string): string {
    return this.secretBox().decryptText(sealed);
  }

  private secretBox(): SecretBox {
    this.box ??= new SecretBox(encryptionKey(this.env, BotSecretsPurpose).key);
    return this.box;
  }
}
