import { startReportingService } from '@sb/reporting';
import type { AuthResult, DashboardReply, MomentsReply } from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import {
  busKinds,
  json,
  jwtSecret,
  startIdentityStack,
  stopIdentityStack,
  sleep,
  type IdentityStack,
} from './support/gateway-harness.js';

// The dashboard calls of spec 2 §7 through the gateway, with the real identity (whose user events feed
// the reporting projections) and reporting. Roles: a plain user and an admin of company 1, the admin
// of another company. `2xx` means any success, 403 a refused role.

type Role = 'user' | 'admin' | 'otherAdmin';
type Expected = '2xx' | 403;

const root = { email: 'root@dashboard.test', password: 'dashboard-root-pw' };
const today = new Date().toISOString().slice(0, 10);
const range = `initialDate=${today}&finalDate=${today}`;

const table: { path: string; expect: [Role, Expected][] }[] = [
  {
    path: '/dashboard?days=30',
    expect: [
      ['user', 403],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
    ],
  },
  {
    path: `/dashboard/ticketsUsers?${range}`,
    expect: [
      ['user', 403],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
    ],
  },
  {
    path: `/dashboard/ticketsDay?${range}`,
    expect: [
      ['user', 403],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
    ],
  },
  {
    path: `/messages-allMe?fromMe=true&dateStart=${today}&dateEnd=${today}`,
    expect: [
      ['user', 403],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
    ],
  },
  {
    path: '/dashboard/moments',
    expect: [
      ['user', '2xx'],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
    ],
  },
];

const kinds = await busKinds();

describe.each(kinds)('dashboard over the $name', (kind) => {
  let stack: IdentityStack;
  let reportingDb: TestDatabase;
  let reporting: RunningService;
  const tokens = {} as Record<Role | 'super', string>;
  const ids = {} as Record<Role, number>;

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
    };
    reportingDb = await createTestDatabase('gateway_dashboard_reporting');
    stack = await startIdentityStack(kind, {
      database: 'gateway_dashboard',
      env,
      beforeGateway: async (buses) => {
        reporting = await startReportingService({
          bus: buses.serviceBus,
          databaseUrl: reportingDb.url,
          env,
        });
      },
    });
    const superSession = await login(root.email, root.password);
    tokens.super = superSession.token;
    await ok(
      await call('super', 'POST', '/companies', {
        name: 'Dashboard Other Co',
        email: 'other-admin@dashboard.test',
        password: 'other-pass-1',
        planId: superSession.user.company.planId,
      }),
    );
    const other = await login('other-admin@dashboard.test', 'other-pass-1');
    tokens.otherAdmin = other.token;
    ids.otherAdmin = other.user.id;
    for (const profile of ['admin', 'user'] as const) {
      await ok(
        await call('super', 'POST', '/users', {
          name: `Dashboard ${profile}`,
          email: `${profile}@dashboard.test`,
          password: 'dashboard-pass-1',
          profile,
        }),
      );
      const session = await login(`${profile}@dashboard.test`, 'dashboard-pass-1');
      tokens[profile] = session.token;
      ids[profile] = session.user.id;
    }
  }, 120_000);

  afterAll(async () => {
    await reporting?.close();
    await stopIdentityStack(stack ?? {});
    await reportingDb?.drop();
  }, 30_000);

  describe('permission walk', () => {
    it.each(table.map((row) => [row.path, row] as const))('GET %s', async (_label, row) => {
      for (const [role, expected] of row.expect) {
        const res = await call(role, 'GET', row.path);
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

  it("lists the company's users as attendants, from identity's events, and only its own", async () => {
    const names = async () =>
      (await ok<DashboardReply>(await call('admin', 'GET', '/dashboard?days=7'))).attendants.map(
        (a) => a.name,
      );
    const end = Date.now() + 10_000;
    while (!(await names()).includes('Dashboard user') && Date.now() < end) await sleep(100);
    expect(await names()).toEqual(expect.arrayContaining(['Dashboard admin', 'Dashboard user']));
    // a companyId in the query does not reach another company's figures
    const other = await ok<DashboardReply>(
      await call('otherAdmin', 'GET', '/dashboard?days=7&companyId=1'),
    );
    expect(other.attendants.map((a) => a.name)).not.toContain('Dashboard user');
    expect(other.counters).toMatchObject({ tickets: 0, supportPending: 0 });
  });

  it('answers bad input with 400 and the failing fields, another company’s user with 404', async () => {
    const backwards = await call(
      'admin',
      'GET',
      '/dashboard?date_from=2026-03-05&date_to=2026-03-01',
    );
    expect(backwards.status).toBe(400);
    expect(await json(backwards)).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { date_to: ['End before start'] },
    });
    const tooLong = await call(
      'admin',
      'GET',
      '/dashboard?date_from=2015-01-01&date_to=2026-03-01',
    );
    expect(await json(tooLong)).toMatchObject({ fields: { date_to: ['Range over 5 years'] } });
    const none = await call('admin', 'GET', '/dashboard');
    expect(none.status).toBe(400);
    expect(await json(none)).toMatchObject({
      fields: { date_from: ['Por favor configura el filtro'] },
    });
    const missing = await call('admin', 'GET', '/dashboard/ticketsDay?initialDate=2026-03-01');
    expect(missing.status).toBe(400);
    const foreign = await call('otherAdmin', 'GET', `/dashboard/moments?userId=${ids.user}`);
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toMatchObject({ error: 'ERR_NO_USER_FOUND' });
    await expect(
      ok<MomentsReply>(await call('user', 'GET', '/dashboard/moments')),
    ).resolves.toEqual([]);
  });
});
