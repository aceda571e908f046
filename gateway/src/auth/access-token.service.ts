import { errors, jwtVerify } from 'jose';
import { z } from 'zod';
import { PlanFlags, Profiles, type AccessTokenClaims } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { RevokedSessions } from './revoked-sessions.service.js';

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  cid: z.number().int().positive(),
  profile: z.enum(Profiles),
  super: z.boolean(),
  sid: z.string().min(1),
  lang: z.string(),
  // unknown flags from a newer identity are ignored, not fatal
  flags: z
    .array(z.string())
    .transform((flags) => flags.filter((f) => PlanFlags.includes(f as never))),
  due: z.string(),
});

export type VerifiedToken = AccessTokenClaims & { userId: number; exp?: number };

/** Verified tokens kept (a client sends the same token on every call until it refreshes). */
const CachedTokens = 10_000;

/**
 * Verifies the HS256 access tokens identity signs. Expired → 403 ERR_TOKEN_EXPIRED (the client refreshes);
 * anything else wrong, or a revoked session → 401 ERR_INVALID_TOKEN (the client logs out).
 */
export class AccessTokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature and claims were verified, by their text: a repeat skips the HMAC and the
   * parse. Expiry and revocation are still checked on every call; the oldest entry goes first when full.
   */
  private readonly verified = new Map<string, VerifiedToken>();

  constructor(
    secret: string,
    private readonly revoked: RevokedSessions,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async verify(token: string): Promise<VerifiedToken> {
    const known = this.verified.get(token);
    // jose's rule: a token expires once `exp` is not after the current second
    if (known?.exp !== undefined && known.exp > Math.floor(Date.now() / 1000)) {
      if (this.revoked.has(known.sid)) throw new AppError('ERR_INVALID_TOKEN');
      return { ...known };
    }
    const verified = await this.verifyNow(token);
    if (verified.exp !== undefined) {
      this.verified.delete(token);
      if (this.verified.size >= CachedTokens) {
        const oldest = this.verified.keys().next();
        if (!oldest.done) this.verified.delete(oldest.value);
      }
      this.verified.set(token, verified);
    }
    return { ...verified };
  }

  private async verifyNow(token: string): Promise<VerifiedToken> {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] }));
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new AppError('ERR_TOKEN_EXPIRED');
      throw new AppError('ERR_INVALID_TOKEN');
    }
    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success) throw new AppError('ERR_INVALID_TOKEN');
    const claims = parsed.data as AccessTokenClaims;
    if (this.revoked.has(claims.sid)) throw new AppError('ERR_INVALID_TOKEN');
    const exp = (payload as { exp?: unknown }).exp;
    return { ...claims, userId: Number(claims.sub), ...(typeof exp === 'number' ? { exp } : {}) };
  }
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export const bearerToken = (header: string | undefined): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
};
