import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  Subjects,
  type BusRequest,
  type IssuedSession,
  type LoginRequest,
  type RequestContext,
  type SessionUser,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import {
  allowTicketsOfOwnCompany,
  startGateway,
  webOriginsFrom,
  type RunningGateway,
} from '@sb/gateway';
import {
  busKinds,
  connectSocket,
  emitWithAck,
  event,
  futureIso,
  json,
  jwtSecret,
  recordEvents,
  signAccessToken,
  sleep,
  waitFor,
  webOrigin,
  type BusPair,
} from './support/gateway-harness.js';

// The gateway against stand-in services on the bus: HTTP and socket behaviour that does not need identity's
// database (errors, timeouts, guards, fan-out). identity.api-spec.ts runs the real login flow.

const kinds = await busKinds();

const gatewayEnv = {
  JWT_SECRET: jwtSecret,
  REQUEST_TIMEOUT_MS: '600',
  HEALTH_TIMEOUT_MS: '300',
  AUTH_RATE_LIMIT: '1000',
};

const user = (id: number, companyId: number) =>
  ({ id, companyId, name: `user ${id}` }) as SessionUser;

describe.each(kinds)('gateway over the $name', (kind) => {
  let buses: BusPair;
  let gateway: RunningGateway;
  const seen: BusRequest[] = [];
  const sockets: Socket[] = [];
  const api = (path: string, init: RequestInit = {}) => fetch(`${gateway.url}${path}`, init);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const socket = async (...args: Parameters<typeof connectSocket>) => {
    const s = await connectSocket(...args);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    buses = await kind.connect();
    const { serviceBus } = buses;
    await serviceBus.handle<LoginRequest, IssuedSession>(
      Subjects.identity.login,
      async (payload) => {
        seen.push(payload);
        if (payload.data.password !== 'right') throw new AppError('ERR_INVALID_CREDENTIALS');
        return {
          accessToken: await signAccessToken({ sub: '10', cid: 2 }),
          refreshToken: 'refresh-1',
          refreshExpiresAt: futureIso(7),
          sessionId: randomUUID(),
          user: user(10, 2),
        };
      },
    );
    await serviceBus.handle(Subjects.identity.me, async (payload) => {
      seen.push(payload);
      const ctx = payload.ctx as RequestContext;
      if (ctx.userId === 666) await sleep(1_500); // answers well after the gateway's 600 ms
      if (ctx.userId === 500) throw new Error('database password is hunter2');
      return user(ctx.userId, ctx.companyId);
    });
    await serviceBus.handle(Subjects.identity.userUpdate, async (payload) => {
      seen.push(payload);
      return { ...user(10, 2), ...(payload.data as object) };
    });
    await serviceBus.handle(Subjects.identity.revokedSessions, async () => ({
      sessions: [{ sessionId: 'revoked-at-boot', expiresAt: futureIso(1) }],
    }));
    await serviceBus.handle(Subjects.identity.health, async () => ({
      service: 'identity',
      status: 'ok',
      version: '9.9.9',
    }));
    gateway = await startGateway({
      bus: buses.gatewayBus,
      port: 0,
      host: '127.0.0.1',
      webOrigins: [webOrigin],
      env: gatewayEnv,
      // no tickets service here: every ticket room of the caller's company may be joined
      ticketAccess: allowTicketsOfOwnCompany,
    });
    await gateway.revokedSessionsLoaded;
  });

  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  afterAll(async () => {
    await gateway?.close();
    await buses?.close();
  });

  describe('HTTP', () => {
    it('answers GET /version with the package version, security headers and a request id', async () => {
      const res = await api('/version', { headers: { 'x-request-id': 'req-abc' } });
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ version: '0.1.0' });
      expect(res.headers.get('x-request-id')).toBe('req-abc');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('x-powered-by')).toBeNull();
    });

    it('answers an unknown route with 404 JSON, token or not', async () => {
      for (const path of ['/nope', '/auth/nope', '/users/1/nope']) {
        const res = await api(path);
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toContain('application/json');
        expect(await json(res)).toEqual({ error: 'ERR_NOT_FOUND', message: 'Not found.' });
      }
    });

    it('answers malformed JSON with 400 ERR_MALFORMED_JSON', async () => {
      const res = await api('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email": "a@b.co", ',
      });
      expect(res.status).toBe(400);
      expect((await json(res)).error).toBe('ERR_MALFORMED_JSON');
    });

    it('answers missing or invalid fields with 400 naming them, without asking the service', async () => {
      const before = seen.length;
      const res = await api('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'not-an-email' }),
      });
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(body.fields).sort()).toEqual(['email', 'password']);
      expect(seen.length).toBe(before);
    });

    it('logs in: sets the refresh cookie, answers { token, user }, never the refresh token', async () => {
      const res = await api('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'jest' },
        body: JSON.stringify({ email: ' ana@example.com ', password: 'right' }),
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain('refresh-1');
      const body = JSON.parse(text);
      expect(Object.keys(body).sort()).toEqual(['token', 'user']);
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^jrt=refresh-1;/);
      expect(cookie).toMatch(/Path=\/auth/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
      const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
      expect(maxAge).toBeGreaterThan(7 * 86_400 - 60);
      const login = seen.at(-1) as BusRequest<LoginRequest>;
      expect(login.ctx).toMatchObject({ companyId: 0, userId: 0, profile: 'anonymous' });
      expect(login.data).toMatchObject({ email: 'ana@example.com', userAgent: 'jest' });
      expect(login.data.ip).toBeTruthy();
    });

    it('passes a service error through: wrong password is 401 ERR_INVALID_CREDENTIALS', async () => {
      const res = await api('/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana@example.com', password: 'wrong' }),
      });
      expect(res.status).toBe(401);
      expect(await json(res)).toEqual({
        error: 'ERR_INVALID_CREDENTIALS',
        message: 'Authentication error, try again.',
      });
    });

    it('sends the request context from the token, never from the client', async () => {
      const token = await signAccessToken({ sub: '42', cid: 3, profile: 'user', lang: '' });
      const res = await api('/auth/me', {
        headers: {
          ...bearer(token),
          'accept-language': 'pt-BR',
          'x-request-id': 'trace-1',
          // no proxy is trusted here: a forged forwarded address is not the client's
          'x-forwarded-for': '203.0.113.66',
        },
      });
      expect(res.status).toBe(200);
      expect(seen.at(-1)?.ctx).toEqual({
        requestId: 'trace-1',
        companyId: 3,
        userId: 42,
        profile: 'user',
        super: false,
        lang: 'pt-BR',
        clientIp: '127.0.0.1',
        // the browser too, for the audit log
        userAgent: expect.any(String),
      });
    });

    it('tells no token (401), expired token (403) and invalid token (401) apart', async () => {
      const none = await api('/auth/me');
      expect(none.status).toBe(401);
      expect((await json(none)).error).toBe('ERR_SESSION_EXPIRED');

      const expired = await signAccessToken({}, { expiresAt: Math.floor(Date.now() / 1000) - 5 });
      const late = await api('/auth/me', { headers: bearer(expired) });
      expect(late.status).toBe(403);
      expect((await json(late)).error).toBe('ERR_TOKEN_EXPIRED');

      const forged = await signAccessToken({}, { secret: 'someone-else-secret-0123456789' });
      for (const token of [forged, 'garbage']) {
        const bad = await api('/auth/me', { headers: bearer(token) });
        expect(bad.status).toBe(401);
        expect((await json(bad)).error).toBe('ERR_INVALID_TOKEN');
      }
    });

    it('refuses tokens of sessions revoked before boot and revoked live', async () => {
      const atBoot = await signAccessToken({ sid: 'revoked-at-boot' });
      expect((await api('/auth/me', { headers: bearer(atBoot) })).status).toBe(401);

      const sid = randomUUID();
      const token = await signAccessToken({ sid, sub: '11' });
      expect((await api('/auth/me', { headers: bearer(token) })).status).toBe(200);
      await buses.serviceBus.publish(
        event(2, 'identity.session.revoked', { sessionId: sid, userId: 11 }),
      );
      // the event arrives asynchronously: poll until this instance refuses the token
      let status = 0;
      for (let i = 0; i < 100 && status !== 401; i++) {
        if (i > 0) await sleep(50);
        status = (await api('/auth/me', { headers: bearer(token) })).status;
      }
      expect(status).toBe(401);
    });

    it('answers 504 ERR_SERVICE_TIMEOUT within the timeout when the service does not answer', async () => {
      const token = await signAccessToken({ sub: '666' });
      const started = Date.now();
      const res = await api('/auth/me', { headers: bearer(token) });
      const elapsed = Date.now() - started;
      expect(res.status).toBe(504);
      expect((await json(res)).error).toBe('ERR_SERVICE_TIMEOUT');
      expect(elapsed).toBeGreaterThanOrEqual(500);
      expect(elapsed).toBeLessThan(3_000);
    });

    it("hides a service's unexpected error behind 500 ERR_INTERNAL with an errorId", async () => {
      const token = await signAccessToken({ sub: '500' });
      const res = await api('/auth/me', { headers: bearer(token) });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toContain('hunter2');
      expect(JSON.parse(text)).toMatchObject({
        error: 'ERR_INTERNAL',
        errorId: expect.any(String),
      });
    });

    it('answers 402 for an expired company, except on /auth routes', async () => {
      const token = await signAccessToken({
        cid: 5,
        due: new Date(Date.now() - 1000).toISOString(),
      });
      const update = await api('/users/10', {
        method: 'PUT',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ language: 'en' }),
      });
      expect(update.status).toBe(402);
      expect((await json(update)).error).toBe('ERR_SUBSCRIPTION_EXPIRED');
      expect((await api('/auth/me', { headers: bearer(token) })).status).toBe(200);
      const platform = await signAccessToken({ cid: 1, due: new Date(0).toISOString() });
      expect(
        (
          await api('/users/10', {
            method: 'PUT',
            headers: { ...bearer(platform), 'content-type': 'application/json' },
            body: JSON.stringify({ language: 'en' }),
          })
        ).status,
      ).toBe(200);
    });

    it('forwards PUT /users/:id with a validated id and language', async () => {
      const token = await signAccessToken();
      const put = (path: string, body: unknown) =>
        api(path, {
          method: 'PUT',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const ok = await put('/users/10', { language: 'tr' });
      expect(ok.status).toBe(200);
      expect(seen.at(-1)?.data).toEqual({ id: 10, language: 'tr' });
      const badId = await put('/users/abc', { language: 'tr' });
      expect(badId.status).toBe(400);
      expect(Object.keys((await json(badId)).fields)).toEqual(['id']);
      const badLanguage = await put('/users/10', { language: 'klingon' });
      expect(badLanguage.status).toBe(400);
      expect(Object.keys((await json(badLanguage)).fields)).toEqual(['language']);
    });

    it('refresh without the cookie is 401 ERR_SESSION_EXPIRED', async () => {
      const res = await api('/auth/refresh_token', { method: 'POST' });
      expect(res.status).toBe(401);
      expect((await json(res)).error).toBe('ERR_SESSION_EXPIRED');
    });

    it('answers /health 503 naming the services that did not answer, /health/live 200', async () => {
      const res = await api('/health');
      expect(res.status).toBe(503);
      const body = await json(res);
      expect(body.status).toBe('degraded');
      expect(body.gateway.status).toBe('ok');
      expect(body.services.identity).toEqual({ status: 'ok', version: '9.9.9' });
      expect(body.services.tickets.status).toBe('down');
      expect((await api('/health/live')).status).toBe(200);
    });

    it('allows CORS with credentials for the web origin only', async () => {
      const preflight = await api('/auth/login', {
        method: 'OPTIONS',
        headers: { origin: webOrigin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBeLessThan(300);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(webOrigin);
      expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
      const foreign = await api('/version', { headers: { origin: 'http://evil.test' } });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('serves the OpenAPI document at /docs', async () => {
      const ui = await api('/docs');
      expect(ui.status).toBe(200);
      expect(await ui.text()).toContain('swagger');
      const doc = await json(await api('/docs-json'));
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/auth/login',
          '/auth/refresh_token',
          '/auth/logout',
          '/auth/me',
          '/users/{id}',
          '/version',
          '/health',
        ]),
      );
      expect(
        doc.paths['/auth/login'].post.requestBody.content['application/json'].schema.required,
      ).toEqual(['email', 'password']);
    });
  });

  describe('socket.io', () => {
    it('accepts a handshake with a valid token (auth or query) and a matching companyId/userId', async () => {
      const token = await signAccessToken({ sub: '10', cid: 2 });
      const viaAuth = await socket(gateway.url, { token, query: { companyId: '2', userId: '10' } });
      expect(viaAuth.connected).toBe(true);
      const viaQuery = await socket(gateway.url, { token, tokenInQuery: true });
      expect(viaQuery.connected).toBe(true);
    });

    it("refuses a handshake without a token, with a bad one, or with another company's id", async () => {
      const errorOf = (promise: Promise<Socket>) =>
        promise.then(
          (s) => {
            s.close();
            return 'connected';
          },
          (err: Error) => err.message,
        );
      expect(
        await errorOf(connectSocket(gateway.url, { query: { companyId: '2', userId: '10' } })),
      ).toBe('ERR_SESSION_EXPIRED');
      expect(await errorOf(connectSocket(gateway.url, { token: 'garbage' }))).toBe(
        'ERR_INVALID_TOKEN',
      );
      const token = await signAccessToken({ sub: '10', cid: 2 });
      expect(
        await errorOf(
          connectSocket(gateway.url, { token, query: { companyId: '3', userId: '10' } }),
        ),
      ).toBe('ERR_NO_PERMISSION');
      expect(
        await errorOf(
          connectSocket(gateway.url, { token, query: { companyId: '2', userId: '11' } }),
        ),
      ).toBe('ERR_NO_PERMISSION');
    });

    it('never sends an event of company A to a socket of company B', async () => {
      const a = await socket(gateway.url, { token: await signAccessToken({ sub: '10', cid: 2 }) });
      const b = await socket(gateway.url, { token: await signAccessToken({ sub: '20', cid: 3 }) });
      const receivedA = recordEvents(a);
      const receivedB = recordEvents(b);
      await sleep(100); // the gateway's live subscription is in place before the events go out
      await buses.serviceBus.publish(event(2, 'identity.user.updated', { user: user(10, 2) }));
      await buses.serviceBus.publish(event(3, 'identity.user.updated', { user: user(20, 3) }));
      await waitFor(() => receivedA.length > 1 && receivedB.length > 1, 5_000, 'both events');
      await sleep(200);
      // each also as spec 2 §7's global users event, still to its own company only
      expect(receivedA).toEqual([
        { event: 'company-2-user', payload: { action: 'update', user: user(10, 2) } },
        { event: 'users', payload: { action: 'update', user: user(10, 2) } },
      ]);
      expect(receivedB).toEqual([
        { event: 'company-3-user', payload: { action: 'update', user: user(20, 3) } },
        { event: 'users', payload: { action: 'update', user: user(20, 3) } },
      ]);
    });

    it("sends company-<id>-auth on a new login to the user's other sessions only", async () => {
      const first = await socket(gateway.url, {
        token: await signAccessToken({ sub: '30', cid: 2 }),
      });
      const newSid = randomUUID();
      const second = await socket(gateway.url, {
        token: await signAccessToken({ sub: '30', cid: 2, sid: newSid }),
      });
      const colleague = await socket(gateway.url, {
        token: await signAccessToken({ sub: '31', cid: 2 }),
      });
      const [toFirst, toSecond, toColleague] = [first, second, colleague].map(recordEvents);
      await sleep(100);
      await buses.serviceBus.publish(
        event(2, 'identity.session.created', { sessionId: newSid, userId: 30 }),
      );
      await waitFor(() => toFirst!.length > 0, 5_000, 'company-2-auth');
      await sleep(200);
      expect(toFirst).toEqual([
        { event: 'company-2-auth', payload: { action: 'update', user: { id: 30 } } },
      ]);
      expect(toSecond).toEqual([]);
      expect(toColleague).toEqual([]);
    });

    it('joins the rooms of the client events, inside its own company', async () => {
      const s = await socket(gateway.url, { token: await signAccessToken({ sub: '40', cid: 2 }) });
      expect(await emitWithAck(s, 'joinNotification')).toEqual({ ok: true });
      expect(await emitWithAck(s, 'joinTickets', 'open')).toEqual({ ok: true });
      expect(await emitWithAck(s, 'joinTickets', 'c:3:status:open')).toMatchObject({
        ok: false,
        error: 'ERR_VALIDATION',
      });
      expect(await emitWithAck(s, 'joinChatBox', 77)).toEqual({ ok: true });
      expect(await emitWithAck(s, 'joinChatBox', 'x')).toMatchObject({
        ok: false,
        error: 'ERR_VALIDATION',
      });
      expect(await emitWithAck(s, 'userStatus', { online: true })).toEqual({ ok: true });
      expect(gateway.presence.lastSeen(2, 40)).toBeInstanceOf(Date);
    });

    it('disconnects the sockets of a revoked session', async () => {
      const sid = randomUUID();
      const s = await socket(gateway.url, {
        token: await signAccessToken({ sub: '50', cid: 2, sid }),
      });
      const other = await socket(gateway.url, {
        token: await signAccessToken({ sub: '50', cid: 2 }),
      });
      const disconnected = new Promise((resolve) => s.once('disconnect', resolve));
      await buses.serviceBus.publish(
        event(2, 'identity.session.revoked', { sessionId: sid, userId: 50 }),
      );
      await expect(disconnected).resolves.toBe('io server disconnect');
      expect(other.connected).toBe(true);
    });
  });
});

