import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '@sb/platform/nest';
import { createUrlSigner, type UrlSigner } from '@sb/storage';

const DAY_SECONDS = 24 * 3600;

/**
 * Signs stored media keys as `/media/<key>?exp=&sig=` links the gateway serves. The secret is derived like
 * identity's users/profile-image-urls.ts and the gateway's media/media-signing.ts (same env, same key).
 */
@Injectable()
export class MediaUrls {
  private readonly signer: UrlSigner;

  constructor(@Inject(ENV) env: Record<string, string | undefined>) {
    const explicit = env.MEDIA_SIGNING_SECRET?.trim();
    const secret =
      explicit ||
      createHmac('sha256', env.JWT_SECRET ?? '')
        .update('switchboard-media-url-signing')
        .digest('base64url');
    this.signer = createUrlSigner({ secret });
  }

  /** A link valid 1–2 days, rounded to a day so browsers can cache it. */
  url(key: string | null): string | null {
    if (!key) return null;
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = (Math.floor(now / DAY_SECONDS) + 2) * DAY_SECONDS;
    try {
      return this.signer.signedPath(key, expiresAt - now);
    } catch {
      return null;
    }
  }
}
