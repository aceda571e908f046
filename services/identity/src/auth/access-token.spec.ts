import type { AccessTokenClaims } from '@sb/contracts';
import { jwtVerify } from 'jose';
import { AccessTokenSigner, parseTtlSeconds } from './access-token.js';

const secret = 'a-test-secret-that-is-long-enough-1234';
const claims: AccessTokenClaims = {
  sub: '7',
  cid: 3,
  profile: 'admin',
  super: false,
  sid: '5f0c7f7e-6a43-4a1d-9a37-2f1bb1b7e5a0',
  lang: 'en',
  flags: ['useKanban', 'useCampaigns'],
  due: '2999-12-31T00:00:00.000Z',
};

describe('AccessTokenSigner', () => {
  it('signs HS256 tokens carrying every claim, verifiable with the shared secret', async () => {
    const now = new Date();
    const { token, expiresAt } = await new AccessTokenSigner(secret, 900).sign(claims, now);
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(secret));
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject(claims);
    expect(payload.exp! - payload.iat!).toBe(900);
    expect(expiresAt.getTime()).toBe(payload.exp! * 1000);
  });

  it('produces tokens another secret rejects', async () => {
    const { token } = await new AccessTokenSigner(secret, 900).sign(claims);
    await expect(
      jwtVerify(token, new TextEncoder().encode('another-secret-another-secret-123')),
    ).rejects.toThrow();
  });
});

describe('parseTtlSeconds', () => {
  it('defaults to 15 minutes', () => {
    expect(parseTtlSeconds(undefined)).toBe(900);
    expect(parseTtlSeconds('')).toBe(900);
  });

  it('reads seconds and unit suffixes', () => {
    expect(parseTtlSeconds('60')).toBe(60);
    expect(parseTtlSeconds('15m')).toBe(900);
    expect(parseTtlSeconds('2h')).toBe(7200);
    expect(parseTtlSeconds('1d')).toBe(86400);
  });

  it('rejects nonsense and zero', () => {
    expect(parseTtlSeconds('soon')).toBeUndefined();
    expect(parseTtlSeconds('0')).toBeUndefined();
    expect(parseTtlSeconds('-5m')).toBeUndefined();
  });
});
