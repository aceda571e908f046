import { createHmac } from 'node:crypto';
import { createUrlSigner, type UrlSigner } from './url-signer.js';

const DaySeconds = 24 * 3600;

/**
 * The media signing secret: MEDIA_SIGNING_SECRET, else a key derived from JWT_SECRET. The services sign
 * the media links they answer with it and the gateway verifies them; the derivation keeps a leaked media
 * URL from revealing anything about the JWT key.
 */
export const mediaSigningSecret = (env: Record<string, string | undefined>): string => {
  const explicit = env.MEDIA_SIGNING_SECRET?.trim();
  if (explicit) return explicit;
  return createHmac('sha256', env.JWT_SECRET ?? '')
    .update('switchboard-media-url-signing')
    .digest('base64url');
};

/** The signer of `/media/<key>?exp=&sig=` links with the media signing secret. */
export const createMediaSigner = (
  env: Record<string, string | undefined>,
  now?: () => number,
): UrlSigner => createUrlSigner({ secret: mediaSigningSecret(env), now });

/**
 * A stored key's link valid 1–2 days, its expiry rounded to a day boundary so the same file keeps the
 * same URL for a day and browsers cache it; null for no key or one the signer refuses.
 */
export const dailySignedPath = (signer: UrlSigner, key: string | null): string | null => {
  if (!key) return null;
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = (Math.floor(now / DaySeconds) + 2) * DaySeconds;
  try {
    return signer.signedPath(key, expiresAt - now);
  } catch {
    return null;
  }
};
