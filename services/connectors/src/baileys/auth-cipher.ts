import { encryptionKey, SecretBox, type EncryptionKeySource } from '@sb/platform/secrets';

/** AES-256-GCM for the Baileys auth state at rest (the platform's secret box). */
export { SecretBox as AuthCipher };

export type SessionKeySource = EncryptionKeySource;

/** The auth state's key (SESSION_ENCRYPTION_KEY, else derived from JWT_SECRET); see `encryptionKey`. */
export const sessionEncryptionKey = (env: Record<string, string | undefined>) =>
  encryptionKey(env, { salt: 'switchboard-connectors', info: 'whatsapp-auth-state/v1' });
