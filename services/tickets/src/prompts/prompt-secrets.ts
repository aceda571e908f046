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
  private readonly box: SecretBox;

  constructor(@Inject(ENV) env: Record<string, string | undefined>) {
    this.box = new SecretBox(encryptionKey(env, BotSecretsPurpose).key);
  }

  seal(plain: string): string {
    return this.box.encryptText(plain);
  }

  open(sealed: string): string {
    return this.box.decryptText(sealed);
  }
}
