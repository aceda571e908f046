import { createHmac } from 'node:crypto';
import { createUrlSigner, type UrlSigner } from '@sb/storage';

/**
 * MEDIA_SIGNING_SECRET, else a key derived from JWT_SECRET. Identity signs the picture URLs it answers
 * (services/identity/src/users/profile-image-urls.ts derives the same key); the gateway verifies them.
 */
export const mediaSigningSecret = (env: Record<string, string | undefined>): string => {
  const explicit = env.MEDIA_SIGNING_SECRET?.trim();
  if (explicit) return explicit;
  return createHmac('sha256', env.JWT_SECRET ?? '')
    .update('switchboard-media-url-signing')
    .digest('base64url');
};

export const createMediaSigner = (
  env: Record<string, string | undefined>,
  now?: () => number,
): UrlSigner => createUrlSigner({ secret: mediaSigningSecret(env), now });
