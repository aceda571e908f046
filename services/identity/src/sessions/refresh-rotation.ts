/** Where a presented refresh token was found. */
export type RefreshTokenLookup =
  | { kind: 'unknown' }
  | { kind: 'current'; revokedAt: Date | null; expiresAt: Date }
  /** `latest`: the token the session's current one replaced (no later one was rotated away) */
  | { kind: 'rotated'; revokedAt: Date | null; expiresAt: Date; rotatedAt: Date; latest: boolean };

/**
 * How long the token just rotated away still rotates instead of revoking the session. A browser that
 * reloads (or closes a tab) while its refresh is answered drops the answer with the new cookie, and its
 * next page load presents the token the server already rotated: that is not a theft. Older tokens,
 * and the latest one after this, still revoke the whole family.
 */
export const RefreshReuseGraceMs = 30_000;

/**
 * What to do with a refresh request:
 * - `rotate`: the session's current token, still valid (or the one it replaced, within
 *   `RefreshReuseGraceMs`): issue a new pair and retire the session's current token;
 * - `revoke-family`: a token that was already rotated away came back, so it leaked (or was stolen and
 *   used first): revoke the whole session, whoever holds it;
 * - `reject`: unknown, expired or already revoked: answer 401 and change nothing.
 */
export type RefreshDecision = 'rotate' | 'revoke-family' | 'reject';

export const decideRefresh = (lookup: RefreshTokenLookup, now: Date): RefreshDecision => {
  switch (lookup.kind) {
    case 'unknown':
      return 'reject';
    case 'rotated':
      if (lookup.revokedAt || lookup.expiresAt.getTime() <= now.getTime()) return 'reject';
      return lookup.latest && now.getTime() - lookup.rotatedAt.getTime() <= RefreshReuseGraceMs
        ? 'rotate'
        : 'revoke-family';
    case 'current':
      if (lookup.revokedAt) return 'reject';
      return lookup.expiresAt.getTime() > now.getTime() ? 'rotate' : 'reject';
  }
};
