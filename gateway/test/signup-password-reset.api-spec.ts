import pg from 'pg';
import {
  Subjects,
  type AuthResult,
  type BusRequest,
  type NotificationSendRequest,
} from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import type { TestDatabase } from '@sb/testing';
import { startGateway, type RunningGateway } from '@sb/gateway';
import {
  busKinds,
  json,
  jwtSecret,
  sleep,
  startIdentityStack,
  stopIdentityStack,
  webOrigin,
  type BusPair,
} from './support/gateway-harness.js';

// Signup and password reset end to end: real identity, the gateway over HTTP, a stand-in for the
// connectors service that captures the texts it is asked to send.

const kinds = await busKinds();
const humanToken = 'human';

describe.each(kinds)('signup and password reset through the gateway over the $name', (kind) => {
  let database: TestDatabase;
  let db: pg.Pool;
  let buses: BusPair;
  let identity: RunningService;
  let gateway: RunningGateway;
  let publicPlanId: number;
  const sent: NotificationSendRequest[] = [];
  const env = {
    JWT_SECRET: jwtSecret,
    ADMIN_EMAIL: 'root@reset.test',
    ADMIN_PASSWORD: 'root-password',
    AUTH_RATE_LIMIT: '1000',
  };
  // a bot check that passes only the widget's token
  const botVerifier = { enabled: true, verify: async (token?: string) => token === humanToken };

  const api = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(`${gateway.url}${path}`, {
      ...init,
      headers: {
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });

  beforeAll(async () => {
    ({ database, buses, identity, gateway } = await startIdentityStack(kind, {
      database: 'gateway_signup',
      env,
      gateway: { botVerifier },
      // a stand-in for the connectors service, which sends the reset codes
      beforeGateway: async ({ serviceBus }) => {
        await serviceBus.handle(
          Subjects.connectors.notificationSend,
          async (payload: BusRequest) => {
            sent.push(payload.data as NotificationSendRequest);
            return { sent: true };
          },
        );
        await serviceBus.handle(Subjects.connectors.health, async () => ({
          service: 'connectors',
          status: 'ok',
          version: 'test',
        }));
      },
    }));
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    publicPlanId = (
      await db.query<{ id: number }>(
        `INSERT INTO identity.plans (name, users, connections, queues, amount, is_public)
         VALUES ('Start', 3, 1, 2, 49.90, true) RETURNING id`,
      )
    ).rows[0]!.id;
  }, 90_000);

  afterAll(async () => {
    await db?.end();
    await stopIdentityStack({ gateway, identity, buses, database });
  });

  const signupForm = (changes: Record<string, unknown> = {}) => ({
    name: 'Bea Lima',
    companyName: 'Lima Ltda',
    email: 'bea@lima.test',
    password: 'bea-password',
    phone: '+55 11 97777-1234',
    planId: publicPlanId,
    'cf-turnstile-response': humanToken,
    ...changes,
  });

  it('signs a company up and its admin logs in', async () => {
    const res = await api('/auth/signup', { method: 'POST', json: signupForm({ companyId: 1 }) });
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toEqual({ companyId: expect.any(Number), userId: expect.any(Number) });
    expect(created.companyId).not.toBe(1);

    const login = await api('/auth/login', {
      method: 'POST',
      json: {
        email: 'bea@lima.test',
        password: 'bea-password',
        'cf-turnstile-response': humanToken,
      },
    });
    expect(login.status).toBe(200);
    const body = (await json(login)) as AuthResult;
    expect(body.user).toMatchObject({
      companyId: created.companyId,
      profile: 'admin',
      super: false,
    });
  });

  it('refuses a signup without the bot check, with bad fields, or a taken email', async () => {
    const noBot = await api('/auth/signup', {
      method: 'POST',
      json: signupForm({ 'cf-turnstile-response': undefined, email: 'other@lima.test' }),
    });
    expect(noBot.status).toBe(400);
    expect(await json(noBot)).toMatchObject({ error: 'ERR_BOT_CHECK_FAILED' });

    const bad = await api('/auth/signup', { method: 'POST', json: { name: 'B' } });
    expect(bad.status).toBe(400);
    const badBody = await json(bad);
    expect(badBody.error).toBe('ERR_VALIDATION');
    expect(Object.keys(badBody.fields)).toEqual(
      expect.arrayContaining(['name', 'companyName', 'email', 'password', 'phone', 'planId']),
    );

    const taken = await api('/auth/signup', {
      method: 'POST',
      json: signupForm({ companyName: 'Another Co' }),
    });
    expect(taken.status).toBe(409);
    expect(await json(taken)).toMatchObject({ error: 'ERR_EMAIL_ALREADY_EXISTS' });
  });

  it('resets a password by code and drops the old sessions at once', async () => {
    const login = await api('/auth/login', {
      method: 'POST',
      json: {
        email: 'bea@lima.test',
        password: 'bea-password',
        'cf-turnstile-response': humanToken,
      },
    });
    const { token } = (await json(login)) as AuthResult;
    const me = () => api('/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await me()).status).toBe(200);

    const requested = await api('/api/enviar-email', {
      method: 'POST',
      json: { wpp: '5511977771234' },
    });
    expect(requested.status).toBe(200);
    const { requestId, ...rest } = await json(requested);
    expect(rest).toEqual({});
    const code = /\b(\d{6})\b/.exec(sent.at(-1)!.body)![1]!;
    expect(sent.at(-1)!.to).toBe('5511977771234');

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await api(`/api/verificar-code/${requestId}?code=${wrong}`);
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ error: 'ERR_INVALID_RESET_CODE' });

    const verified = await api(`/api/verificar-code/${requestId}?code=${code}`);
    expect(verified.status).toBe(200);
    const { verified: ok, resetToken } = await json(verified);
    expect(ok).toBe(true);

    const short = await api('/api/atualizar-senha', {
      method: 'PUT',
      json: { resetToken, newPassword: '123' },
    });
    expect(short.status).toBe(400);
    const saved = await api('/api/atualizar-senha', {
      method: 'PUT',
      json: { resetToken, newPassword: 'bea-new-password' },
    });
    expect(saved.status).toBe(200);

    // the session.revoked events reach the gateway: the old access token stops working
    const deadline = Date.now() + 5_000;
    let status = (await me()).status;
    while (status !== 401 && Date.now() < deadline) {
      await sleep(50);
      status = (await me()).status;
    }
    expect(status).toBe(401);

    const relogin = await api('/auth/login', {
      method: 'POST',
      json: {
        email: 'bea@lima.test',
        password: 'bea-new-password',
        'cf-turnstile-response': humanToken,
      },
    });
    expect(relogin.status).toBe(200);
  });

  it('answers an unknown number like a known one', async () => {
    const before = sent.length;
    const res = await api('/api/enviar-email', {
      method: 'POST',
      json: { wpp: '+1 555 010 9999' },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(await json(res))).toEqual(['requestId']);
    expect(sent).toHaveLength(before);
  });

  it('rate-limits the reset routes like /auth/*', async () => {
    const limited = await startGateway({
      bus: buses.gatewayBus,
      port: 0,
      host: '127.0.0.1',
      webOrigins: [webOrigin],
      env: { ...env, AUTH_RATE_LIMIT: '2' },
      botVerifier,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(
          `${limited.url}/api/verificar-code/00000000-0000-4000-8000-000000000000?code=123456`,
        );
        statuses.push(res.status);
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
