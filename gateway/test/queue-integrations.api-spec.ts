import { socketEvent } from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import { startTicketsService } from '@sb/tickets';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import { DialogflowEmulator } from '@sb/testing/bot-emulators';
import {
  busKinds,
  connectSocket,
  json,
  jwtSecret,
  recordEvents,
  signAccessToken,
  startIdentityStack,
  stopIdentityStack,
  waitFor,
  type IdentityStack,
  requestAs,
} from './support/gateway-harness.js';

// Queue integrations through the gateway with the real tickets service and a Dialogflow emulator.
// Roles: a plain user and an admin of company 1 (plan with useIntegration), the same admin on a plan
// without it, and the admin of another company. `2xx` means any success, 403 a refused role or plan,
// 404 another tenant's id.

type Role = 'user' | 'admin' | 'noPlan' | 'otherAdmin';
type Expected = '2xx' | 403 | 404;
type Fixture = { keptId: number; doomedId: number };
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  expect: [Role, Expected][];
};

const unique = () => Math.random().toString(36).slice(2, 8);
const listed: [Role, Expected][] = [
  ['user', 403],
  ['noPlan', 403],
  ['otherAdmin', '2xx'],
  ['admin', '2xx'],
];
const owned: [Role, Expected][] = [
  ['user', 403],
  ['noPlan', 403],
  ['otherAdmin', 404],
  ['admin', '2xx'],
];

const table: Row[] = [
  { method: 'GET', path: () => '/queueIntegration', expect: listed },
  { method: 'GET', path: (f) => `/queueIntegration/${f.keptId}`, expect: owned },
  {
    method: 'POST',
    path: () => '/queueIntegration',
    body: () => ({ type: 'webhook', name: `Hook ${unique()}`, urlN8N: 'https://hooks.test/a' }),
    expect: listed,
  },
  {
    method: 'PUT',
    path: (f) => `/queueIntegration/${f.keptId}`,
    body: () => ({ type: 'typebot', name: 'Kept bot', typebotSlug: 'kept' }),
    expect: owned,
  },
  { method: 'DELETE', path: (f) => `/queueIntegration/${f.doomedId}`, expect: owned },
];

const kinds = await busKinds();

