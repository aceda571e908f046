import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '@sb/platform/nest';
import { createMediaSigner, dailySignedPath, type UrlSigner } from '@sb/storage';

/**
 * Turns a stored profile-image key into a signed `/media/<key>?exp=&sig=` path. The expiry is rounded to
 * a day boundary (1–2 days ahead) so the same picture keeps the same URL for a day and browsers cache it.
 */
@Injectable()
export class ProfileImageUrls {
  private readonly signer: UrlSigner;

  constructor(@Inject(ENV) env: Record<string, string | undefined>) {
    this.signer = createMediaSigner(env);
  }

  url(key: string | null): string | null {
    // pictures stored by an older release as full URLs are passed through untouched
    if (key && /^https?:\/\//.test(key)) return key;
    return dailySignedPath(this.signer, key);
  }
}
