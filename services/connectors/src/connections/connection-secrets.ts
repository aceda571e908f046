import { SecretKeyring, secretKeyringFromEnv } from '@sb/platform/secrets';
import type { ValueTransformer } from 'typeorm';

/** The key purpose of channel secrets (Cloud API tokens, page tokens, app secrets). */
const ConnectionSecretsPurpose = { salt: 'switchboard-connectors', info: 'channel-secrets/v1' };

/** Credential fields that are secrets; ids (phoneNumberId, pageId, …) stay readable for routing. */
export const isSecretField = (name: string): boolean => /token|secret|password|key/i.test(name);

let keyring: SecretKeyring | undefined;
let keyEnv: Record<string, string | undefined> | undefined;

/**
 * The connectors keyring, built on first use from the service's environment (`configureConnection
 * Secrets`, called at boot) or the process's: a column transformer cannot be injected.
 */
export function connectionSecrets(): SecretKeyring {
  keyring ??= secretKeyringFromEnv(keyEnv ?? process.env, ConnectionSecretsPurpose);
  return keyring;
}

/** The service's environment (ENV) decides the keys; built lazily so boot never fails for it. */
export function configureConnectionSecrets(env: Record<string, string | undefined>): void {
  keyEnv = env;
  keyring = undefined;
}

/** Credentials as stored: every secret field sealed (`enc:v1:<keyId>:…`). */
export function sealCredentials(
  plain: Record<string, string>,
  ring: SecretKeyring = connectionSecrets(),
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(plain).map(([name, value]) => [
      name,
      isSecretField(name) && typeof value === 'string' && value ? ring.seal(value) : value,
    ]),
  );
}

/** Credentials in clear; plain values from rows stored before encryption read as they are. */
export function openCredentials(
  stored: Record<string, string>,
  ring: SecretKeyring = connectionSecrets(),
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(stored).map(([name, value]) => [
      name,
      typeof value === 'string' && isSecretField(name) ? ring.openOrPlain(value) : value,
    ]),
  );
}

/** Whether a stored credentials object still holds a plain secret or one sealed with an old key. */
export function needsReseal(
  stored: Record<string, string>,
  ring: SecretKeyring = connectionSecrets(),
): boolean {
  return Object.entries(stored).some(
    ([name, value]) =>
      isSecretField(name) &&
      typeof value === 'string' &&
      value !== '' &&
      SecretKeyring.keyIdOf(value) !== ring.currentId,
  );
}

/** The `credentials` column: sealed in the table, clear in the entity. */
export const credentialsTransformer: ValueTransformer = {
  to: (value: Record<string, string> | null | undefined) =>
    value && typeof value === 'object' ? sealCredentials(value) : value,
  from: (value: Record<string, string> | null) =>
    value && typeof value === 'object' ? openCredentials(value) : value,
};