describe.each(kinds)('queue integrations over the $name', (kind) => {
  let stack: IdentityStack;
  let ticketsDb: TestDatabase;
  let tickets: RunningService;
  let emulator: DialogflowEmulator;
  let key: string;
  const tokens = {} as Record<Role, string>;
  let fixture: Fixture;

  const call = (role: Role, method: string, path: string, body?: unknown) =>
    requestAs(stack.gateway.url, tokens[role], method, path, body);

  const created = async (res: Response): Promise<{ id: number }> => {
    if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
    return (await json(res)) as { id: number };
  };

  beforeAll(async () => {
    emulator = await new DialogflowEmulator().start();
    emulator.when('Olá', 'Oi! Tudo bem?');
    key = emulator.createServiceAccountKey({ projectId: 'sales-agent' });
    const env = {
      JWT_SECRET: jwtSecret,
      AUTH_RATE_LIMIT: '0',
      DIALOGFLOW_URL: emulator.url,
      DIALOGFLOW_TIMEOUT_MS: '1500',
    };
    ticketsDb = await createTestDatabase('gateway_integrations_tickets');
    stack = await startIdentityStack(kind, {
      database: 'gateway_integrations',
      env,
      beforeGateway: async (buses) => {
        tickets = await startTicketsService({
          bus: buses.serviceBus,
          databaseUrl: ticketsDb.url,
          env,
        });
      },
    });
    const flags = ['useIntegration'] as never;
    tokens.user = await signAccessToken({ sub: '11', cid: 1, profile: 'user', flags });
    tokens.admin = await signAccessToken({ sub: '10', cid: 1, profile: 'admin', flags });
    tokens.noPlan = await signAccessToken({ sub: '10', cid: 1, profile: 'admin', flags: [] });
    tokens.otherAdmin = await signAccessToken({ sub: '20', cid: 2, profile: 'admin', flags });

    const typebot = (name: string) =>
      call('admin', 'POST', '/queueIntegration', {
        type: 'typebot',
        name,
        urlN8N: 'https://typebot.test',
        typebotSlug: name.toLowerCase(),
      }).then(created);
    fixture = { keptId: (await typebot('Kept')).id, doomedId: (await typebot('Doomed')).id };
  }, 90_000);

  afterAll(async () => {
    await tickets?.close();
    await stopIdentityStack(stack ?? {});
    await ticketsDb?.drop();
    await emulator?.close();
  }, 30_000);

  const named = new Proxy({} as Fixture, { get: (_t, k) => `:${String(k)}` });
  const label = (row: Row) => `${row.method} ${row.path(named)}`;

  describe('permission walk', () => {
    it.each(table.map((row) => [label(row), row] as const))('%s', async (_label, row) => {
      for (const [role, expected] of row.expect) {
        const res = await call(role, row.method, row.path(fixture), row.body?.(fixture));
        const body = await res.text();
        const got = res.status >= 200 && res.status < 300 ? '2xx' : res.status;
        expect({ role, status: got, body: got === expected ? '' : body }).toEqual({
          role,
          status: expected,
          body: '',
        });
        if (role === 'noPlan')
          expect(JSON.parse(body)).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED' });
      }
    });

    it('POST /queueIntegration/testSession', async () => {
      const body = { projectName: 'sales-agent', jsonContent: key, language: 'pt-BR' };
      for (const [role, expected] of [
        ['user', 403],
        ['noPlan', 403],
        ['admin', 201],
      ] as const) {
        const res = await call(role, 'POST', '/queueIntegration/testSession', body);
        expect({ role, status: res.status }).toEqual({ role, status: expected });
      }
    });
  });

  it('answers the page shape of spec 3 §7 and searches by name', async () => {
    const res = await call('admin', 'GET', '/queueIntegration?searchParam=kept&pageNumber=1');
    expect(res.status).toBe(200);
    const page = (await json(res)) as { queueIntegrations: { name: string }[]; hasMore: boolean };
    expect(page).toMatchObject({ hasMore: false, count: 1 });
    expect(page.queueIntegrations.map((i) => i.name)).toEqual(['Kept bot']);
  });

  it('answers 400 with the failing fields for a bad form', async () => {
    const res = await call('admin', 'POST', '/queueIntegration', { type: 'n8n', name: 'x' });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { name: ['Too Short!'], urlN8N: ['Required'] },
    });
    const badKey = await call('admin', 'POST', '/queueIntegration/testSession', {
      projectName: 'p',
      jsonContent: 'not a key',
    });
    expect(badKey.status).toBe(400);
  });

  it('tests a stored Dialogflow integration with its masked key', async () => {
    const saved = (await json(
      await call('admin', 'POST', '/queueIntegration', {
        type: 'dialogflow',
        name: `Agent ${unique()}`,
        projectName: 'sales-agent',
        jsonContent: key,
        language: 'pt-BR',
      }),
    )) as { id: number; jsonContent: string };
    expect(saved.jsonContent).not.toContain('PRIVATE KEY');
    const res = await call('admin', 'POST', '/queueIntegration/testSession', {
      id: saved.id,
      projectName: 'sales-agent',
      jsonContent: saved.jsonContent,
      language: 'pt-BR',
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ ok: true, text: 'Olá', responses: ['Oi! Tudo bem?'] });
  });

  it('answers the Dialogflow errors: timeout and failure', async () => {
    emulator.failDetectNext({ kind: 'slow', delayMs: 4000 });
    const slow = await call('admin', 'POST', '/queueIntegration/testSession', {
      projectName: 'sales-agent',
      jsonContent: key,
    });
    expect(slow.status).toBe(504);
    expect(await json(slow)).toMatchObject({ error: 'ERR_DIALOGFLOW_TIMEOUT' });
    emulator.failDetectNext({ kind: 'garbage' });
    const garbage = await call('admin', 'POST', '/queueIntegration/testSession', {
      projectName: 'sales-agent',
      jsonContent: key,
    });
    expect(garbage.status).toBe(400);
    expect(await json(garbage)).toMatchObject({ error: 'ERR_DIALOGFLOW_TEST_FAILED' });
  });

  it('tells the company sockets about integration changes', async () => {
    const socket = await connectSocket(stack.gateway.url, { token: tokens.admin });
    try {
      const received = recordEvents(socket);
      const name = socketEvent.company(1, 'queueIntegration');
      await created(
        await call('admin', 'PUT', `/queueIntegration/${fixture.keptId}`, {
          type: 'typebot',
          name: 'Kept bot',
          typebotSlug: 'kept-2',
        }),
      );
      await waitFor(() => received.some((r) => r.event === name), 5_000, 'the integration event');
      expect(received.find((r) => r.event === name)!.payload).toMatchObject({
        action: 'update',
        queueIntegration: { id: fixture.keptId, typebotSlug: 'kept-2' },
      });
    } finally {
      socket.close();
    }
  });
});
