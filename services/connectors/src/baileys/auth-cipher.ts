import { encryptionKey, SecretBox, type EncryptionKeySource } from '@sb/platform/secrets';

/** AES-256-GCM for the Baileys auth state at rest (the platform's secret box). */
export { SecretBox as AuthCipher };

export type SessionKeySource = EncryptionKeySource;

/** The auth state's key (SESSION_ENCRYPTION_KEY, else derived from JWT_SECRET); see `encryptionKey`. */
export const sessionEncryptionKey = (env: Record<string, string | undefined>) =>
  encryptionKey(env, { salt: 'switchboard-connectors', info: 'whatsapp-auth-state/v1' });

let cipherEnv: Record<string, string | undefined> | undefined;
let moduleCipher: SecretBox | undefined;

/** The service's environment decides the key of `sessionCipher` (set at boot, as for channel secrets). */
export function configureSessionCipher(env: Record<string, string | undefined>): void {
  cipherEnv = env;
  moduleCipher = undefined;
}

/**
 * The auth state's cipher outside the sessions (a tenant transfer's rows), built on first use from
 * the service's environment, or the process's before boot configured it.
 */
export function sessionCipher(): SecretBox {
  moduleCipher ??= new SecretBox(sessionEncryptionKey(cipherEnv ?? process.env).key);
  return moduleCipher;
}
