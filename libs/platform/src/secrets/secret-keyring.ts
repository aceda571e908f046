import { encryptionKey, SecretBox, type KeyPurpose } from './secret-box.js';

/** Stored secrets start with this, then `<keyId>:<base64 of iv ‖ tag ‖ ciphertext>`. */
export const SealedPrefix = 'enc:v1:';

/** The id of the install's default key (SESSION_ENCRYPTION_KEY, else derived from JWT_SECRET). */
export const DefaultKeyId = '0';

const KeyIdPattern = /^[A-Za-z0-9_-]{1,32}$/;

export type KeyringKey = { id: string; key: Buffer };

/**
 * Several keys for secrets at rest: seals with the current one (the first), opens with any known one,
 * so keys rotate without a flag day. Values stored before the prefix existed open too: bare base64
 * sealed with the default key, or plain text (rows older than encryption), which `reseal` upgrades.
 */
export class SecretKeyring {
  private readonly boxes = new Map<string, SecretBox>();
  readonly currentId: string;

  constructor(keys: KeyringKey[]) {
    if (keys.length === 0) throw new Error('a keyring needs at least one key');
    for (const { id, key } of keys) {
      if (!KeyIdPattern.test(id)) throw new Error(`invalid secret key id "${id}"`);
      if (!this.boxes.has(id)) this.boxes.set(id, new SecretBox(key));
    }
    this.currentId = keys[0]!.id;
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(SealedPrefix);
  }

  /** The id of the key a stored value was sealed with, undefined for a legacy or plain value. */
  static keyIdOf(stored: string): string | undefined {
    if (!SecretKeyring.isSealed(stored)) return undefined;
    const rest = stored.slice(SealedPrefix.length);
    const colon = rest.indexOf(':');
    return colon > 0 ? rest.slice(0, colon) : undefined;
  }

  seal(plain: string): string {
    const box = this.boxes.get(this.currentId)!;
    return `${SealedPrefix}${this.currentId}:${box.encryptText(plain)}`;
  }

  /** Opens a value sealed by this keyring or by the pre-keyring box (bare base64, default key). */
  open(stored: string): string {
    const keyId = SecretKeyring.keyIdOf(stored);
    if (keyId === undefined) {
      if (SecretKeyring.isSealed(stored)) throw new Error('malformed sealed secret');
      const legacy = this.boxes.get(DefaultKeyId);
      if (!legacy) throw new Error('a legacy secret needs the default key');
      return legacy.decryptText(stored);
    }
    const box = this.boxes.get(keyId);
    if (!box) throw new Error(`unknown secret key id "${keyId}"`);
    return box.decryptText(stored.slice(SealedPrefix.length + keyId.length + 1));
  }

  /** For columns that held plain text before encryption: a value without the prefix is that text. */
  openOrPlain(stored: string): string {
    return SecretKeyring.isSealed(stored) ? this.open(stored) : stored;
  }

  /**
   * The value to store instead, or undefined when it is already sealed with the current key. `legacy`
   * says what an unprefixed value is: plain text, or bare base64 from the pre-keyring box.
   */
  reseal(stored: string, legacy: 'plain' | 'base64'): string | undefined {
    if (SecretKeyring.keyIdOf(stored) === this.currentId) return undefined;
    const plain =
      SecretKeyring.isSealed(stored) || legacy === 'base64' ? this.open(stored) : stored;
    return this.seal(plain);
  }
}

/**
 * The keyring from the environment. `SECRETS_KEYS` lists `<id>:<key>` pairs, comma separated, current
 * first (a key is 64 hex chars, 32 base64 bytes, or any text derived through HKDF). The install's
 * default key (SESSION_ENCRYPTION_KEY, else JWT_SECRET) always opens as id "0", and seals when
 * SECRETS_KEYS is unset, so a default install encrypts without configuration.
 */
export function secretKeyringFromEnv(
  env: Record<string, string | undefined>,
  purpose: KeyPurpose,
): SecretKeyring {
  const keys: KeyringKey[] = [];
  for (const entry of (env.SECRETS_KEYS ?? '').split(',')) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const colon = trimmed.indexOf(':');
    if (colon <= 0) throw new Error('SECRETS_KEYS entries are <id>:<key>');
    const id = trimmed.slice(0, colon);
    if (id === DefaultKeyId) throw new Error('SECRETS_KEYS ids must not be "0" (the default key)');
    const secret = trimmed.slice(colon + 1);
    keys.push({ id, key: encryptionKey({ SESSION_ENCRYPTION_KEY: secret }, purpose).key });
  }
  if (env.SESSION_ENCRYPTION_KEY?.trim() || env.JWT_SECRET) {
    keys.push({ id: DefaultKeyId, key: encryptionKey(env, purpose).key });
  }
  return new SecretKeyring(keys);
}
