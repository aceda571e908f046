import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '@sb/platform/nest';
import { createUrlSigner, type UrlSigner } from '@sb/storage';

const DAY_SECONDS = 24 * 3600;

/**
 * The media signing secret: MEDIA_SIGNING_SECRET, else a key derived from JWT_SECRET (both identity and
 * the gateway have it; the derivation keeps a leaked media URL from revealing anything about the JWT key).
 * The gateway's media/media-signing.ts derives the same way.
 */
export const mediaSigningSecret = (env: Record<string, string | undefined>): string => {
  const explicit = env.MEDIA_SIGNING_SECRET?.trim();
  if (explicit) return explicit;
  const jwtSecret = env.JWT_SECRET ?? '';
  return createHmac('sha256', jwtSecret)
    .update('switchboard-media-url-signing')
    .digest('base64url');
};

/**
 * Turns a stored profile-image key into a signed `/media/<key>?exp=&sig=` path. The expiry is rounded to
 * a day boundary (1–2 days ahead) so the same picture keeps the same URL for a day and browsers cache it.
 */
@Injectable()
export class ProfileImageUrls {
  private readonly signer: UrlSigner;

  constructor(@Inject(ENV) env: Record<string, string | undefined>) {
    this.signer = createUrlSigner({ secret: mediaSigningSecret(env) });
  }

  url(key: string | null): string | null {
    if (!key) return null;
    // pictures stored by an older release as full URLs are passed through untouched
    if (/^https?:\/\//.test(key)) return key;
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = (Math.floor(now / DAY_SECONDS) + 2) * DAY_SECONDS;
    try {
      return this.signer.signedPath(key, expiresAt - now);
    } catch {
      return null;
    }
  }
}
