import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCampaignsService } from '@sb/campaigns';
import {
  Subjects,
  type AuthResult,
  type BusRequest,
  type CampaignRecord,
  type CampaignReport,
  type CampaignsPage,
  type ContactListRecord,
  type RefsCheckRequest,
  type OptOutsPage,
  type SendMessageCommand,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { RunningService } from '@sb/platform/nest';
import pg from 'pg';
import { createDiskStorage } from '@sb/storage';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import {
  busKinds,
  json,
  jwtSecret,
  startIdentityStack,
  stopIdentityStack,
  type IdentityStack,
} from './support/gateway-harness.js';

// Campaigns through the gateway with the real identity and campaigns, and a stand-in connectors
// (company 1 owns connection 7, the other company connection 9). Roles: a plain user and an admin
// of company 1, the admin of another company. `2xx` means any success, 403 a refused role, 404
// another tenant's id.

type Role = 'user' | 'admin' | 'otherAdmin';
type Expected = '2xx' | 403 | 404;
type Fixture = { listId: number; campaignId: number; scheduledId: number; doomedId: number };
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  expect: [Role, Expected][];
};

const root = { email: 'root@campaigns.test', password: 'campaigns-root-pw' };
const adminsOnly = (other: Expected): [Role, Expected][] => [
  ['user', 403],
  ['otherAdmin', other],
  ['admin', '2xx'],
];
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
/** company 1's number that answered an opt-out word */
const optedOut = '5511977770009';
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const campaignBody = (f: Fixture) => ({
  name: 'Walk campaign',
  whatsappId: '7',
  contactListId: f.listId,
  message1: 'Olá {firstName}',
});

const table: Row[] = [
  { method: 'GET', path: () => '/campaigns', expect: adminsOnly('2xx') },
  { method: 'GET', path: (f) => `/campaigns/${f.campaignId}`, expect: adminsOnly(404) },
  { method: 'GET', path: (f) => `/campaigns/${f.campaignId}/report`, expect: adminsOnly(404) },
  // another company's connection is not found (the gateway's ownership check)
  { method: 'GET', path: () => '/campaigns/templates?whatsappId=7', expect: adminsOnly(404) },
  { method: 'POST', path: () => '/campaigns', body: campaignBody, expect: adminsOnly(404) },
  {
    method: 'PUT',
    path: (f) => `/campaigns/${f.campaignId}`,
    body: campaignBody,
    expect: adminsOnly(404),
  },
  { method: 'POST', path: (f) => `/campaigns/${f.scheduledId}/cancel`, expect: adminsOnly(404) },
  { method: 'POST', path: (f) => `/campaigns/${f.scheduledId}/restart`, expect: adminsOnly(404) },
  {
    method: 'DELETE',
    path: (f) => `/campaigns/${f.campaignId}/media-upload`,
    expect: adminsOnly(404),
  },
  {
    method: 'POST',
    path: (f) => `/campaigns/${f.campaignId}/test-send`,
    body: () => ({ number: '+55 11 97777-0002' }),
    expect: adminsOnly(404),
  },
  { method: 'DELETE', path: (f) => `/campaigns/${f.doomedId}`, expect: adminsOnly(404) },
  { method: 'GET', path: () => '/campaign-opt-outs?searchParam=7777', expect: adminsOnly('2xx') },
  {
    method: 'DELETE',
    path: () => `/campaign-opt-outs/${optedOut}`,
    expect: adminsOnly(404),
  },
];

const onDatabase = async (url: string, work: (db: pg.Client) => Promise<unknown>) => {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await work(db);
  } finally {
    await db.end();
  }
};

const kinds = await busKinds();

