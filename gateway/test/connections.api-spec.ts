import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startConnectorsService } from '@sb/connectors';
import type { SocketFactory, WhatsappSocket } from '@sb/connectors/baileys';
import { Subjects, type ConnectionRecord } from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import {
  busKinds,
  connectSocket,
  json,
  recordEvents,
  sleep,
  waitFor,
  jwtSecret,
  standInRefsChecks,
  signAccessToken,
  startIdentityStack,
  stopIdentityStack,
  type IdentityStack,
  requestAs,
} from './support/gateway-harness.js';

// Connections through the gateway, with the real identity (plan limits) and connectors (no driver loaded:
// sessions only change status). Roles: a plain user and an admin of company 1, the admin of another
// company. `2xx` means any success, 403 a refused role, 404 another tenant's id.

type Role = 'user' | 'admin' | 'otherAdmin';
type Expected = '2xx' | 403 | 404;
type Fixture = { keptId: number; doomedId: number };
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (f: Fixture) => string;
  body?: () => unknown;
  upload?: boolean;
  expect: [Role, Expected][];
};

const everyone: [Role, Expected][] = [
  ['user', '2xx'],
  ['admin', '2xx'],
  ['otherAdmin', '2xx'],
];
const readable: [Role, Expected][] = [
  ['user', '2xx'],
  ['admin', '2xx'],
  ['otherAdmin', 404],
];
const adminWrites: [Role, Expected][] = [
  ['user', 403],
  ['otherAdmin', 404],
  ['admin', '2xx'],
];
const unique = () => Math.random().toString(36).slice(2, 8);
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const table: Row[] = [
  { method: 'GET', path: () => '/whatsapp', expect: everyone },
  { method: 'GET', path: (f) => `/whatsapp/${f.keptId}?session=0`, expect: readable },
  {
    method: 'POST',
    path: () => '/whatsapp',
    body: () => ({ name: `Walk ${unique()}` }),
    expect: [
      ['user', 403],
      ['admin', '2xx'],
    ],
  },
  {
    method: 'PUT',
    path: (f) => `/whatsapp/${f.keptId}`,
    body: () => ({ name: 'Kept', isDefault: true }),
    expect: adminWrites,
  },
  {
    method: 'POST',
    path: (f) => `/whatsapp/${f.keptId}/media-upload`,
    upload: true,
    expect: adminWrites,
  },
  { method: 'DELETE', path: (f) => `/whatsapp/${f.keptId}/media-upload`, expect: adminWrites },
  { method: 'POST', path: (f) => `/whatsappsession/${f.keptId}`, expect: adminWrites },
  { method: 'PUT', path: (f) => `/whatsappsession/${f.keptId}`, expect: adminWrites },
  { method: 'DELETE', path: (f) => `/whatsappsession/${f.keptId}`, expect: adminWrites },
  {
    method: 'POST',
    path: () => '/whatsapp-restart',
    expect: [
      ['user', 403],
      ['admin', '2xx'],
    ],
  },
  { method: 'POST', path: (f) => `/closedimported/${f.keptId}`, expect: adminWrites },
  { method: 'DELETE', path: (f) => `/whatsapp/${f.doomedId}`, expect: adminWrites },
];

/** No WhatsApp is reachable from tests: Baileys sockets that stay silent (sessions stay OPENING). */
const silentSocket: SocketFactory = async () =>
  ({
    ev: { on: () => undefined },
    user: undefined,
    end: () => undefined,
    logout: async () => undefined,
  }) as unknown as WhatsappSocket;

const kinds = await busKinds();

