import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertValidKey } from './media-key.js';
import { StorageConfigError } from './storage.errors.js';

export type UrlSignature = {
  /** Unix time in seconds after which the signature is refused. */
  exp: number;
  /** base64url HMAC-SHA256 over the key and `exp`. */
  sig: string;
};

export type UrlSigner = {
  sign(key: string, expiresInSeconds: number): UrlSignature;
  /** `<base>/<key>?exp=…&sig=…` for a key the caller is allowed to hand out. */
  signedPath(key: string, expiresInSeconds: number): string;
  /** True only for an unexpired signature made with this secret for exactly this key. */
  verify(key: string, exp: string | number | undefined, sig: string | undefined): boolean;
};

export type UrlSignerOptions = {
  /** At least 32 characters; share it between whoever signs and the gateway that verifies. */
  secret: string;
  /** Path the gateway serves signed media under. */
  basePath?: string;
  /** Milliseconds since the epoch; injectable for tests. */
  now?: () => number;
};

const MIN_SECRET_LENGTH = 32;
const MAX_EXPIRY_SECONDS = 7 * 24 * 3600;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Signs disk-served media URLs (`/media/<key>?exp=&sig=`) so a browser can fetch a file without
 * sending its token, for a limited time and for exactly one key.
 */
export function createUrlSigner({
  secret,
  basePath = '/media',
  now = Date.now,
}: UrlSignerOptions): UrlSigner {
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) {
    throw new StorageConfigError([`url signing secret: at least ${MIN_SECRET_LENGTH} characters`]);
  }
  const base = basePath.replace(/\/+$/, '');
  const mac = (key: string, exp: number) =>
    createHmac('sha256', secret).update(`${key}\n${exp}`).digest('base64url');

  const sign = (key: string, expiresInSeconds: number): UrlSignature => {
    assertValidKey(key);
    if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1) {
      throw new RangeError('expiresInSeconds must be a positive integer');
    }
    if (expiresInSeconds > MAX_EXPIRY_SECONDS) {
      throw new RangeError(`expiresInSeconds must be at most ${MAX_EXPIRY_SECONDS} (7 days)`);
    }
    const exp = Math.floor(now() / 1000) + expiresInSeconds;
    return { exp, sig: mac(key, exp) };
  };

  return {
    sign,
    signedPath(key, expiresInSeconds) {
      const { exp, sig } = sign(key, expiresInSeconds);
      return `${base}/${key}?exp=${exp}&sig=${sig}`;
    },
    verify(key, exp, sig) {
      if (typeof sig !== 'string' || !SIGNATURE.test(sig)) return false;
      const expText = String(exp ?? '');
      if (!/^\d{1,12}$/.test(expText)) return false;
      const expSeconds = Number(expText);
      if (expSeconds * 1000 <= now()) return false;
      try {
        assertValidKey(key);
      } catch {
        return false;
      }
      const expected = Buffer.from(mac(key, expSeconds));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
