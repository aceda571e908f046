import { Inject, Injectable } from '@nestjs/common';
import { maskSecret } from '@sb/contracts';
import { ENV } from '@sb/platform/nest';
import { encryptionKey, SecretBox } from '@sb/platform/secrets';

/** The key purpose of the bot secrets (prompt API and voice keys) kept by tickets. */
export const BotSecretsPurpose = { salt: 'switchboard-tickets', info: 'bot-secrets/v1' } as const;

/**
 * What to store for a secret field of a save: a new value replaces the stored one; an omitted or empty
 * value, or the masked form the API answered, keeps it. Pure, so the rule has its own unit test.
 */
export const nextSecret = (
  sent: string | undefined,
  stored: string | null,
): { keep: true } | { keep: false; value: string } => {
  const value = sent?.trim() ?? '';
  if (!value) return { keep: true };
  if (stored !== null && value === maskSecret(stored)) return { keep: true };
  return { keep: false, value };
};

/** Seals and opens prompt secrets (AES-256-GCM, SESSION_ENCRYPTION_KEY or a key derived from JWT_SECRET). */
@Injectable()
export class PromptSecrets {
  private box: SecretBox | undefined;

  constructor(@Inject(ENV) private readonly env: Record<string, string | undefined>) {}

  seal(plain: string): string {
    return this.secretBox().encryptText(plain);
  }

  open(sealed: string): string {
    return this.secretBox().decryptText(sealed);
  }

  /** The key is read on first use: a service that never stores a secret needs no key set. */
  private secretBox(): SecretBox {
    this.box ??= new SecretBox(encryptionKey(this.env, BotSecretsPurpose).key);
    return this.box;
  }
}
