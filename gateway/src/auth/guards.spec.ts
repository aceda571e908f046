import 'reflect-metadata';
import { Controller, Get, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SignJWT } from 'jose';
import type { AccessTokenClaims } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { AccessGuard } from './access.guard.js';
import { AccessTokenService } from './access-token.service.js';
import {
  AllowExpiredCompany,
  Profiles,
  Public,
  RequirePermission,
  RequirePlanFlag,
  SuperOnly,
} from './auth.decorators.js';
import { AuthGuard } from './auth.guard.js';
import type { GatewayRequest } from './gateway-request.js';
import { FencedCompanies } from './fenced-companies.js';
import { RevokedSessions } from './revoked-sessions.service.js';

const secret = 'a-test-secret-of-enough-length';
const key = new TextEncoder().encode(secret);
const future = new Date(Date.now() + 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();

const claims = (overrides: Partial<AccessTokenClaims> = {}): AccessTokenClaims => ({
  sub: '7',
  cid: 2,
  profile: 'user',
  super: false,
  sid: 'session-1',
  lang: 'en',
  flags: ['useSchedules'],
  due: future,
  ...overrides,
});

const sign = (payload: AccessTokenClaims, expiresIn: string | number = '15m', signKey = key) =>
  new SignJWT({ ...payload })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(signKey);

@Controller()
class Routes {
  @Get() privateRoute() {}
  @Public() @Get() publicRoute() {}
  @Profiles('admin') @Get() adminRoute() {}
  @RequirePermission('tickets-manager:closeAll') @Get() permissionRoute() {}
  @RequirePlanFlag('useCampaigns') @Get() campaignsRoute() {}
  @SuperOnly() @Get() superRoute() {}
  @AllowExpiredCompany() @Get() billingRoute() {}
}

const contextFor = (handler: keyof Routes, authorization?: string) => {
  const req = {
    headers: authorization ? { authorization } : {},
    sb: { requestId: 'req-1', startedAt: 0, ctx: { lang: 'es' } },
  } as unknown as GatewayRequest;
  const context = {
    getType: () => 'http',
    getHandler: () => Routes.prototype[handler],
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
  return { req, context };
};

const codeOf = async (run: () => Promise<unknown> | unknown): Promise<string | undefined> => {
  try {
    await run();
    return undefined;
  } catch (err) {
    return err instanceof AppError ? err.code : `not an AppError: ${String(err)}`;
  }
};

describe('AuthGuard', () => {
  const reflector = new Reflector();
  const revoked = new RevokedSessions(60_000);
  const fenced = new FencedCompanies();
  const guard = new AuthGuard(reflector, new AccessTokenService(secret, revoked), fenced);

  it('refuses a private route without a token: 401 ERR_SESSION_EXPIRED', async () => {
    const { context } = contextFor('privateRoute');
    expect(await codeOf(() => guard.canActivate(context))).toBe('ERR_SESSION_EXPIRED');
  });

  it('accepts a valid token and builds the request context from its claims only', async () => {
    const { context, req } = contextFor('privateRoute', `Bearer ${await sign(claims())}`);
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(req.sb.ctx).toEqual({
      requestId: 'req-1',
      companyId: 2,
      userId: 7,
      profile: 'user',
      super: false,
      lang: 'en',
    });
  });

  it('answers 403 ERR_TOKEN_EXPIRED for an expired token', async () => {
    const token = await sign(claims(), Math.floor(Date.now() / 1000) - 10);
    const { context } = contextFor('privateRoute', `Bearer ${token}`);
    expect(await codeOf(() => guard.canActivate(context))).toBe('ERR_TOKEN_EXPIRED');
  });

  it('answers 401 ERR_INVALID_TOKEN for a bad signature, garbage, or wrong claims', async () => {
    const forged = await sign(
      claims(),
      '15m',
      new TextEncoder().encode('another-secret-of-enough-length'),
    );
    const noSid = await sign({ ...claims(), sid: undefined } as unknown as AccessTokenClaims);
    for (const token of [forged, 'not-a-jwt', noSid]) {
      const { context } = contextFor('privateRoute', `Bearer ${token}`);
      expect(await codeOf(() => guard.canActivate(context))).toBe('ERR_INVALID_TOKEN');
    }
  });

  it('answers 401 ERR_INVALID_TOKEN for a revoked session', async () => {
    const token = await sign(claims({ sid: 'revoked-session' }));
    revoked.add('revoked-session');
    const { context } = contextFor('privateRoute', `Bearer ${token}`);
    expect(await codeOf(() => guard.canActivate(context))).toBe('ERR_INVALID_TOKEN');
  });

  it('answers 503 ERR_COMPANY_MAINTENANCE to a fenced company, never to super users', async () => {
    fenced.fence(2, 'operation-1');
    try {
      const user = contextFor('privateRoute', `Bearer ${await sign(claims())}`);
      expect(await codeOf(() => guard.canActivate(user.context))).toBe('ERR_COMPANY_MAINTENANCE');
      const other = contextFor('privateRoute', `Bearer ${await sign(claims({ cid: 3 }))}`);
      await expect(guard.canActivate(other.context)).resolves.toBe(true);
      const superUser = contextFor('privateRoute', `Bearer ${await sign(claims({ super: true }))}`);
      await expect(guard.canActivate(superUser.context)).resolves.toBe(true);
      // public routes (logout) stay open: identity answers login and refresh itself
      const open = contextFor('publicRoute', `Bearer ${await sign(claims())}`);
      await expect(guard.canActivate(open.context)).resolves.toBe(true);
      // an older operation's unfence does not lift the current fence
      fenced.unfence(2, 'operation-0');
      expect(await codeOf(() => guard.canActivate(user.context))).toBe('ERR_COMPANY_MAINTENANCE');
    } finally {
      fenced.unfence(2, 'operation-1');
    }
  });

  it('lets public routes through, identifying the caller when the token is good', async () => {
    const anonymous = contextFor('publicRoute');
    await expect(guard.canActivate(anonymous.context)).resolves.toBe(true);
    expect(anonymous.req.sb.token).toBeUndefined();
    const bad = contextFor('publicRoute', 'Bearer garbage');
    await expect(guard.canActivate(bad.context)).resolves.toBe(true);
    const known = contextFor('publicRoute', `Bearer ${await sign(claims())}`);
    await expect(guard.canActivate(known.context)).resolves.toBe(true);
    expect(known.req.sb.token?.userId).toBe(7);
  });

  it('answers 402 for an expired company except on @AllowExpiredCompany routes and for company 1', async () => {
    const expired = `Bearer ${await sign(claims({ due: past }))}`;
    expect(await codeOf(() => guard.canActivate(contextFor('privateRoute', expired).context))).toBe(
      'ERR_SUBSCRIPTION_EXPIRED',
    );
    await expect(guard.canActivate(contextFor('billingRoute', expired).context)).resolves.toBe(
      true,
    );
    const platformCompany = `Bearer ${await sign(claims({ cid: 1, due: past }))}`;
    await expect(
      guard.canActivate(contextFor('privateRoute', platformCompany).context),
    ).resolves.toBe(true);
  });

  it('falls back to Accept-Language when the token has no supported language', async () => {
    const { context, req } = contextFor(
      'privateRoute',
      `Bearer ${await sign(claims({ lang: '' }))}`,
    );
    req.headers['accept-language'] = 'tr-TR,tr;q=0.9';
    await guard.canActivate(context);
    expect(req.sb.ctx.lang).toBe('tr');
  });
});

describe('AccessGuard', () => {
  const reflector = new Reflector();
  const authGuard = new AuthGuard(
    reflector,
    new AccessTokenService(secret, new RevokedSessions(60_000)),
    new FencedCompanies(),
  );
  const guard = new AccessGuard(reflector);
  const check = async (handler: keyof Routes, overrides: Partial<AccessTokenClaims>) => {
    const { context } = contextFor(handler, `Bearer ${await sign(claims(overrides))}`);
    await authGuard.canActivate(context);
    return codeOf(() => guard.canActivate(context));
  };

  it('checks @Profiles, letting super users through', async () => {
    expect(await check('adminRoute', { profile: 'user' })).toBe('ERR_NO_PERMISSION');
    expect(await check('adminRoute', { profile: 'admin' })).toBeUndefined();
    expect(await check('adminRoute', { profile: 'user', super: true })).toBeUndefined();
  });

  it('checks @RequirePermission against the profile permissions', async () => {
    expect(await check('permissionRoute', { profile: 'user' })).toBe('ERR_NO_PERMISSION');
    expect(await check('permissionRoute', { profile: 'supervisor' })).toBe('ERR_NO_PERMISSION');
    expect(await check('permissionRoute', { profile: 'admin' })).toBeUndefined();
  });

  it('checks @RequirePlanFlag against the token flags, for super users too', async () => {
    expect(await check('campaignsRoute', { flags: ['useSchedules'] })).toBe(
      'ERR_PLAN_FEATURE_DISABLED',
    );
    expect(await check('campaignsRoute', { flags: ['useSchedules'], super: true })).toBe(
      'ERR_PLAN_FEATURE_DISABLED',
    );
    expect(await check('campaignsRoute', { flags: ['useCampaigns'] })).toBeUndefined();
  });

  it('checks @SuperOnly', async () => {
    expect(await check('superRoute', { profile: 'admin' })).toBe('ERR_NO_PERMISSION');
    expect(await check('superRoute', { profile: 'admin', super: true })).toBeUndefined();
  });

  it('lets undecorated routes through', async () => {
    expect(await check('privateRoute', {})).toBeUndefined();
  });
});
