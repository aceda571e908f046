import type { AuthResult, ContactImportJob, ContactRecord, TagRecord } from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import { startTicketsService } from '@sb/tickets';
import pg from 'pg';
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
  type IdentityStack,
  waitFor,
} from './support/gateway-harness.js';

// Contacts and tags through the gateway against the real identity and tickets services, with the
// permission walk of every route: a user and an admin of company 1, and the admin of another company.

type Role = 'user' | 'admin' | 'otherAdmin' | 'super';
type Expected = '2xx' | 403 | 404;
type Fixture = { contactId: number; doomedContactId: number; tagId: number; doomedTagId: number };
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  expect: [Role, Expected][];
};

const ownCompany = (status: Expected = '2xx'): [Role, Expected][] => [
  ['user', status],
  ['admin', status],
  ['otherAdmin', 404],
];
const everyone: [Role, Expected][] = [
  ['user', '2xx'],
  ['admin', '2xx'],
  ['otherAdmin', '2xx'],
];

let serial = 0;
const freshNumber = () =>
  `55119${String(Date.now()).slice(-6)}${String((serial += 1)).padStart(2, '0')}`;

const table: Row[] = [
  { method: 'GET', path: () => '/contacts', expect: everyone },
  { method: 'GET', path: () => '/contacts/list?searchParam=wal', expect: everyone },
  { method: 'GET', path: (f) => `/contacts/${f.contactId}`, expect: ownCompany() },
  {
    method: 'POST',
    path: () => '/contacts',
    body: () => ({ name: 'Walk contact', number: freshNumber() }),
    expect: everyone,
  },
  {
    method: 'PUT',
    path: (f) => `/contacts/${f.contactId}`,
    body: () => ({ name: 'Walk renamed' }),
    expect: ownCompany(),
  },
  {
    method: 'PUT',
    path: (f) => `/contacts/block/${f.contactId}`,
    body: () => ({ active: true }),
    expect: ownCompany(),
  },
  { method: 'PUT', path: (f) => `/contacts/toggleDisableBot/${f.contactId}`, expect: ownCompany() },
  {
    method: 'PUT',
    path: (f) => `/contacts/toggleAcceptAudio/${f.contactId}`,
    expect: ownCompany(),
  },
  { method: 'GET', path: () => '/contacts/profile/5511900000001', expect: ownCompany() },
  { method: 'GET', path: (f) => `/contactTags/${f.contactId}`, expect: ownCompany() },
  {
    method: 'POST',
    path: () => '/contactsImport',
    body: () => ({ name: 'Walk import', number: freshNumber() }),
    expect: everyone,
  },
  {
    method: 'DELETE',
    path: (f) => `/contacts/${f.doomedContactId}`,
    expect: [
      ['user', 403],
      ['otherAdmin', 404],
      ['admin', '2xx'],
    ],
  },
  { method: 'GET', path: () => '/tags', expect: everyone },
  { method: 'GET', path: () => '/tags/list?kanban=0', expect: everyone },
  { method: 'GET', path: () => '/tags/kanban', expect: everyone },
  { method: 'GET', path: (f) => `/tags/${f.tagId}`, expect: ownCompany() },
  { method: 'POST', path: () => '/tags', body: () => ({ name: 'Walk tag' }), expect: everyone },
  {
    method: 'PUT',
    path: (f) => `/tags/${f.tagId}`,
    body: () => ({ name: 'Walk tag 2', color: '#123456' }),
    expect: ownCompany(),
  },
  {
    method: 'POST',
    path: () => '/tags/sync',
    body: (f) => ({ contactId: f.contactId, tags: [{ id: f.tagId }] }),
    expect: ownCompany(),
  },
  {
    method: 'DELETE',
    path: (f) => `/tags/${f.doomedTagId}`,
    expect: [
      ['user', 403],
      ['otherAdmin', 404],
      ['admin', '2xx'],
    ],
  },
];