describe.each(kinds)('connections over the $name', (kind) => {
  let stack: IdentityStack;
  let connectorsDb: TestDatabase;
  let connectors: RunningService;
  let mediaDir: string;
  const tokens = {} as Record<Role, string>;
  let fixture: Fixture;

  const call = (role: Role, method: string, path: string, body?: unknown) =>
    requestAs(stack.gateway.url, tokens[role], method, path, body);

  const upload = (role: Role, path: string, data: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), name);
    return fetch(`${stack.gateway.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[role]}` },
      body: form,
    });
  };

  const created = async (res: Response): Promise<ConnectionRecord> => {
    if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
    return (await json(res)) as ConnectionRecord;
  };

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'sb-connections-'));
    const env = { JWT_SECRET: jwtSecret, AUTH_RATE_LIMIT: '0', MEDIA_DIR: mediaDir };
    connectorsDb = await createTestDatabase('gateway_connections_connectors');
    stack = await startIdentityStack(kind, {
      database: 'gateway_connections',
      env,
      beforeGateway: async (buses) => {
        connectors = await startConnectorsService(
          { bus: buses.serviceBus, databaseUrl: connectorsDb.url, env },
          { whatsappSocketFactory: silentSocket },
        );
        await standInRefsChecks(buses.serviceBus, ['tickets']);
        // the tickets side of POST /closedimported (the tickets service is not part of this stack)
        await buses.serviceBus.handle(Subjects.tickets.ticketCloseImported, async () => ({
          closed: 0,
        }));
      },
    });
    tokens.user = await signAccessToken({ sub: '11', cid: 1, profile: 'user' });
    tokens.admin = await signAccessToken({ sub: '10', cid: 1, profile: 'admin' });
    tokens.otherAdmin = await signAccessToken({ sub: '20', cid: 2, profile: 'admin' });
    const kept = await call('admin', 'POST', '/whatsapp', { name: 'Kept' }).then(created);
    const doomed = await call('admin', 'POST', '/whatsapp', { name: 'Doomed' }).then(created);
    fixture = { keptId: kept.id, doomedId: doomed.id };
  }, 90_000);

  afterAll(async () => {
    await connectors?.close();
    await stopIdentityStack(stack ?? {});
    await connectorsDb?.drop();
    await rm(mediaDir, { recursive: true, force: true });
  }, 30_000);

  const named = new Proxy({} as Fixture, { get: (_t, key) => `:${String(key)}` });
  const label = (row: Row) => `${row.method} ${row.path(named)}`;

  describe('permission walk', () => {
    it.each(table.map((row) => [label(row), row] as const))('%s', async (_label, row) => {
      for (const [role, expected] of row.expect) {
        const res = row.upload
          ? await upload(role, row.path(fixture), png, 'hello.png')
          : await call(role, row.method, row.path(fixture), row.body?.());
        const body = await res.text();
        const got = res.status >= 200 && res.status < 300 ? '2xx' : res.status;
        expect({ role, status: got, body: got === expected ? '' : body }).toEqual({
          role,
          status: expected,
          body: '',
        });
      }
    });
  });

  it('answers the catalogue codes of the connection rules', async () => {
    const res = await call('admin', 'PUT', `/whatsapp/${fixture.keptId}`, {
      name: 'Kept',
      isDefault: true,
      queueIds: [1, 2],
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ error: 'ERR_WAPP_GREETING_REQUIRED' });
    const missing = await call('admin', 'GET', '/whatsapp/999999');
    expect(missing.status).toBe(404);
    expect(await json(missing)).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
  });

  it('gives the external-API token to admins only, over HTTP and on each socket', async () => {
    const userSocket = await connectSocket(stack.gateway.url, { token: tokens.user });
    const adminSocket = await connectSocket(stack.gateway.url, { token: tokens.admin });
    try {
      const userSeen = recordEvents(userSocket);
      const adminSeen = recordEvents(adminSocket);
      const res = await call('admin', 'PUT', `/whatsapp/${fixture.keptId}`, {
        token: `ext-token-${kind.name.length}-${unique()}`,
      });
      const updated = await created(res);
      expect(updated.token).toMatch(/^ext-token-/);
      const ofKept = (seen: { event: string; payload: unknown }[]) =>
        seen.filter(
          (e) =>
            e.event === 'company-1-whatsapp' &&
            (e.payload as { whatsapp?: ConnectionRecord }).whatsapp?.id === fixture.keptId,
        );
      await waitFor(
        () => ofKept(userSeen).length > 0 && ofKept(adminSeen).length > 0,
        5_000,
        'whatsapp events',
      );
      await sleep(100);
      expect(ofKept(adminSeen)).toHaveLength(1);
      expect(ofKept(userSeen)).toHaveLength(1);
      expect((ofKept(adminSeen)[0]!.payload as { whatsapp: ConnectionRecord }).whatsapp.token).toBe(
        updated.token,
      );
      expect(
        (ofKept(userSeen)[0]!.payload as { whatsapp: ConnectionRecord }).whatsapp.token,
      ).toBeNull();
      expect(JSON.stringify(userSeen)).not.toContain(updated.token!);
      const asUser = await call('user', 'GET', '/whatsapp');
      expect(await asUser.text()).not.toContain(updated.token!);
      const one = await json(await call('user', 'GET', `/whatsapp/${fixture.keptId}`));
      expect(one.token).toBeNull();
      const asAdmin = await json(await call('admin', 'GET', `/whatsapp/${fixture.keptId}`));
      expect(asAdmin.token).toBe(updated.token);
    } finally {
      userSocket.close();
      adminSocket.close();
    }
  });

  it('files connection changes in the audit log: admins read it, plain users get 403', async () => {
    const forbidden = await call('user', 'GET', '/audit-log');
    expect(forbidden.status).toBe(403);
    expect(await json(forbidden)).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    let page: { entries: { entity: string; action: string; ip: string | null; after: unknown }[] } =
      {
        entries: [],
      };
    const deadline = Date.now() + 8_000;
    while (Date.now() < deadline) {
      page = await json(await call('admin', 'GET', '/audit-log?entity=connection'));
      if (page.entries.some((e) => e.action === 'update')) break;
      await sleep(100);
    }
    const update = page.entries.find((e) => e.action === 'update');
    expect(update).toBeDefined();
    expect(update!.ip).toBeTruthy();
    expect(JSON.stringify(page)).not.toContain('ext-token-');
    const other = await json(await call('otherAdmin', 'GET', '/audit-log?entity=connection'));
    expect(other.count).toBe(0);
    const bad = await call('admin', 'GET', '/audit-log?from=not-a-date');
    expect(bad.status).toBe(400);
  });

  it('never answers the channel secrets', async () => {
    const cloud = await call('admin', 'POST', '/whatsapp', {
      name: 'Cloud',
      channel: 'whatsappapi',
      credentials: { phoneNumberId: '123', accessToken: 'very-secret-token' },
    }).then(created);
    expect(cloud.channel).toBe('whatsappapi');
    const list = await call('admin', 'GET', '/whatsapp');
    expect(await list.text()).not.toContain('very-secret-token');
  });
});
