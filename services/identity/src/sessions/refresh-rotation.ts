/** Where a presented refresh token was found. */
export type RefreshTokenLookup =
  | { kind: 'unknown' }
  | { kind: 'current'; revokedAt: Date | null; expiresAt: Date }
  | { kind: 'rotated'; revokedAt: Date | null };

/**
 * What to do with a refresh request:
 * - `rotate`: the session's current token, still valid: issue a new pair and retire this token;
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
      return lookup.revokedAt ? 'reject' : 'revoke-family';
    case 'current':
      if (lookup.revokedAt) return 'reject';
      return lookup.expiresAt.getTime() > now.getTime() ? 'rotate' : 'reject';
  }
};
