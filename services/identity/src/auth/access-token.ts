import type { AccessTokenClaims } from '@sb/contracts';
import { SignJWT } from 'jose';

export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** Reads ACCESS_TOKEN_TTL: plain seconds ('900') or a number with a unit ('15m', '1h'). */
export const parseTtlSeconds = (value: string | undefined): number | undefined => {
  if (value === undefined || value.trim() === '') return DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2] || 's']!;
  return seconds > 0 ? seconds : undefined;
};

export type SignedAccessToken = { token: string; expiresAt: Date };

/** Signs the HS256 access tokens the gateway verifies with the same JWT_SECRET. */
export class AccessTokenSigner {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: AccessTokenClaims, now = new Date()): Promise<SignedAccessToken> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = issuedAt + this.ttlSeconds;
    const { sub, ...rest } = claims;
    const token = await new SignJWT({ ...rest })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt: new Date(expiresAt * 1000) };
  }
}
