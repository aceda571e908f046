import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthResult } from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import type { TestDatabase } from '@sb/testing';
import type { RunningGateway } from '@sb/gateway';
import {
  busKinds,
  type BusPair,
  json,
  jwtSecret,
  startIdentityStack,
  stopIdentityStack,
  requestAs,
} from './support/gateway-harness.js';

// Identity permission walk: every route the identity service answers (helps, announcements,
// companies, plans, invoices, users, settings) with the status each role gets, against the real
// identity. Roles: a plain user and an admin of company 1, the super user (company 1) and the admin of
// another company. `2xx` means any success; 403 a refused role; 404 another tenant's id (never its data).

type Role = 'user' | 'admin' | 'super' | 'otherAdmin';
type Expected = '2xx' | 403 | 404;
type Fixture = {
  companyId: number;
  otherCompanyId: number;
  userId: number;
  adminId: number;
  doomedUserId: number;
  doomedCompanyId: number;
  planId: number;
  doomedPlanId: number;
  helpId: number;
  doomedHelpId: number;
  announcementId: number;
  doomedAnnouncementId: number;
};
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** a multipart body: one png under this field name */
  upload?: string;
  /** checked in this order (a role that deletes comes last) */
  expect: [Role, Expected][];
};

const everyone = (status: Expected = '2xx'): [Role, Expected][] => [
  ['user', status],
  ['admin', status],
  ['otherAdmin', status],
  ['super', status],
];
const superOnly: [Role, Expected][] = [
  ['user', 403],
  ['admin', 403],
  ['otherAdmin', 403],
  ['super', '2xx'],
];

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0e6e8a50000000049454e44ae426082',
  'hex',
);

