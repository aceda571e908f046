import { startCampaignsService } from '@sb/campaigns';
import {
  campaignSettingsFromRows,
  type AuthResult,
  type CampaignSettingRow,
  type CampaignSettingsValues,
  type ContactListImportReport,
  type ContactListItemRecord,
  type ContactListItemsPage,
  type ContactListRecord,
  type ContactListsPage,
} from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import writeXlsxFile from 'write-excel-file/node';
import {
  busKinds,
  connectSocket,
  json,
  jwtSecret,
  recordEvents,
  sleep,
  startIdentityStack,
  stopIdentityStack,
  waitFor,
  type IdentityStack,
} from './support/gateway-harness.js';

type Heard = ReturnType<typeof recordEvents>;

// Contact lists, their items and the campaign settings through the gateway with the real identity and
// campaigns. Roles: a plain user and an admin of company 1, the admin of another company. `2xx` means
// any success, 403 a refused role, 404 another tenant's id.

type Role = 'user' | 'admin' | 'otherAdmin';
type Expected = '2xx' | 403 | 404;
type Fixture = { listId: number; doomedListId: number; itemId: number; doomedItemId: number };
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  expect: [Role, Expected][];
};

const root = { email: 'root@lists.test', password: 'lists-root-pw' };
const adminsOnly = (other: Expected): [Role, Expected][] => [
  ['user', 403],
  ['otherAdmin', other],
  ['admin', '2xx'],
];

const table: Row[] = [
  { method: 'GET', path: () => '/contact-lists', expect: adminsOnly('2xx') },
  { method: 'GET', path: () => '/contact-lists/list', expect: adminsOnly('2xx') },
  { method: 'GET', path: (f) => `/contact-lists/${f.listId}`, expect: adminsOnly(404) },
  {
    method: 'POST',
    path: () => '/contact-lists',
    body: () => ({ name: 'Walk list' }),
    expect: adminsOnly('2xx'),
  },
  {
    method: 'PUT',
    path: (f) => `/contact-lists/${f.listId}`,
    body: () => ({ name: 'Kept list' }),
    expect: adminsOnly(404),
  },
  {
    method: 'GET',
    path: (f) => `/contact-list-items?contactListId=${f.listId}`,
    expect: adminsOnly(404),
  },
  { method: 'GET', path: (f) => `/contact-list-items/${f.itemId}`, expect: adminsOnly(404) },
  {
    method: 'POST',
    path: () => '/contact-list-items',
    body: (f) => ({ name: 'Walker', number: `55119${Date.now() % 1e8}`, contactListId: f.listId }),
    expect: adminsOnly(404),
  },
  {
    method: 'PUT',
    path: (f) => `/contact-list-items/${f.itemId}`,
    body: (f) => ({ name: 'Kept item', number: '5511977770001', contactListId: f.listId }),
    expect: adminsOnly(404),
  },
  {
    method: 'DELETE',
    path: (f) => `/contact-list-items/${f.doomedItemId}`,
    expect: adminsOnly(404),
  },
  { method: 'DELETE', path: (f) => `/contact-lists/${f.doomedListId}`, expect: adminsOnly(404) },
  { method: 'GET', path: () => '/campaign-settings', expect: adminsOnly('2xx') },
  {
    method: 'POST',
    path: () => '/campaign-settings',
    body: () => ({ settings: { messageInterval: 5 } }),
    expect: adminsOnly('2xx'),
  },
];

const kinds = await busKinds();

