import { startCampaignsService } from '@sb/campaigns';
import {
  emptyOnDutyDays,
  type AuthResult,
  type OnDutyDay,
  type OnDutyRecord,
  type UserListItem,
} from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import {
  busKinds,
  json,
  jwtSecret,
  startIdentityStack,
  stopIdentityStack,
  type IdentityStack,
} from './support/gateway-harness.js';

// On-duty staff through the gateway with the real identity (the user must be the company's) and campaigns.
// Roles: a plain user and an admin of company 1, the admin of another company. `2xx` means any success,
// 403 a refused role, 404 another tenant's id.

type Role = 'user' | 'admin' | 'otherAdmin';
type Expected = '2xx' | 403 | 404;
type Fixture = { keptId: number; doomedId: number; staffId: number };
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  expect: [Role, Expected][];
};

const root = { email: 'root@on-duty.test', password: 'on-duty-root-pw' };

/** The seven rows with Monday 08:00–18:00. */
const days = (): OnDutyDay[] =>
  emptyOnDutyDays().map((day) =>
    day.weekdayEn === 'monday' ? { ...day, startTime: '08:00', endTime: '18:00' } : day,
  );
const entry = (f: Fixture) => ({
  userId: f.staffId,
  phone: '+55 11 98888-0001',
  interval: 5,
  days: days(),
});

const table: Row[] = [
  {
    method: 'GET',
    path: () => '/plantao',
    expect: [
      ['user', '2xx'],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
    ],
  },
  {
    method: 'GET',
    path: (f) => `/plantao/${f.keptId}`,
    expect: [
      ['user', '2xx'],
      ['admin', '2xx'],
      ['otherAdmin', 404],
    ],
  },
  {
    method: 'POST',
    path: () => '/plantao',
    body: entry,
    // another company's admin names a user of company 1: not found
    expect: [
      ['user', 403],
      ['admin', '2xx'],
      ['otherAdmin', 404],
    ],
  },
  {
    method: 'PUT',
    path: (f) => `/plantao/${f.keptId}`,
    body: entry,
    expect: [
      ['user', 403],
      ['admin', '2xx'],
      ['otherAdmin', 404],
    ],
  },
  {
    method: 'DELETE',
    path: (f) => `/plantao/${f.doomedId}`,
    expect: [
      ['user', 403],
      ['otherAdmin', 404],
      ['admin', '2xx'],
    ],
  },
];

const kinds = await busKinds();

describe.each(kinds)('on-duty staff over the $name', (kind) => {
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

  beforeAll(async () => {
    const env = {
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: root.email,
      ADMIN_PASSWORD: root.password,
      AUTH_RATE_LIMIT: '0',
      SCHEDULE_POLL_MS: '0',
    };
    campaignsDb = await createTestDatabase('gateway_on_duty_campaigns');
    stack = await startIdentityStack(kind, {
      database: 'gateway_on_duty',
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
        name: 'OnDuty Other Co',
        email: 'other-admin@on-duty.test',
        password: 'other-pass-1',
        planId: superSession.user.company.planId,
      }),
    );
    tokens.otherAdmin = (await login('other-admin@on-duty.test', 'other-pass-1')).token;
    for (const profile of ['admin', 'user'] as const) {
      await ok(
        await call('super', 'POST', '/users', {
          name: `OnDuty ${profile}`,
          email: `${profile}@on-duty.test`,
          password: 'on-duty-pass-1',
          profile,
        }),
      );
      tokens[profile] = (await login(`${profile}@on-duty.test`, 'on-duty-pass-1')).token;
    }
    // the on-duty person is picked from GET /users/list, as the modal does
    const picker = await ok<UserListItem[]>(await call('admin', 'GET', '/users/list'));
    const staffId = picker.find((u) => u.name === 'OnDuty user')!.id;
    fixture = { keptId: 0, doomedId: 0, staffId };
    const add = () => call('admin', 'POST', '/plantao', entry(fixture));
    fixture.keptId = (await ok<OnDutyRecord>(await add())).id;
    fixture.doomedId = (await ok<OnDutyRecord>(await add())).id;
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

  it('lists the entries with the user name, the phone digits and the days', async () => {
    const list = await ok<OnDutyRecord[]>(await call('user', 'GET', '/plantao'));
    const kept = list.find((p) => p.id === fixture.keptId)!;
    expect(kept).toMatchObject({
      userId: fixture.staffId,
      user: { id: fixture.staffId, name: 'OnDuty user' },
      phone: '5511988880001',
      interval: 5,
    });
    expect(kept.days.map((d) => d.weekdayEn)).toEqual([
      'sunday',
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
    ]);
    expect(await ok<OnDutyRecord[]>(await call('otherAdmin', 'GET', '/plantao'))).toEqual([]);
  });

  it('answers bad input with 400 and the failing fields, unknown ids with 404', async () => {
    const missing = await call('admin', 'POST', '/plantao', { days: days() });
    expect(missing.status).toBe(400);
    expect(await json(missing)).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { userId: ['Obrigatório'], phone: ['Obrigatório'] },
    });
    const backwards = await call('admin', 'POST', '/plantao', {
      ...entry(fixture),
      days: days().map((d) => (d.weekdayEn === 'monday' ? { ...d, endTime: '07:00' } : d)),
    });
    expect(backwards.status).toBe(400);
    expect(await json(backwards)).toMatchObject({
      fields: { 'days.1.endTime': ['End before start'] },
    });
    const unknown = await call('admin', 'GET', '/plantao/999999');
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ error: 'ERR_NO_PLANTAO_FOUND' });
  });
});