const table: Row[] = [
  // helps (platform-wide)
  { method: 'GET', path: () => '/helps', expect: everyone() },
  { method: 'GET', path: () => '/helps/list', expect: everyone() },
  { method: 'POST', path: () => '/helps', body: () => ({ title: 'Walk help' }), expect: superOnly },
  {
    method: 'PUT',
    path: (f) => `/helps/${f.helpId}`,
    body: () => ({ title: 'Walk help renamed' }),
    expect: superOnly,
  },
  { method: 'DELETE', path: (f) => `/helps/${f.doomedHelpId}`, expect: superOnly },
  // announcements (platform-wide)
  { method: 'GET', path: () => '/announcements/', expect: everyone() },
  { method: 'GET', path: (f) => `/announcements/${f.announcementId}`, expect: superOnly },
  {
    method: 'POST',
    path: () => '/announcements',
    body: () => ({ title: 'Walk', text: 'x' }),
    expect: superOnly,
  },
  {
    method: 'PUT',
    path: (f) => `/announcements/${f.announcementId}`,
    body: () => ({ title: 'Walk', text: 'y', priority: 2 }),
    expect: superOnly,
  },
  {
    method: 'POST',
    path: (f) => `/announcements/${f.announcementId}/media-upload`,
    upload: 'file',
    expect: superOnly,
  },
  {
    method: 'DELETE',
    path: (f) => `/announcements/${f.announcementId}/media-upload`,
    expect: superOnly,
  },
  { method: 'DELETE', path: (f) => `/announcements/${f.doomedAnnouncementId}`, expect: superOnly },
  // companies
  { method: 'GET', path: () => '/companies', expect: superOnly },
  { method: 'GET', path: () => '/companies/list', expect: superOnly },
  { method: 'GET', path: (f) => `/companies/${f.otherCompanyId}`, expect: superOnly },
  {
    method: 'GET',
    path: (f) => `/companies/listPlan/${f.companyId}`,
    expect: [
      ['user', '2xx'],
      ['admin', '2xx'],
      ['otherAdmin', 404],
      ['super', '2xx'],
    ],
  },
  {
    method: 'GET',
    path: (f) => `/companies/listPlan/${f.otherCompanyId}`,
    expect: [
      ['user', 404],
      ['admin', 404],
      ['otherAdmin', '2xx'],
      ['super', '2xx'],
    ],
  },
  {
    method: 'GET',
    path: (f) => `/companies/${f.companyId}/schedules`,
    expect: [
      ['user', 403],
      ['otherAdmin', 404],
      ['admin', '2xx'],
      ['super', '2xx'],
    ],
  },
  {
    method: 'PUT',
    path: (f) => `/companies/${f.companyId}/schedules`,
    body: () => ({ schedules: [] }),
    expect: [
      ['user', 403],
      ['otherAdmin', 404],
      ['admin', '2xx'],
      ['super', '2xx'],
    ],
  },
  {
    method: 'PUT',
    path: (f) => `/companies/${f.otherCompanyId}`,
    body: () => ({ phone: '5511999990000' }),
    expect: superOnly,
  },
  { method: 'DELETE', path: (f) => `/companies/${f.doomedCompanyId}`, expect: superOnly },
  // plans
  { method: 'GET', path: () => '/plans/list', expect: everyone() },
  { method: 'GET', path: () => '/plans/all', expect: superOnly },
  {
    method: 'POST',
    path: () => '/plans',
    body: () => ({ name: `Walk plan ${Math.random()}`, users: 5, connections: 1, queues: 3 }),
    expect: superOnly,
  },
  {
    method: 'PUT',
    path: (f) => `/plans/${f.planId}`,
    body: () => ({ name: 'Walk kept plan', users: 6, connections: 1, queues: 3 }),
    expect: superOnly,
  },
  { method: 'DELETE', path: (f) => `/plans/${f.doomedPlanId}`, expect: superOnly },
  // invoices
  {
    method: 'GET',
    path: () => '/invoices/all',
    expect: [
      ['user', 403],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
      ['super', '2xx'],
    ],
  },
  // settings
  { method: 'GET', path: () => '/settings', expect: everyone() },
  {
    method: 'PUT',
    path: () => '/settings/userRating',
    body: () => ({ value: 'enabled' }),
    expect: [
      ['user', 403],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
      ['super', '2xx'],
    ],
  },
  { method: 'GET', path: () => '/companySettingOne?column=userRating', expect: everyone() },
  {
    method: 'PUT',
    path: () => '/companySettings',
    body: () => ({ column: 'userRating', data: 'disabled' }),
    expect: [
      ['user', 403],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
      ['super', '2xx'],
    ],
  },
  {
    method: 'GET',
    path: (f) => `/companySettings/${f.companyId}`,
    expect: [
      ['user', 403],
      ['admin', '2xx'],
      ['otherAdmin', 404],
      ['super', '2xx'],
    ],
  },
  // users
  {
    method: 'GET',
    path: () => '/users',
    expect: [
      ['user', 403],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
      ['super', '2xx'],
    ],
  },
  { method: 'GET', path: () => '/users/list', expect: everyone() },
  {
    method: 'GET',
    path: (f) => `/users/${f.userId}`,
    expect: [
      ['user', '2xx'],
      ['admin', '2xx'],
      ['otherAdmin', 404],
      ['super', '2xx'],
    ],
  },
  {
    method: 'PUT',
    path: (f) => `/users/${f.userId}`,
    body: () => ({ name: 'Walk user renamed' }),
    expect: [
      ['user', '2xx'],
      ['admin', '2xx'],
      ['otherAdmin', 404],
      ['super', '2xx'],
    ],
  },
  {
    method: 'PUT',
    path: (f) => `/users/${f.adminId}`,
    body: () => ({ name: 'Walk admin renamed' }),
    expect: [
      ['user', 403],
      ['otherAdmin', 404],
      ['admin', '2xx'],
    ],
  },
  {
    method: 'POST',
    path: (f) => `/users/${f.userId}/media-upload`,
    upload: 'profileImage',
    expect: [
      ['user', '2xx'],
      ['otherAdmin', 404],
    ],
  },
  {
    method: 'POST',
    path: () => '/users',
    body: () => ({
      name: 'Walk agent',
      email: `walk-${Math.random().toString(36).slice(2)}@walk.test`,
      password: 'walk-pass-1',
      profile: 'user',
    }),
    expect: [
      ['user', 403],
      ['admin', '2xx'],
    ],
  },
  {
    method: 'DELETE',
    path: (f) => `/users/${f.doomedUserId}`,
    expect: [
      ['user', 403],
      ['otherAdmin', 404],
      ['admin', '2xx'],
    ],
  },
];

const kinds = await busKinds();
const root = { email: 'root@walk.test', password: 'walk-root-pw' };