describe('gateway guards that need their own settings', () => {
  let buses: BusPair;
  afterAll(async () => buses?.close());
  beforeAll(async () => {
    buses = await kinds[0]!.connect();
  });

  it('answers 429 ERR_TOO_MANY_REQUESTS past the login rate limit, other routes unaffected', async () => {
    const gateway = await startGateway({
      bus: buses.gatewayBus,
      port: 0,
      host: '127.0.0.1',
      webOrigins: [webOrigin],
      env: { JWT_SECRET: jwtSecret, AUTH_RATE_LIMIT: '3', AUTH_RATE_WINDOW_MS: '60000' },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await fetch(`${gateway.url}/auth/login`, { method: 'POST' })).status);
      expect(statuses).not.toContain(429);
      // sign-ups and the reset routes share that budget
      expect((await fetch(`${gateway.url}/auth/signup`, { method: 'POST' })).status).toBe(429);
      const limited = await fetch(`${gateway.url}/auth/login`, { method: 'POST' });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await json(limited)).error).toBe('ERR_TOO_MANY_REQUESTS');
      expect((await fetch(`${gateway.url}/version`)).status).toBe(200);
      // refreshing a session is not a login: a page reload behind the same address still works
      const refresh = await fetch(`${gateway.url}/auth/refresh_token`, {
        method: 'POST',
        headers: { cookie: 'jrt=some-session' },
      });
      expect(refresh.status).not.toBe(429);
    } finally {
      await gateway.close();
    }
  });

  it('allows the WEB_ORIGINS allow-list (a separately hosted front end) on REST and the socket', async () => {
    const gateway = await startGateway({
      bus: buses.gatewayBus,
      port: 0,
      host: '127.0.0.1',
      webOrigins: webOriginsFrom({ WEB_ORIGINS: `https://painel.example.com/, ${webOrigin}` }),
      env: { JWT_SECRET: jwtSecret },
    });
    const allowed = async (origin: string, path: string, init: RequestInit = {}) => {
      const res = await fetch(`${gateway.url}${path}`, {
        ...init,
        headers: { origin, ...(init.headers as Record<string, string>) },
      });
      await res.arrayBuffer();
      return res.headers.get('access-control-allow-origin');
    };
    try {
      for (const origin of ['https://painel.example.com', webOrigin]) {
        const preflight = {
          method: 'OPTIONS',
          headers: {
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'authorization',
          },
        };
        expect(await allowed(origin, '/auth/me', preflight)).toBe(origin);
        expect(await allowed(origin, '/socket.io/?EIO=4&transport=polling')).toBe(origin);
      }
      expect(await allowed('https://other.example.com', '/version')).toBeNull();
      expect(
        await allowed('https://other.example.com', '/socket.io/?EIO=4&transport=polling'),
      ).not.toBe('https://other.example.com');
    } finally {
      await gateway.close();
    }
  });

  it('gives refreshing a budget per session (refresh cookie) and a ceiling per address', async () => {
    const gateway = await startGateway({
      bus: buses.gatewayBus,
      port: 0,
      host: '127.0.0.1',
      webOrigins: [webOrigin],
      env: {
        JWT_SECRET: jwtSecret,
        AUTH_RATE_LIMIT: '1',
        REFRESH_RATE_LIMIT: '2',
        REFRESH_IP_RATE_LIMIT: '7',
        AUTH_RATE_WINDOW_MS: '60000',
      },
    });
    // no identity behind this gateway: what is not limited is answered 401 or 503, never 429
    const refresh = async (cookie?: string) => {
      const res = await fetch(`${gateway.url}/auth/refresh_token`, {
        method: 'POST',
        headers: cookie ? { cookie: `jrt=${cookie}` } : {},
      });
      await res.arrayBuffer();
      return res.status === 429 ? 429 : 'passed';
    };
    try {
      // the login budget is spent: refreshing does not care
      await fetch(`${gateway.url}/auth/login`, { method: 'POST' });
      expect((await fetch(`${gateway.url}/auth/login`, { method: 'POST' })).status).toBe(429);
      // each session (many users behind one shared address) has its own budget
      expect([await refresh('ana'), await refresh('ana'), await refresh('ana')]).toEqual([
        'passed',
        'passed',
        429,
      ]);
      expect([await refresh('bia'), await refresh('bia')]).toEqual(['passed', 'passed']);
      // without a cookie the address is the key
      expect([await refresh(), await refresh()]).toEqual(['passed', 'passed']);
      // the address's ceiling (7) bounds made-up cookies
      expect(await refresh('caio')).toBe(429);
    } finally {
      await gateway.close();
    }
  });

  it('answers 400 ERR_BOT_CHECK_FAILED when the bot check fails, before asking identity', async () => {
    let asked = false;
    const sub = await buses.serviceBus.handle(Subjects.identity.login, async () => {
      asked = true;
      throw new AppError('ERR_INVALID_CREDENTIALS');
    });
    const gateway = await startGateway({
      bus: buses.gatewayBus,
      port: 0,
      host: '127.0.0.1',
      webOrigins: [webOrigin],
      env: { JWT_SECRET: jwtSecret },
      botVerifier: { enabled: true, verify: async (token) => token === 'human' },
    });
    try {
      const login = (extra: object) =>
        fetch(`${gateway.url}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'a@b.co', password: 'x', ...extra }),
        });
      const missing = await login({});
      expect(missing.status).toBe(400);
      expect((await json(missing)).error).toBe('ERR_BOT_CHECK_FAILED');
      expect((await login({ 'cf-turnstile-response': 'robot' })).status).toBe(400);
      expect(asked).toBe(false);
      expect((await login({ 'cf-turnstile-response': 'human' })).status).toBe(401);
      expect(asked).toBe(true);
    } finally {
      await gateway.close();
      await sub.unsubscribe();
    }
  });

  it('gives a socket handshake the client address behind a trusted proxy, else the peer', async () => {
    const presence: RequestContext[] = [];
    const sub = await buses.serviceBus.handle(Subjects.identity.userPresence, async (payload) => {
      presence.push(payload.ctx as RequestContext);
      return {};
    });
    const start = (trusted: string) =>
      startGateway({
        bus: buses.gatewayBus,
        port: 0,
        host: '127.0.0.1',
        webOrigins: [webOrigin],
        env: { JWT_SECRET: jwtSecret, TRUSTED_PROXIES: trusted },
      });
    const [behindIngress, direct] = [await start('127.0.0.0/8'), await start('10.0.0.0/8')];
    const token = await signAccessToken({ sub: '77', cid: 2 });
    const opened: Socket[] = [];
    const connectVia = (url: string) =>
      new Promise<void>((resolve, reject) => {
        const s = io(url, {
          path: '/socket.io',
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token },
          extraHeaders: { 'x-forwarded-for': '6.6.6.6, 198.51.100.9' },
        });
        opened.push(s);
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
    try {
      await connectVia(behindIngress.url);
      await waitFor(() => presence.length === 1, 5_000, 'presence behind the ingress');
      expect(presence[0]?.clientIp).toBe('198.51.100.9');
      await connectVia(direct.url);
      await waitFor(() => presence.length === 2, 5_000, 'presence of a direct peer');
      expect(presence[1]?.clientIp).toBe('127.0.0.1');
    } finally {
      for (const s of opened) s.close();
      await behindIngress.close();
      await direct.close();
      await sub.unsubscribe();
    }
  });

  it('refuses to start with a TRUSTED_PROXIES entry that is not a CIDR, naming it', async () => {
    await expect(
      startGateway({
        bus: buses.gatewayBus,
        port: 0,
        host: '127.0.0.1',
        webOrigins: [webOrigin],
        env: { JWT_SECRET: jwtSecret, TRUSTED_PROXIES: '10.0.0.0/8, ingress' },
      }),
    ).rejects.toThrow(/TRUSTED_PROXIES/);
  });

  it('refuses to start with a missing or short JWT_SECRET, naming it', async () => {
    await expect(
      startGateway({
        bus: buses.gatewayBus,
        port: 0,
        webOrigins: [],
        env: { JWT_SECRET: 'short' },
      }),
    ).rejects.toThrow(/JWT_SECRET/);
  });
});