describe.each(kinds)('campaigns over the $name', (kind) => {
  let stack: IdentityStack;
  let campaignsDb: TestDatabase;
  let campaigns: RunningService;
  let mediaDir: string;
  const tokens = {} as Record<Role | 'super', string>;
  let fixture: Fixture;
  const sent: (SendMessageCommand & { companyId: number })[] = [];

  const url = (path: string) => `${stack.gateway.url}${path}`;
  const call = (role: keyof typeof tokens, method: string, path: string, body?: unknown) =>
    fetch(url(path), {
      method,
      headers: {
        authorization: `Bearer ${tokens[role]}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const ok = async <T>(res: Response): Promise<T> => {
    if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
    return (await json(res)) as T;
  };
  const login = async (email: string, password: string): Promise<AuthResult> =>
    ok<AuthResult>(
      await fetch(url('/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }),
    );

  beforeAll(async () => {
    const env = {
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: root.email,
      ADMIN_PASSWORD: root.password,
      AUTH_RATE_LIMIT: '0',
      SCHEDULE_POLL_MS: '0',
      CAMPAIGN_POLL_MS: '0',
    };
    mediaDir = await mkdtemp(join(tmpdir(), 'campaigns-media-'));
    campaignsDb = await createTestDatabase('gateway_campaigns_campaigns');
    stack = await startIdentityStack(kind, {
      database: 'gateway_campaigns',
      env,
      gateway: { storage: await createDiskStorage({ root: mediaDir }) },
      beforeGateway: async (buses) => {
        const owned = (companyId: number) => (companyId === 1 ? [7] : [9]);
        await buses.serviceBus.handle(Subjects.connectors.refsCheck, (payload: BusRequest) => {
          const { refs } = payload.data as RefsCheckRequest;
          const mine = owned(payload.ctx.companyId);
          const missing = (refs.connection ?? []).filter((id) => !mine.includes(Number(id)));
          return Promise.resolve({ missing: missing.length ? { connection: missing } : {} });
        });
        await buses.serviceBus.handle(Subjects.connectors.connectionList, (payload: BusRequest) =>
          Promise.resolve(
            owned(payload.ctx.companyId).map((id) => ({
              id,
              name: `Connection ${id}`,
              channel: 'whatsapp',
              status: 'CONNECTED',
              isDefault: true,
            })),
          ),
        );
        // the connection's approved templates, as connectors reads them from Meta
        await buses.serviceBus.handle(Subjects.connectors.templateList, (payload: BusRequest) => {
          const { connectionId } = payload.data as { connectionId: number };
          if (!owned(payload.ctx.companyId).includes(connectionId)) {
            return Promise.reject(new AppError('ERR_NO_WAPP_FOUND'));
          }
          return Promise.resolve([
            {
              name: 'order_update',
              language: 'pt_BR',
              category: 'UTILITY',
              body: 'Olá {{1}}, seu pedido {{2}} foi enviado.',
              bodyParameters: ['1', '2'],
              bodyParameterCount: 2,
            },
          ]);
        });
        await buses.serviceBus.handle(Subjects.connectors.messageSend, (payload: BusRequest) => {
          sent.push({ ...(payload.data as SendMessageCommand), companyId: payload.ctx.companyId });
          return Promise.resolve({
            externalId: `x${sent.length}`,
            ack: 1,
            sentAt: new Date().toISOString(),
          });
        });
        campaigns = await startCampaignsService({
          bus: buses.serviceBus,
          databaseUrl: campaignsDb.url,
          env,
        });
      },
    });
    const superSession = await login(root.email, root.password);
    tokens.super = superSession.token;
    await ok(
      await call('super', 'POST', '/companies', {
        name: 'Campaigns Other Co',
        email: 'other-admin@campaigns.test',
        password: 'other-pass-1',
        planId: superSession.user.company.planId,
      }),
    );
    tokens.otherAdmin = (await login('other-admin@campaigns.test', 'other-pass-1')).token;
    for (const profile of ['admin', 'user'] as const) {
      await ok(
        await call('super', 'POST', '/users', {
          name: `Campaigns ${profile}`,
          email: `${profile}@campaigns.test`,
          password: 'campaigns-pass-1',
          profile,
        }),
      );
      tokens[profile] = (await login(`${profile}@campaigns.test`, 'campaigns-pass-1')).token;
    }
    const list = await ok<ContactListRecord>(
      await call('admin', 'POST', '/contact-lists', { name: 'Campaign list' }),
    );
    await ok(
      await call('admin', 'POST', '/contact-list-items', {
        name: 'Ana Souza',
        number: '5511977770001',
        contactListId: list.id,
      }),
    );
    const create = (body: Record<string, unknown>) =>
      call('admin', 'POST', '/campaigns', {
        name: 'Fixture',
        whatsappId: '7',
        contactListId: list.id,
        message1: 'Hi',
        ...body,
      }).then((r) => ok<CampaignRecord>(r));
    await onDatabase(campaignsDb.url, (db) =>
      db.query(
        `INSERT INTO campaigns.campaign_opt_outs (company_id, number) VALUES (1, $1), (1, '5511966660001')`,
        [optedOut],
      ),
    );
    fixture = {
      listId: list.id,
      campaignId: (await create({ name: 'Kept campaign' })).id,
      scheduledId: (await create({ name: 'Scheduled', scheduledAt: inHours(3) })).id,
      doomedId: (await create({ name: 'Doomed' })).id,
    };
  }, 120_000);

  afterAll(async () => {
    await campaigns?.close();
    await stopIdentityStack(stack ?? {});
    await campaignsDb?.drop();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  }, 30_000);

  const named = new Proxy({} as Fixture, { get: (_t, key) => `:${String(key)}` });
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
      }
    });
  });

  it('answers the spec shapes: records and hasMore, the report with its counters', async () => {
    const page = await ok<CampaignsPage>(
      await call('admin', 'GET', '/campaigns?searchParam=walk&pageNumber=1'),
    );
    expect(page.hasMore).toBe(false);
    // the fixture renamed by the walk's PUT, and the walk's POST
    expect(page.records).toHaveLength(2);
    expect(page.records.find((c) => c.id === fixture.campaignId)).toEqual(
      expect.objectContaining({
        name: 'Walk campaign',
        status: 'INATIVA',
        whatsappId: '7',
        contactList: { id: fixture.listId, name: 'Campaign list' },
      }),
    );
    // either spelling of a status filters the list
    const inactive = await ok<CampaignsPage>(
      await call('admin', 'GET', '/campaigns?status=INACTIVA'),
    );
    expect(inactive.records.map((c) => c.id)).toContain(fixture.campaignId);
    const report = await ok<CampaignReport>(
      await call('admin', 'GET', `/campaigns/${fixture.campaignId}/report`),
    );
    expect(report).toEqual({
      campaign: expect.objectContaining({ id: fixture.campaignId }),
      counters: {
        total: 0,
        sent: 0,
        delivered: 0,
        confirmationRequested: 0,
        confirmed: 0,
        failed: 0,
        pending: 0,
        optOuts: 0,
        replies: 0,
      },
      records: [],
      hasMore: false,
    });
    const other = await ok<CampaignsPage>(await call('otherAdmin', 'GET', '/campaigns'));
    expect(other.records).toEqual([]);
  });

  it('validates with the messages of spec 3 §5 and refuses another company’s connection', async () => {
    const short = await call('admin', 'POST', '/campaigns', {
      ...campaignBody(fixture),
      name: 'a',
    });
    expect(short.status).toBe(400);
    expect(await json(short)).toMatchObject({ fields: { name: ['Too Short!'] } });
    const empty = await call('admin', 'POST', '/campaigns', { name: 'Promo' });
    expect(empty.status).toBe(400);
    expect(await json(empty)).toMatchObject({
      fields: {
        whatsappId: ['Select at least one connection'],
        contactListId: ['Choose a contact list or a tag'],
        message1: ['Write at least one message'],
      },
    });
    const foreign = await call('admin', 'POST', '/campaigns', {
      ...campaignBody(fixture),
      whatsappId: '7,9',
    });
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
    const unknown = await call('admin', 'GET', '/campaigns/999999');
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ error: 'ERR_NO_CAMPAIGN_FOUND' });
  });

  it("lists a connection's templates for the dialog, and refuses a template on a set without Cloud API", async () => {
    const templates = await ok<{ name: string }[]>(
      await call('admin', 'GET', '/campaigns/templates?whatsappId=7'),
    );
    expect(templates.map((t) => t.name)).toEqual(['order_update']);
    const missing = await call('admin', 'GET', '/campaigns/templates');
    expect(missing.status).toBe(400);
    expect(await json(missing)).toMatchObject({ error: 'ERR_VALIDATION' });
    // connection 7 is a Baileys one here: a template has nowhere to go
    const refused = await call('admin', 'POST', '/campaigns', {
      ...campaignBody(fixture),
      templateName: 'order_update',
      templateLanguage: 'pt_BR',
      templateParameters: ['{firstName}', '42'],
    });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({
      error: 'ERR_WAPP_TEMPLATES_UNSUPPORTED',
      fields: { whatsappId: ['Templates are sent on Cloud API connections: select one'] },
    });
  });

  it("test-sends the first variant to one number, filled for the list's contact", async () => {
    const campaign = await ok<CampaignRecord>(
      await call('admin', 'POST', '/campaigns', {
        ...campaignBody(fixture),
        name: 'Tried first',
        message2: 'Never the second',
      }),
    );
    sent.length = 0;
    const tried = await call('admin', 'POST', `/campaigns/${campaign.id}/test-send`, {
      number: '+55 11 97777-0001',
      whatsappId: '',
    });
    expect(await ok(tried)).toEqual({ sent: 1 });
    expect(sent).toEqual([
      expect.objectContaining({
        companyId: 1,
        connectionId: 7,
        peer: { number: '5511977770001', isGroup: false },
        body: 'Olá Ana',
      }),
    ]);
    // an agent's message, not a campaign's: not held by the connection's limits, nothing recorded
    expect(sent[0]!.bulk).toBeUndefined();
    const report = await ok<CampaignReport>(
      await call('admin', 'GET', `/campaigns/${campaign.id}/report`),
    );
    expect(report.counters.total).toBe(0);

    const bad = await call('admin', 'POST', `/campaigns/${campaign.id}/test-send`, {
      number: '12',
    });
    expect(bad.status).toBe(400);
    const foreign = await call('admin', 'POST', `/campaigns/${campaign.id}/test-send`, {
      number: '5511977770001',
      whatsappId: 9,
    });
    expect(await json(foreign)).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
  });

  it('lists the opted-out numbers by digits, and removes one', async () => {
    const page = await ok<OptOutsPage>(
      await call('admin', 'GET', '/campaign-opt-outs?searchParam=%2B55%2011%209666'),
    );
    expect(page).toEqual({
      records: [
        {
          number: '5511966660001',
          optedOutAt: expect.any(String),
          campaignId: null,
          campaignName: null,
        },
      ],
      hasMore: false,
    });
    expect(await ok(await call('admin', 'DELETE', '/campaign-opt-outs/+55 11 96666-0001'))).toEqual(
      {
        number: '5511966660001',
      },
    );
    const gone = await call('admin', 'DELETE', '/campaign-opt-outs/5511966660001');
    expect(gone.status).toBe(404);
    // another company sees none of them
    const other = await ok<OptOutsPage>(await call('otherAdmin', 'GET', '/campaign-opt-outs'));
    expect(other.records).toEqual([]);
  });

  it('attaches and removes a file through media-upload', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'flyer.png');
    const upload = (role: Role) =>
      fetch(url(`/campaigns/${fixture.campaignId}/media-upload`), {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[role]}` },
        body: form,
      });
    expect((await upload('user')).status).toBe(403);
    expect((await upload('otherAdmin')).status).toBe(404);
    const attached = await ok<CampaignRecord>(await upload('admin'));
    expect(attached.mediaName).toMatch(/flyer\.png$/);
    expect(attached.mediaPath).toContain('campaigns');
    const removed = await ok<CampaignRecord>(
      await call('admin', 'DELETE', `/campaigns/${fixture.campaignId}/media-upload`),
    );
    expect(removed).toMatchObject({ mediaPath: null, mediaName: null });
  });
});
