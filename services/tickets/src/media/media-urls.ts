import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '@sb/platform/nest';
import { createMediaSigner, dailySignedPath, type UrlSigner } from '@sb/storage';

/**
 * Signs stored media keys as `/media/<key>?exp=&sig=` links the gateway serves, with the media signing
 * secret the gateway verifies with.
 */
@Injectable()
export class MediaUrls {
  private readonly signer: UrlSigner;

  constructor(@Inject(ENV) env: Record<string, string | undefined>) {
    this.signer = createMediaSigner(env);
  }

  /** A link valid 1–2 days, rounded to a day so browsers can cache it. */
  url(key: string | null): string | null {
    return dailySignedPath(this.signer, key);
  }
}
