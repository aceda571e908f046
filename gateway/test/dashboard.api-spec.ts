import type { DashboardReply, MomentsReply } from '@sb/contracts';
import { busKinds, json, sleep } from './support/gateway-harness.js';
import {
  startReportingRig,
  walkPermissions,
  type ReportingRig,
  type ReportingRole,
} from './support/reporting-rig.js';

// The dashboard calls of spec 2 §7 through the gateway, with the real identity (whose user events feed
// the reporting projections) and reporting. Roles: a plain user and an admin of company 1, the admin
// of another company. `2xx` means any success, 403 a refused role.

const today = new Date().toISOString().slice(0, 10);
const range = `initialDate=${today}&finalDate=${today}`;

const table: { path: string; expect: [ReportingRole, '2xx' | 403][] }[] = [
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
  let rig: ReportingRig;
  const call = (role: ReportingRole, method: string, path: string) => rig.call(role, method, path);
  const ok = <T>(res: Response) => rig.ok<T>(res);

  beforeAll(async () => {
    rig = await startReportingRig(kind, 'dashboard');
  }, 120_000);

  afterAll(() => rig?.stop(), 30_000);

  describe('permission walk', () => {
    it.each(table.map((row) => [row.path, row] as const))('GET %s', (_label, row) =>
      walkPermissions(rig, row.path, row.expect),
    );
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
    // one date alone is a filter (spec 2 §4): the other is filled in
    for (const oneDate of ['date_from=2026-03-01', 'date_to=2026-03-01']) {
      const answer = await call('admin', 'GET', `/dashboard?${oneDate}`);
      expect(answer.status).toBe(200);
      expect(await json(answer)).toMatchObject({ counters: expect.any(Object) });
    }
    const missing = await call('admin', 'GET', '/dashboard/ticketsDay?initialDate=2026-03-01');
    expect(missing.status).toBe(400);
    const foreign = await call('otherAdmin', 'GET', `/dashboard/moments?userId=${rig.ids.user}`);
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toMatchObject({ error: 'ERR_NO_USER_FOUND' });
    await expect(
      ok<MomentsReply>(await call('user', 'GET', '/dashboard/moments')),
    ).resolves.toEqual([]);
  });
});
