import type { Socket } from 'socket.io-client';
import type { AuthResult } from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import type { TestDatabase } from '@sb/testing';
import type { RunningGateway } from '@sb/gateway';
import {
  busKinds,
  type BusPair,
  connectSocket,
  json,
  jwtSecret,
  recordEvents,
  signAccessToken,
  sleep,
  startIdentityStack,
  stopIdentityStack,
  waitFor,
} from './support/gateway-harness.js';

// The login flow end to end: real identity on a fresh database, the gateway, real HTTP and socket.io.

const kinds = await busKinds();
const admin = { email: 'admin@gateway.test', password: 'gateway-admin-pw' };

/** `jrt=<value>` from a Set-Cookie header, as a browser would send it back to /auth. */
const refreshCookie = (res: Response): string | undefined => {
  const header = res.headers.get('set-cookie') ?? '';
  const match = /(?:^|,\s*)jrt=([^;]*)/.exec(header);
  return match?.[1] ? `jrt=${match[1]}` : undefined;
};

describe.each(kinds)('login flow through gateway and identity over the $name', (kind) => {
  let database: TestDatabase;
  let buses: BusPair;
  let identity: RunningService;
  let gateway: RunningGateway;
  const sockets: Socket[] = [];
  const env = {
    JWT_SECRET: jwtSecret,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    AUTH_RATE_LIMIT: '1000',
  };
  const api = (path: string, init: RequestInit = {}) => fetch(`${gateway.url}${path}`, init);
  const login = (credentials: object = admin) =>
    api('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
  const me = (token: string) => api('/auth/me', { headers: { authorization: `Bearer ${token}` } });
  const refresh = (cookie?: string) =>
    api('/auth/refresh_token', { method: 'POST', headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    ({ database, buses, identity, gateway } = await startIdentityStack(kind, {
      database: 'gateway_api',
      env,
    }));
  }, 90_000);

  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  afterAll(async () => {
    await stopIdentityStack({ gateway, identity, buses, database });
  }, 30_000);

  it('login → me → refresh → logout', async () => {
    const loggedIn = await login();
    if (loggedIn.status !== 200) throw new Error(await loggedIn.text());
    const cookie = refreshCookie(loggedIn);
    expect(cookie).toBeDefined();
    const first = (await json(loggedIn)) as AuthResult;
    expect(Object.keys(first).sort()).toEqual(['token', 'user']);
    expect(first.user).toMatchObject({
      email: admin.email,
      companyId: 1,
      profile: 'admin',
      super: true,
    });
    expect(JSON.stringify(first)).not.toContain(cookie!.slice(4));

    const profile = await me(first.token);
    expect(profile.status).toBe(200);
    expect(await json(profile)).toMatchObject({ id: first.user.id, email: admin.email });

    const refreshed = await refresh(cookie);
    expect(refreshed.status).toBe(200);
    const second = (await json(refreshed)) as AuthResult;
    const rotated = refreshCookie(refreshed);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(cookie);
    expect(second.user.id).toBe(first.user.id);
    expect((await me(second.token)).status).toBe(200);

    const loggedOut = await api('/auth/logout', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${second.token}`, cookie: rotated! },
    });
    expect(loggedOut.status).toBe(204);
    expect(loggedOut.headers.get('set-cookie')).toMatch(/jrt=;.*Expires=Thu, 01 Jan 1970/);
    // the session is revoked: its access token and its refresh cookie are dead
    expect((await me(second.token)).status).toBe(401);
    expect((await refresh(rotated)).status).toBe(401);
  });

  it('detects a reused refresh token and revokes the whole session', async () => {
    const loggedIn = await login();
    const original = refreshCookie(loggedIn)!;
    const { token } = (await json(loggedIn)) as AuthResult;
    const rotated = await refresh(original);
    expect(rotated.status).toBe(200);
    const again = await refresh(refreshCookie(rotated)!);
    expect(again.status).toBe(200);
    const next = refreshCookie(again)!;

    // two rotations old: not a reload that lost its answer (that one rotates again), a copy
    const reused = await refresh(original);
    expect(reused.status).toBe(401);
    expect(reused.headers.get('set-cookie')).toMatch(/jrt=;/);
    // the family is gone: the newest refresh token and the session's access token stop working too
    expect((await refresh(next)).status).toBe(401);
    let status = 0;
    for (let i = 0; i < 100 && status !== 401; i++) {
      if (i > 0) await sleep(50);
      status = (await me(token)).status;
    }
    expect(status).toBe(401);
  });

  it('answers 401 ERR_INVALID_CREDENTIALS for a wrong password and 400 naming missing fields', async () => {
    const wrong = await login({ email: admin.email, password: 'not-it' });
    expect(wrong.status).toBe(401);
    expect((await json(wrong)).error).toBe('ERR_INVALID_CREDENTIALS');
    const unknown = await login({ email: 'nobody@gateway.test', password: 'x' });
    expect(unknown.status).toBe(401);
    expect((await json(unknown)).error).toBe('ERR_INVALID_CREDENTIALS');
    const missing = await login({});
    expect(missing.status).toBe(400);
    expect(Object.keys((await json(missing)).fields).sort()).toEqual(['email', 'password']);
  });

  it('answers 403 for an expired access token and 401 for an invalid one', async () => {
    const { user } = (await json(await login())) as AuthResult;
    const expired = await signAccessToken(
      { sub: String(user.id), cid: 1, profile: 'admin', super: true },
      { expiresAt: Math.floor(Date.now() / 1000) - 1 },
    );
    const late = await me(expired);
    expect(late.status).toBe(403);
    expect((await json(late)).error).toBe('ERR_TOKEN_EXPIRED');
    const forged = await signAccessToken(
      { sub: String(user.id), cid: 1 },
      { secret: 'x'.repeat(40) },
    );
    const bad = await me(forged);
    expect(bad.status).toBe(401);
    expect((await json(bad)).error).toBe('ERR_INVALID_TOKEN');
  });

  it("sends company-<id>-auth to the first session's socket when the user logs in again", async () => {
    const first = (await json(await login())) as AuthResult;
    const socket = await connectSocket(gateway.url, {
      token: first.token,
      query: { companyId: String(first.user.companyId), userId: String(first.user.id) },
    });
    sockets.push(socket);
    const received = recordEvents(socket);
    await sleep(100);

    const second = (await json(await login())) as AuthResult;
    const newSocket = await connectSocket(gateway.url, { token: second.token });
    sockets.push(newSocket);
    const receivedByNew = recordEvents(newSocket);
    await waitFor(
      () => received.some((e) => e.event === `company-${first.user.companyId}-auth`),
      10_000,
      'company-<id>-auth',
    );
    expect(received.find((e) => e.event === 'company-1-auth')?.payload).toEqual({
      action: 'update',
      user: { id: first.user.id },
    });
    expect(receivedByNew.filter((e) => e.event === 'company-1-auth')).toEqual([]);
  });

  it('updates the language with PUT /users/:id and tells the company sockets', async () => {
    const { token, user } = (await json(await login())) as AuthResult;
    const socket = await connectSocket(gateway.url, { token });
    sockets.push(socket);
    const received = recordEvents(socket);
    await sleep(100);
    const res = await api(`/users/${user.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ language: 'en' }),
    });
    expect(res.status).toBe(200);
    expect((await json(res)).language).toBe('en');
    await waitFor(
      () => received.some((e) => e.event === 'company-1-user'),
      10_000,
      'company-1-user',
    );
    expect(received.find((e) => e.event === 'company-1-user')?.payload).toMatchObject({
      action: 'update',
      user: { id: user.id, language: 'en' },
    });
  });
});