const kinds = await busKinds();
const root = { email: 'root@contacts.test', password: 'contacts-root-pw' };

describe.each(kinds)('contacts and tags over the $name', (kind) => {
  let stack: Partial<IdentityStack> = {};
  let tickets: RunningService | undefined;
  let ticketsDatabase: TestDatabase | undefined;
  const tokens = {} as Record<Role, string>;
  const sessions = {} as Record<'admin' | 'user', AuthResult>;
  let fixture: Fixture;
  const url = () => stack.gateway!.url;

  const call = (role: Role, method: string, path: string, body?: unknown) =>
    fetch(`${url()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${tokens[role]}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const created = async <T = { id: number }>(res: Response): Promise<T> => {
    if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
    return (await json(res)) as T;
  };
  const login = async (email: string, password: string): Promise<AuthResult> =>
    created<AuthResult>(
      await fetch(`${url()}/auth/login`, {
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
    };
    stack = await startIdentityStack(kind, {
      database: 'gateway_contacts',
      env,
      beforeGateway: async (buses) => {
        ticketsDatabase = await createTestDatabase('gateway_contacts_tickets');
        tickets = await startTicketsService({
          bus: buses.serviceBus,
          databaseUrl: ticketsDatabase.url,
        });
      },
    });
    const superSession = await login(root.email, root.password);
    tokens.super = superSession.token;
    const planId = superSession.user.company.planId;
    await created(
      await call('super', 'POST', '/companies', {
        name: 'Contacts Other Co',
        email: 'other-admin@contacts.test',
        password: 'other-pass-1',
        planId,
      }),
    );
    tokens.otherAdmin = (await login('other-admin@contacts.test', 'other-pass-1')).token;
    for (const profile of ['admin', 'user'] as const) {
      await created(
        await call('super', 'POST', '/users', {
          name: `Contacts ${profile}`,
          email: `${profile}@contacts.test`,
          password: 'contacts-pass-1',
          profile,
        }),
      );
      sessions[profile] = await login(`${profile}@contacts.test`, 'contacts-pass-1');
      tokens[profile] = sessions[profile].token;
    }
    const contact = (name: string, number: string) =>
      call('admin', 'POST', '/contacts', { name, number }).then((res) => created(res));
    const tag = (name: string) =>
      call('admin', 'POST', '/tags', { name }).then((res) => created(res));
    fixture = {
      contactId: (await contact('Walk main', '5511900000001')).id,
      doomedContactId: (await contact('Walk doomed', '5511900000002')).id,
      tagId: (await tag('Walk main tag')).id,
      doomedTagId: (await tag('Walk doomed tag')).id,
    };
  });

  afterAll(async () => {
    await stack.gateway?.close();
    await tickets?.close();
    await stopIdentityStack({ ...stack, gateway: undefined });
    await ticketsDatabase?.drop();
  });

  const placeholders = { contactId: 'id', doomedContactId: 'id', tagId: 'id', doomedTagId: 'id' };
  it.each(
    table.map(
      (row) => [`${row.method} ${row.path(placeholders as unknown as Fixture)}`, row] as const,
    ),
  )('walks %s', async (_name, row) => {
    for (const [role, expected] of row.expect) {
      const res = await call(role, row.method, row.path(fixture), row.body?.(fixture));
      const body = await res.text();
      const got = res.status >= 200 && res.status < 300 ? '2xx' : res.status;
      // the body is shown when a role gets the wrong answer
      expect({ role, got, body: got === expected ? '' : body }).toEqual({
        role,
        got: expected,
        body: '',
      });
    }
  });

  it('refuses invalid contacts and duplicates with the catalogue codes', async () => {
    const bad = await call('user', 'POST', '/contacts', { name: 'A', number: '1', email: 'x' });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { name: ['Too Short!'], number: ['Too Short!'], email: ['Invalid email'] },
    });
    const dup = await call('user', 'POST', '/contacts', {
      name: 'Dup',
      number: '55 11 90000-0001',
    });
    expect(dup.status).toBe(409);
    expect(await json(dup)).toMatchObject({ error: 'ERR_DUPLICATED_CONTACT' });
  });

  /** The number the plain user reads, asked again for up to 10 s until it is `expected`. */
  const userSees = async (expected: string) => {
    let seen = '';
    for (let tries = 0; tries < 100 && seen !== expected; tries += 1) {
      if (tries) await sleep(100);
      const res = await call('user', 'GET', `/contacts/${fixture.contactId}`);
      seen = ((await json(res)) as ContactRecord).number;
    }
    return seen;
  };

  it('masks numbers for the user profile once lgpdHideNumber is enabled', async () => {
    const set = await call('admin', 'PUT', '/companySettings', {
      column: 'lgpdHideNumber',
      data: 'enabled',
    });
    expect(set.status).toBeLessThan(300);
    // tickets' settings replica follows identity's event: the number is masked once it arrives
    expect(await userSees('***********01')).toBe('***********01');
    const asAdmin = (await json(
      await call('admin', 'GET', `/contacts/${fixture.contactId}`),
    )) as ContactRecord;
    expect(asAdmin.number).toBe('5511900000001');

    // the socket payload reaches plain users too: masked for everyone while the setting is on
    const { user } = sessions.user;
    const socket = await connectSocket(url(), {
      token: tokens.user,
      query: { companyId: String(user.companyId), userId: String(user.id) },
    });
    try {
      const heard = recordEvents(socket);
      await sleep(100);
      const renamed = await call('admin', 'PUT', `/contacts/${fixture.contactId}`, {
        name: 'Walk masked',
      });
      expect(((await json(renamed)) as ContactRecord).number).toBe('5511900000001');
      const update = () =>
        heard.find(
          (e) =>
            e.event === `company-${user.companyId}-contact` &&
            (e.payload as { contact?: ContactRecord }).contact?.id === fixture.contactId,
        );
      await waitFor(() => update() !== undefined, 10_000, 'contact event');
      expect((update()!.payload as { contact: ContactRecord }).contact.number).toBe(
        '***********01',
      );
    } finally {
      socket.close();
    }

    // the export is the contact pages walked to the end: a plain user's sheet has no full number
    const pages = async (role: 'user' | 'admin') => {
      const numbers: string[] = [];
      for (let pageNumber = 1; pageNumber < 100; pageNumber += 1) {
        const page = (await json(
          await call(role, 'GET', `/contacts?pageNumber=${pageNumber}`),
        )) as {
          contacts: ContactRecord[];
          hasMore: boolean;
        };
        numbers.push(...page.contacts.filter((c) => !c.isGroup).map((c) => c.number));
        if (!page.hasMore) break;
      }
      return numbers;
    };
    const userSheet = await pages('user');
    expect(userSheet.length).toBeGreaterThan(0);
    expect(userSheet.every((n) => /^\*+\d{2}$/.test(n))).toBe(true);
    expect((await pages('admin')).some((n) => n === '5511900000001')).toBe(true);
    await call('admin', 'PUT', '/companySettings', { column: 'lgpdHideNumber', data: 'disabled' });
    expect(await userSees('5511900000001')).toBe('5511900000001');
  });

  it('imports an uploaded xlsx sheet as a job and refuses other files', async () => {
    const sheet = await writeXlsxFile([
      ['nome', 'numero', 'email'],
      ['Sheet one', '5511988880001', 'one@sheet.test'],
      ['Sheet two', '5511988880002', ''],
    ]).toBuffer();
    const upload = (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      return fetch(`${url()}/contacts/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.user}` },
        body: form,
      });
    };
    const job = await created<ContactImportJob>(await upload(sheet, 'contacts.xlsx'));
    expect(job).toMatchObject({ total: 2, status: 'running' });
    // one row every 330 ms: the job finishes in about a second
    let found = 0;
    for (let tries = 0; tries < 30 && found < 2; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const page = (await json(await call('user', 'GET', '/contacts?searchParam=sheet'))) as {
        count: number;
      };
      found = page.count;
    }
    expect(found).toBe(2);
    const refused = await upload(Buffer.from('name,number\nA,123'), 'contacts.csv');
    expect(refused.status).toBe(415);
  });

  it("reads the export's columns and tags, counts created, updated and skipped rows, and a second import changes nothing", async () => {
    const known = await created<TagRecord>(
      await call('admin', 'POST', '/tags', { name: 'Round trip VIP', kanban: 0 }),
    );
    // the export's sheet in Spanish (the default language): Nombre, Número, Correo, Etiquetas
    const sheet = await writeXlsxFile([
      ['Nombre', 'Número', 'Correo', 'Etiquetas'],
      ['Round one', '5511977770001', 'one@round.test', 'round trip vip, Round trip new'],
      ['Round two', '5511977770002', '', ''],
      ['', '5511977770003', '', ''],
      ['Round four', '5511977770004', '', 'ab'],
    ]).toBuffer();
    const finished = async (jobId: number) => {
      const db = new pg.Client({ connectionString: ticketsDatabase!.url });
      await db.connect();
      try {
        for (let tries = 0; tries < 60; tries += 1) {
          const { rows } = await db.query(
            'SELECT status, created, updated, failed_rows FROM tickets.contact_import_jobs WHERE id = $1',
            [jobId],
          );
          if (rows[0]?.status === 'finished') return rows[0];
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        throw new Error('the import did not finish');
      } finally {
        await db.end();
      }
    };
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(sheet)]), 'backup_contatos.xlsx');
      const res = await fetch(`${url()}/contacts/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.admin}` },
        body: form,
      });
      return finished((await created<ContactImportJob>(res)).id);
    };
    const tagsOf = async (number: string) => {
      const page = (await json(await call('admin', 'GET', `/contacts?searchParam=${number}`))) as {
        contacts: ContactRecord[];
      };
      return page.contacts[0]?.tags.map((tag) => tag.name).sort();
    };

    const first = await upload();
    expect({ created: first.created, updated: first.updated }).toEqual({ created: 2, updated: 0 });
    // the nameless row and the row with a new two-letter tag are skipped, each with its reason
    expect(first.failed_rows).toEqual([
      { row: 3, number: '5511977770003', error: 'ERR_VALIDATION', field: 'name' },
      { row: 4, number: '5511977770004', error: 'ERR_VALIDATION', field: 'tags' },
    ]);
    // a known tag is matched by name in any case, an unknown one created as a contact tag
    expect(await tagsOf('5511977770001')).toEqual(['Round trip VIP', 'Round trip new']);
    const tags = (await json(await call('admin', 'GET', '/tags/list?kanban=0'))) as TagRecord[];
    expect(tags.filter((tag) => tag.name.toLowerCase() === 'round trip vip')).toEqual([
      expect.objectContaining({ id: known.id }),
    ]);

    const second = await upload();
    expect({ created: second.created, updated: second.updated }).toEqual({
      created: 0,
      updated: 2,
    });
    expect(await tagsOf('5511977770001')).toEqual(['Round trip VIP', 'Round trip new']);
  });

  it('answers tag pages with counts and the kanban list', async () => {
    const lane = await created<TagRecord>(
      await call('admin', 'POST', '/tags', { name: 'Lane one', kanban: 1, color: '#00aa00' }),
    );
    const kanban = (await json(await call('user', 'GET', '/tags/kanban'))) as {
      lista: TagRecord[];
    };
    expect(kanban.lista.map((t) => t.id)).toContain(lane.id);
    const page = (await json(await call('user', 'GET', '/tags?kanban=1'))) as { tags: TagRecord[] };
    expect(page.tags).toEqual([expect.objectContaining({ id: lane.id, ticketsCount: 0 })]);
  });
});