describe.each(kinds)('identity permission walk over the $name', (kind) => {
  let database: TestDatabase;
  let buses: BusPair;
  let identity: RunningService;
  let gateway: RunningGateway;
  let mediaDir: string;
  const tokens = {} as Record<Role, string>;
  let fixture: Fixture;

  const send = (role: Role, row: Row) => {
    if (!row.upload) return call(role, row.method, row.path(fixture), row.body?.(fixture));
    const form = new FormData();
    form.append(row.upload, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'walk.png');
    return fetch(`${gateway.url}${row.path(fixture)}`, {
      method: row.method,
      headers: { authorization: `Bearer ${tokens[role]}` },
      body: form,
    });
  };

  const call = (role: Role, method: string, path: string, body?: unknown) =>
    requestAs(gateway.url, tokens[role], method, path, body);

  const created = async (res: Response): Promise<{ id: number }> => {
    if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
    return (await json(res)) as { id: number };
  };

  const login = async (email: string, password: string): Promise<AuthResult> => {
    const res = await fetch(`${gateway.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    return (await json(res)) as AuthResult;
  };

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'sb-walk-'));
    const env = {
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: root.email,
      ADMIN_PASSWORD: root.password,
      AUTH_RATE_LIMIT: '0',
      MEDIA_DIR: mediaDir,
    };
    ({ database, buses, identity, gateway } = await startIdentityStack(kind, {
      database: 'gateway_walk',
      env,
    }));

    const superSession = await login(root.email, root.password);
    tokens.super = superSession.token;
    const companyId = superSession.user.companyId;
    const planId = superSession.user.company.planId;
    const other = await created(
      await call('super', 'POST', '/companies', {
        name: 'Walk Other Co',
        email: 'other-admin@walk.test',
        password: 'other-pass-1',
        planId,
      }),
    );
    tokens.otherAdmin = (await login('other-admin@walk.test', 'other-pass-1')).token;
    const person = (email: string, profile: 'admin' | 'user') =>
      call('super', 'POST', '/users', {
        name: `Walk ${profile}`,
        email,
        password: 'walk-pass-1',
        profile,
      }).then(created);
    const adminUser = await person('admin@walk.test', 'admin');
    const user = await person('user@walk.test', 'user');
    const doomedUser = await person('doomed@walk.test', 'user');
    tokens.admin = (await login('admin@walk.test', 'walk-pass-1')).token;
    tokens.user = (await login('user@walk.test', 'walk-pass-1')).token;

    const help = (title: string) => call('super', 'POST', '/helps', { title }).then(created);
    const announcement = (title: string) =>
      call('super', 'POST', '/announcements', { title, text: 'walk' }).then(created);
    const doomedCompany = await created(
      await call('super', 'POST', '/companies', {
        name: 'Walk Doomed Co',
        email: 'doomed-admin@walk.test',
        password: 'doomed-pass-1',
        planId,
      }),
    );
    const plan = (name: string) =>
      call('super', 'POST', '/plans', { name, users: 5, connections: 1, queues: 3 }).then(created);
    fixture = {
      companyId,
      otherCompanyId: other.id,
      userId: user.id,
      adminId: adminUser.id,
      doomedUserId: doomedUser.id,
      doomedCompanyId: doomedCompany.id,
      planId: (await plan('Walk kept plan')).id,
      doomedPlanId: (await plan('Walk doomed plan')).id,
      helpId: (await help('Kept help')).id,
      doomedHelpId: (await help('Doomed help')).id,
      announcementId: (await announcement('Kept')).id,
      doomedAnnouncementId: (await announcement('Doomed')).id,
    };
  }, 90_000);

  afterAll(async () => {
    await stopIdentityStack({ gateway, identity, buses, database });
    await rm(mediaDir, { recursive: true, force: true });
  }, 30_000);

  // the table's paths with their parameters named, e.g. PUT /helps/:helpId
  const named = new Proxy({} as Fixture, { get: (_t, key) => `:${String(key)}` });
  const label = (row: Row) => `${row.method} ${row.path(named)}`;

  it.each(table.map((row) => [label(row), row] as const))('%s', async (_name, row) => {
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const [role, expected] of row.expect) {
      const res = await send(role, row);
      const status = res.status;
      const text = await res.text();
      seen.push(`${role} ${status >= 200 && status < 300 ? '2xx' : status}`);
      wanted.push(`${role} ${expected}`);
      // a refusal never carries another tenant's data
      if (status === 404 || status === 403) expect(text).not.toContain('other-admin@walk.test');
    }
    expect(seen).toEqual(wanted);
  });
});
