import { jest } from '@jest/globals';
import { SignJWT } from 'jose';
import type { AccessTokenClaims } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { AccessTokenService } from './access-token.service.js';
import { RevokedSessions } from './revoked-sessions.service.js';

const secret = 'a-test-secret-of-enough-length';
const key = new TextEncoder().encode(secret);

const claims: AccessTokenClaims = {
  sub: '7',
  cid: 2,
  profile: 'user',
  super: false,
  sid: 'session-1',
  lang: 'en',
  flags: ['useSchedules'],
  due: new Date(Date.now() + 86_400_000).toISOString(),
};

const sign = (payload: AccessTokenClaims, exp: number) =>
  new SignJWT({ ...payload }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(key);

const codeOf = async (run: () => Promise<unknown>): Promise<string | undefined> => {
  try {
    await run();
    return undefined;
  } catch (err) {
    return err instanceof AppError ? err.code : `not an AppError: ${String(err)}`;
  }
};

describe('AccessTokenService (verified tokens kept)', () => {
  afterEach(() => jest.useRealTimers());

  it('answers a repeated token with the same claims, each call its own copy', async () => {
    const tokens = new AccessTokenService(secret, new RevokedSessions(60_000));
    const token = await sign(claims, Math.floor(Date.now() / 1000) + 900);
    const first = await tokens.verify(token);
    const second = await tokens.verify(token);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second).toMatchObject({ userId: 7, cid: 2, sid: 'session-1' });
  });

  it('still refuses a kept token once its session is revoked: 401 ERR_INVALID_TOKEN', async () => {
    const revoked = new RevokedSessions(60_000);
    const tokens = new AccessTokenService(secret, revoked);
    const token = await sign({ ...claims, sid: 'to-revoke' }, Math.floor(Date.now() / 1000) + 900);
    await tokens.verify(token);
    revoked.add('to-revoke');
    expect(await codeOf(() => tokens.verify(token))).toBe('ERR_INVALID_TOKEN');
  });

  it('still refuses a kept token once it expires: 403 ERR_TOKEN_EXPIRED', async () => {
    const tokens = new AccessTokenService(secret, new RevokedSessions(60_000));
    const now = Date.now();
    const token = await sign(claims, Math.floor(now / 1000) + 60);
    await tokens.verify(token);
    jest.useFakeTimers({ now: now + 61_000 });
    expect(await codeOf(() => tokens.verify(token))).toBe('ERR_TOKEN_EXPIRED');
  });

  it('keeps refusing a forged token (a good one kept does not vouch for another)', async () => {
    const tokens = new AccessTokenService(secret, new RevokedSessions(60_000));
    const token = await sign(claims, Math.floor(Date.now() / 1000) + 900);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}AA`;
    expect(await codeOf(() => tokens.verify(forged))).toBe('ERR_INVALID_TOKEN');
  });
});