describe.each(kinds)('contact lists over the $name', (kind) => {
  let stack: IdentityStack;
  let campaignsDb: TestDatabase;
  let campaigns: RunningService;
  const tokens = {} as Record<Role | 'super', string>;
  let fixture: Fixture;

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
  const upload = (listId: number, bytes: Buffer, name: string, role: Role = 'admin') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return fetch(url(`/contact-lists/${listId}/upload`), {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[role]}` },
      body: form,
    });
  };

  beforeAll(async () => {
    const env = {
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: root.email,
      ADMIN_PASSWORD: root.password,
      AUTH_RATE_LIMIT: '0',
      SCHEDULE_POLL_MS: '0',
    };
    campaignsDb = await createTestDatabase('gateway_lists_campaigns');
    stack = await startIdentityStack(kind, {
      database: 'gateway_lists',
      env,
      beforeGateway: async (buses) => {
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
        name: 'Lists Other Co',
        email: 'other-admin@lists.test',
        password: 'other-pass-1',
        planId: superSession.user.company.planId,
      }),
    );
    tokens.otherAdmin = (await login('other-admin@lists.test', 'other-pass-1')).token;
    for (const profile of ['admin', 'user'] as const) {
      await ok(
        await call('super', 'POST', '/users', {
          name: `Lists ${profile}`,
          email: `${profile}@lists.test`,
          password: 'lists-pass-1',
          profile,
        }),
      );
      tokens[profile] = (await login(`${profile}@lists.test`, 'lists-pass-1')).token;
    }
    const list = (name: string) =>
      call('admin', 'POST', '/contact-lists', { name }).then((r) => ok<ContactListRecord>(r));
    const item = (listId: number, number: string) =>
      call('admin', 'POST', '/contact-list-items', {
        name: 'Item',
        number,
        email: '',
        contactListId: listId,
      }).then((r) => ok<ContactListItemRecord>(r));
    const kept = await list('Kept list');
    const doomed = await list('Doomed list');
    fixture = {
      listId: kept.id,
      doomedListId: doomed.id,
      itemId: (await item(kept.id, '5511977770001')).id,
      doomedItemId: (await item(kept.id, '5511977770002')).id,
    };
  }, 120_000);

  afterAll(async () => {
    await campaigns?.close();
    await stopIdentityStack(stack ?? {});
    await campaignsDb?.drop();
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

  it('answers the spec shapes: records with contactsCount, contacts with isWhatsappValid', async () => {
    const page = await ok<ContactListsPage>(
      await call('admin', 'GET', '/contact-lists?searchParam=kept'),
    );
    expect(page.hasMore).toBe(false);
    expect(page.records).toEqual([
      // the fixture's item and the walk's (the doomed one is gone)
      expect.objectContaining({ id: fixture.listId, name: 'Kept list', contactsCount: 2 }),
    ]);
    const items = await ok<ContactListItemsPage>(
      await call('admin', 'GET', `/contact-list-items?contactListId=${fixture.listId}`),
    );
    expect(items.hasMore).toBe(false);
    expect(items.contacts.find((c) => c.id === fixture.itemId)).toEqual(
      expect.objectContaining({
        number: '5511977770001',
        // no connection to check it with: unknown
        isWhatsappValid: null,
        contactListId: fixture.listId,
      }),
    );
    const other = await ok<ContactListsPage>(await call('otherAdmin', 'GET', '/contact-lists'));
    // only the list it made in the walk
    expect(other.records.map((r) => [r.name, r.companyId])).toEqual([['Walk list', 2]]);
  });

  it('validates lists and items with the messages of spec 3 §5', async () => {
    const short = await call('admin', 'POST', '/contact-lists', { name: 'a' });
    expect(short.status).toBe(400);
    expect(await json(short)).toMatchObject({ fields: { name: ['Too Short!'] } });
    const bad = await call('admin', 'POST', '/contact-list-items', {
      name: 'x'.repeat(51),
      number: '123',
      email: 'nope',
      contactListId: fixture.listId,
    });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({
      fields: { name: ['Too Long!'], number: ['Too Short!'], email: ['Invalid email'] },
    });
    const duplicate = await call('admin', 'POST', '/contact-list-items', {
      name: 'Again',
      number: '+55 11 97777-0001',
      contactListId: fixture.listId,
    });
    expect(duplicate.status).toBe(409);
    expect(await json(duplicate)).toMatchObject({ error: 'ERR_CONTACT_LIST_ITEM_DUPLICATED' });
    const unknown = await call('admin', 'GET', '/contact-lists/999999');
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ error: 'ERR_NO_CONTACT_LIST_FOUND' });
  });

  it("sends a list's and its items' changes to the admins' sockets, never to a plain user's", async () => {
    const sockets = await Promise.all(
      (['admin', 'user'] as const).map((role) =>
        connectSocket(stack.gateway.url, { token: tokens[role] }),
      ),
    );
    try {
      const [admin, user] = sockets.map(recordEvents) as [Heard, Heard];
      await sleep(100); // the sockets are in their rooms before the changes go out
      const list = await ok<ContactListRecord>(
        await call('admin', 'POST', '/contact-lists', { name: 'Socket list' }),
      );
      const item = await ok<ContactListItemRecord>(
        await call('admin', 'POST', '/contact-list-items', {
          name: 'Private Person',
          number: '5511977770099',
          email: 'private@lists.test',
          contactListId: list.id,
        }),
      );
      const names = (heard: Heard) => heard.map((e) => e.event);
      await waitFor(
        () => names(admin).includes('company-1-ContactListItem'),
        10_000,
        "the admin's item event",
      );
      expect(names(admin)).toEqual(
        expect.arrayContaining(['company-1-ContactList', 'company-1-ContactListItem']),
      );
      expect(JSON.stringify(admin)).toContain('private@lists.test');
      await sleep(300); // time for a wrong delivery to show up
      const leaked = user.filter((e) => /ContactList/.test(e.event));
      expect(leaked).toEqual([]);
      expect(JSON.stringify(user)).not.toContain('5511977770099');
      await ok(await call('admin', 'DELETE', `/contact-list-items/${item.id}`));
      await ok(await call('admin', 'DELETE', `/contact-lists/${list.id}`));
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('imports a sheet: valid rows kept, each refused row says why', async () => {
    const list = await ok<ContactListRecord>(
      await call('admin', 'POST', '/contact-lists', { name: 'Imported' }),
    );
    const sheet = await writeXlsxFile([
      ['Nome', 'Numero', 'Email'],
      ['Ana Souza', '5511988880001', 'ana@sheet.test'],
      ['Bruno', '(55) 11 98888-0002', ''],
      ['C', '5511988880003', ''],
      ['Dora', '5511988880004', 'not-an-email'],
      ['Ana again', '5511988880001', ''],
    ]).toBuffer();
    const report = await ok<ContactListImportReport>(await upload(list.id, sheet, 'list.xlsx'));
    expect(report).toEqual({
      total: 5,
      added: 2,
      updated: 0,
      failed: [
        { row: 4, fields: { name: ['Too Short!'] } },
        { row: 5, fields: { email: ['Invalid email'] } },
        { row: 6, fields: { number: ['Repeated (row 2)'] } },
      ],
    });
    // the same sheet again finds the rows it stored
    const again = await ok<ContactListImportReport>(await upload(list.id, sheet, 'list.xls'));
    expect(again).toMatchObject({ added: 0, updated: 2 });
    const stored = await ok<ContactListRecord>(
      await call('admin', 'GET', `/contact-lists/${list.id}`),
    );
    expect(stored.contactsCount).toBe(2);

    const notSheet = await upload(list.id, Buffer.from('name,number\nA,1'), 'list.xlsx');
    expect(notSheet.status).toBe(415);
    // over the 20 MB the route takes: the answer names that limit
    const huge = await upload(list.id, Buffer.alloc(21 * 1024 * 1024, 1), 'huge.xlsx');
    expect(huge.status).toBe(413);
    expect(await json(huge)).toMatchObject({
      error: 'ERR_PAYLOAD_TOO_LARGE',
      message: 'The file is larger than 20 MB.',
    });
    const legacy = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
    expect((await upload(list.id, legacy, 'old.xls')).status).toBe(415);
    const wrongColumns = await writeXlsxFile([
      ['a', 'b'],
      ['1', '2'],
    ]).toBuffer();
    const wrong = await upload(list.id, wrongColumns, 'wrong.xlsx');
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { file: [expect.any(String)] },
    });
    expect((await upload(list.id, sheet, 'list.xlsx', 'user')).status).toBe(403);
    expect((await upload(list.id, sheet, 'list.xlsx', 'otherAdmin')).status).toBe(404);
  });

  it('saves the campaign settings as a whole, per company', async () => {
    const settings: CampaignSettingsValues = {
      messageInterval: 10,
      longerIntervalAfter: 5,
      greaterInterval: 30,
      variables: [{ key: 'site', value: 'https://example.test' }],
      optOutWords: ['SAIR', 'CANCELAR'],
      replyWindowHours: 48,
    };
    // both answers are the family's rows: one { key, value } per setting, each value JSON text
    const saved = (await ok(
      await call('admin', 'POST', '/campaign-settings', { settings }),
    )) as CampaignSettingRow[];
    expect(campaignSettingsFromRows(saved)).toEqual(settings);
    const rows = (await ok(
      await call('admin', 'GET', '/campaign-settings'),
    )) as CampaignSettingRow[];
    expect(rows).toContainEqual({ key: 'messageInterval', value: '10' });
    expect(rows).toContainEqual({ key: 'optOutWords', value: '["SAIR","CANCELAR"]' });
    expect(campaignSettingsFromRows(rows)).toEqual(settings);
    // the other company saved only { messageInterval: 5 } in the walk: the rest are defaults
    const other = (await ok(
      await call('otherAdmin', 'GET', '/campaign-settings'),
    )) as CampaignSettingRow[];
    expect(campaignSettingsFromRows(other)).toEqual({
      messageInterval: 5,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
      optOutWords: ['SAIR', 'PARAR', 'STOP'],
      replyWindowHours: 24,
    });
    const bad = await call('admin', 'POST', '/campaign-settings', {
      settings: { messageInterval: 7, variables: [{ key: 'a' }, { key: 'a' }] },
    });
    expect(bad.status).toBe(400);
  });

  // building a 100,000-row sheet takes seconds: the connection the client keeps idle meanwhile must
  // stay open (the gateway's keep-alive outlasts proxies' 60 s; Node's default 5 s reset this upload)
  it('imports 100,000 rows and refuses one more, whole', async () => {
    const list = await ok<ContactListRecord>(
      await call('admin', 'POST', '/contact-lists', { name: 'Big list' }),
    );
    const rows = (count: number) => [
      ['nome', 'numero', 'email'],
      ...Array.from({ length: count }, (_, i) => [
        `Person ${i}`,
        `55119${String(i).padStart(8, '0')}`,
        '',
      ]),
    ];
    const sheet = await writeXlsxFile(rows(100_000)).toBuffer();
    const started = Date.now();
    const report = await ok<ContactListImportReport>(await upload(list.id, sheet, 'big.xlsx'));
    const seconds = (Date.now() - started) / 1000;
    console.info(`list_import_s=${seconds.toFixed(2)} (${kind.name}, 100,000 rows)`);
    expect(report).toMatchObject({ total: 100_000, added: 100_000, updated: 0, failed: [] });
    const stored = await ok<ContactListRecord>(
      await call('admin', 'GET', `/contact-lists/${list.id}`),
    );
    expect(stored.contactsCount).toBe(100_000);
    const tooMany = await upload(
      list.id,
      await writeXlsxFile(rows(100_001)).toBuffer(),
      'big.xlsx',
    );
    expect(tooMany.status).toBe(400);
    expect(await json(tooMany)).toMatchObject({ fields: { file: ['At most 100000 rows'] } });
  }, 300_000); // about 25 s on a quiet machine; a loaded one (10 busy processes on 2 cores) took 2 min
});
