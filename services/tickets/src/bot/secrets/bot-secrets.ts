import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '@sb/platform/nest';
import { secretKeyringFromEnv, type SecretKeyring } from '@sb/platform/secrets';

/** The key purpose of the bot secrets tickets keeps (prompt API and voice keys, Dialogflow keys). */
const BotSecretsPurpose = { salt: 'switchboard-tickets', info: 'bot-secrets/v1' } as const;

let moduleEnv: Record<string, string | undefined> | undefined;
let moduleRing: SecretKeyring | undefined;

/** The service's environment decides the keys of `botSecretsKeyring` (set when BotSecrets is made). */
export function configureBotSecrets(env: Record<string, string | undefined>): void {
  moduleEnv = env;
  moduleRing = undefined;
}

/**
 * The bot secrets' keyring outside injection (a tenant transfer's rows), built on first use from the
 * service's environment, or the process's before the service made its BotSecrets.
 */
export function botSecretsKeyring(): SecretKeyring {
  moduleRing ??= secretKeyringFromEnv(moduleEnv ?? process.env, BotSecretsPurpose);
  return moduleRing;
}

/**
 * Seals and opens the bot secrets (AES-256-GCM, `enc:v1:<keyId>:` values; SECRETS_KEYS, else
 * SESSION_ENCRYPTION_KEY, else a key derived from JWT_SECRET). Values sealed before the keyring (bare
 * base64, default key) still open. The keyring is built on first use, so the service boots without a
 * key and only a secret save or read fails.
 */
@Injectable()
export class BotSecrets {
  private ring: SecretKeyring | undefined;

  constructor(@Inject(ENV) private readonly env: Record<string, string | undefined>) {
    configureBotSecrets(env);
  }

  seal(plain: string): string {
    return this.keyring().seal(plain);
  }

  open(sealed: string): string {
    return this.keyring().open(sealed);
  }

  /** The value to store instead (sealed with the current key), undefined when it already is. */
  reseal(sealed: string): string | undefined {
    return this.keyring().reseal(sealed, 'base64');
  }

  /** The id of the key new values are sealed with. */
  currentKeyId(): string {
    return this.keyring().currentId;
  }

  private keyring(): SecretKeyring {
    this.ring ??= secretKeyringFromEnv(this.env, BotSecretsPurpose);
    return this.ring;
  }
}
