import { decideRefresh, RefreshReuseGraceMs } from './refresh-rotation.js';
import { hashRefreshToken, newRefreshToken } from './refresh-token.js';

const now = new Date('2025-06-10T12:00:00Z');
const later = new Date('2025-06-17T12:00:00Z');
const earlier = new Date('2025-06-10T11:59:59Z');

describe('decideRefresh', () => {
  it('rotates the current token of a live session', () => {
    expect(decideRefresh({ kind: 'current', revokedAt: null, expiresAt: later }, now)).toBe(
      'rotate',
    );
  });

  it('rejects a current token once the session expired', () => {
    expect(decideRefresh({ kind: 'current', revokedAt: null, expiresAt: earlier }, now)).toBe(
      'reject',
    );
    expect(decideRefresh({ kind: 'current', revokedAt: null, expiresAt: now }, now)).toBe('reject');
  });

  it('rejects the current token of a revoked session', () => {
    expect(decideRefresh({ kind: 'current', revokedAt: earlier, expiresAt: later }, now)).toBe(
      'reject',
    );
  });

  const rotated = (rotatedAgoMs: number, latest = true) => ({
    kind: 'rotated' as const,
    revokedAt: null,
    expiresAt: later,
    rotatedAt: new Date(now.getTime() - rotatedAgoMs),
    latest,
  });

  it('revokes the whole family when a rotated token comes back', () => {
    expect(decideRefresh(rotated(RefreshReuseGraceMs + 1), now)).toBe('revoke-family');
    // an older one than the token the current one replaced, however recent
    expect(decideRefresh(rotated(1_000, false), now)).toBe('revoke-family');
  });

  it('rotates again the token just rotated away: its answer was lost to a reload', () => {
    expect(decideRefresh(rotated(1_000), now)).toBe('rotate');
    expect(decideRefresh(rotated(RefreshReuseGraceMs), now)).toBe('rotate');
  });

  it('only rejects a rotated token of a family already revoked, or of an expired session', () => {
    expect(decideRefresh({ ...rotated(1_000), revokedAt: earlier }, now)).toBe('reject');
    expect(decideRefresh({ ...rotated(RefreshReuseGraceMs + 1), revokedAt: earlier }, now)).toBe(
      'reject',
    );
    expect(decideRefresh({ ...rotated(1_000), expiresAt: earlier }, now)).toBe('reject');
  });

  it('rejects a token it never issued', () => {
    expect(decideRefresh({ kind: 'unknown' }, now)).toBe('reject');
  });
});

describe('refresh tokens', () => {
  it('are random, URL-safe and long', () => {
    const a = newRefreshToken();
    const b = newRefreshToken();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are stored as a stable sha256 hex digest, never as themselves', () => {
    const token = newRefreshToken();
    expect(hashRefreshToken(token)).toBe(hashRefreshToken(token));
    expect(hashRefreshToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRefreshToken(token)).not.toContain(token);
  });
});
