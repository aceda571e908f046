import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for secrets at rest (WhatsApp auth state, bot API keys): iv ‖ tag ‖ ciphertext, as bytes
 * or as base64 text for a text column. A tampered value or another key fails to open.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the encryption key must be 32 bytes');
  }

  encrypt(plain: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  decrypt(sealed: Buffer): string {
    const iv = sealed.subarray(0, IV_BYTES);
    const tag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }

  encryptText(plain: string): string {
    return this.encrypt(plain).toString('base64');
  }

  decryptText(sealed: string): string {
    return this.decrypt(Buffer.from(sealed, 'base64'));
  }
}

export type EncryptionKeySource = 'SESSION_ENCRYPTION_KEY' | 'JWT_SECRET';

/** What a key is for: HKDF salt and info, so each use derives a key of its own. */
export type KeyPurpose = { salt: string; info: string };

/**
 * The key comes from SESSION_ENCRYPTION_KEY (64 hex chars or 32 base64 bytes are used as they are, any
 * other text through HKDF). Without it, a key is derived from JWT_SECRET with HKDF-SHA256 so a default
 * install still encrypts; the caller logs which source was used.
 */
export function encryptionKey(
  env: Record<string, string | undefined>,
  purpose: KeyPurpose,
): { key: Buffer; source: EncryptionKeySource } {
  const explicit = env.SESSION_ENCRYPTION_KEY?.trim();
  if (explicit) {
    if (/^[0-9a-f]{64}$/i.test(explicit)) {
      return { key: Buffer.from(explicit, 'hex'), source: 'SESSION_ENCRYPTION_KEY' };
    }
    const base64 = Buffer.from(explicit, 'base64');
    if (base64.length === 32 && /^[A-Za-z0-9+/]+=*$/.test(explicit)) {
      return { key: base64, source: 'SESSION_ENCRYPTION_KEY' };
    }
    return { key: derive(explicit, purpose), source: 'SESSION_ENCRYPTION_KEY' };
  }
  const jwtSecret = env.JWT_SECRET;
  if (!jwtSecret) throw new Error('SESSION_ENCRYPTION_KEY or JWT_SECRET must be set');
  return { key: derive(jwtSecret, purpose), source: 'JWT_SECRET' };
}

const derive = (secret: string, { salt, info }: KeyPurpose): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, salt, info, 32));
