import type {
  AuditLogPage,
  ReportTimeZoneReply,
  ServiceMetricsReply,
  SlaTarget,
  SlaTargetsReply,
  TicketReportPage,
} from '@sb/contracts';
import { busKinds, json } from './support/gateway-harness.js';

/** Polls `check` every 100 ms until it holds; throws after `timeoutMs`. */
const eventually = async (check: () => Promise<boolean>, timeoutMs: number) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
import {
  OtherCompanyQueues,
  startReportingRig,
  walkPermissions,
  type ReportingRig,
} from './support/reporting-rig.js';

// The reports of spec 2 §2 Dashboard through the gateway (GET /reports/tickets, kinds tickets, groups,
// duration and nps), guarded like the dashboard: a plain user is refused, an admin and another
// company's admin read their own company's rows only.

const today = new Date().toISOString().slice(0, 10);
const kinds = await busKinds();

describe.each(kinds)('reports over the $name', (kind) => {
  let rig: ReportingRig;

  beforeAll(async () => {
    rig = await startReportingRig(kind, 'reports');
  }, 120_000);

  afterAll(() => rig?.stop(), 30_000);

  it.each(['tickets', 'groups', 'duration', 'nps'])('permission walk of the %s report', (report) =>
    walkPermissions(rig, `/reports/tickets?kind=${report}&dateFrom=${today}&dateTo=${today}`, [
      ['user', 403],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
    ]),
  );

  it('permission walk of the service metrics', () =>
    walkPermissions(rig, `/reports/metrics?dateFrom=${today}&dateTo=${today}`, [
      ['user', 403],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
    ]));

  it('permission walk of the SLA targets and the report zone', async () => {
    await walkPermissions(rig, '/reports/sla-targets', [
      ['user', 403],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
    ]);
    // Tempo Real is everyone's, so its zone is too
    await walkPermissions(rig, '/dashboard/time-zone', [
      ['user', '2xx'],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
    ]);
    const zone = await rig.ok<ReportTimeZoneReply>(
      await rig.call('user', 'GET', '/dashboard/time-zone'),
    );
    expect(zone).toEqual({ timeZone: 'America/Sao_Paulo' });
  });

  it("lets an admin set and clear their own queues' targets, never another company's", async () => {
    const put = (role: 'user' | 'admin' | 'otherAdmin', queueId: number | string, body: unknown) =>
      rig.call(role, 'PUT', `/reports/sla-targets/${queueId}`, body);
    // a plain user may not
    expect((await put('user', 5, { firstResponseMinutes: 30 })).status).toBe(403);
    expect((await rig.call('user', 'DELETE', '/reports/sla-targets/5')).status).toBe(403);
    // the admin sets queue 5's (company 1's) and sees it in the list and the SLA panel
    const saved = await rig.ok<SlaTarget>(await put('admin', 5, { firstResponseMinutes: 30 }));
    expect(saved).toMatchObject({ queueId: 5, firstResponseMinutes: 30 });
    await rig.ok(await put('admin', 6, { firstResponseMinutes: '45' }));
    const list = await rig.ok<SlaTargetsReply>(
      await rig.call('admin', 'GET', '/reports/sla-targets'),
    );
    expect(list.targets.map((t) => [t.queueId, t.firstResponseMinutes])).toEqual([
      [5, 30],
      [6, 45],
    ]);
    const metrics = await rig.ok<ServiceMetricsReply>(
      await rig.call('admin', 'GET', `/reports/metrics?dateFrom=${today}&dateTo=${today}`),
    );
    expect(metrics.sla.queues.map((q) => [q.queueId, q.targetMinutes, q.tickets])).toEqual([
      [5, 30, 0],
      [6, 45, 0],
    ]);
    // another company's admin: company 1's queue is not theirs (404 with the field), and they see
    // none of company 1's targets
    const foreign = await put('otherAdmin', 5, { firstResponseMinutes: 10 });
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toMatchObject({
      error: 'ERR_NO_QUEUE_FOUND',
      fields: { queueId: expect.any(Array) },
    });
    expect((await rig.call('otherAdmin', 'DELETE', '/reports/sla-targets/5')).status).toBe(404);
    await expect(
      rig.ok(await rig.call('otherAdmin', 'GET', '/reports/sla-targets')),
    ).resolves.toEqual({ targets: [] });
    // their own queue is theirs
    await rig.ok(await put('otherAdmin', OtherCompanyQueues + 1, { firstResponseMinutes: 10 }));
    // clearing leaves the other target
    await expect(
      rig.ok(await rig.call('admin', 'DELETE', '/reports/sla-targets/6')),
    ).resolves.toEqual({ queueId: 6 });
    const after = await rig.ok<SlaTargetsReply>(
      await rig.call('admin', 'GET', '/reports/sla-targets'),
    );
    expect(after.targets.map((t) => t.queueId)).toEqual([5]);
    // each change is in the company's audit log, with the target before and after
    const audit = async () =>
      (await rig.ok<AuditLogPage>(await rig.call('admin', 'GET', '/audit-log?entity=sla-target')))
        .entries;
    await eventually(async () => (await audit()).length >= 3, 10_000);
    expect((await audit()).map((e) => [e.action, e.entityId, e.before, e.after]).reverse()).toEqual(
      [
        ['create', '5', null, { queueId: 5, firstResponseMinutes: 30 }],
        ['create', '6', null, { queueId: 6, firstResponseMinutes: 45 }],
        ['delete', '6', { queueId: 6, firstResponseMinutes: 45 }, null],
      ],
    );
  });

  it('answers a bad target with 400 and the failing field', async () => {
    const expect400 = async (path: string, body: unknown, field: string) => {
      const res = await rig.call('admin', body === undefined ? 'DELETE' : 'PUT', path, body);
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: { [field]: expect.any(Array) },
      });
    };
    for (const minutes of [0, -1, 2.5, 'soon', 43_201, null])
      await expect400(
        '/reports/sla-targets/5',
        { firstResponseMinutes: minutes },
        'firstResponseMinutes',
      );
    await expect400('/reports/sla-targets/5', {}, 'firstResponseMinutes');
    await expect400('/reports/sla-targets/abc', { firstResponseMinutes: 5 }, 'queueId');
    await expect400('/reports/sla-targets/0', undefined, 'queueId');
  });

  it("answers another company's ids in the filters with no rows, never that company's", async () => {
    const page = await rig.ok<TicketReportPage>(
      await rig.call(
        'otherAdmin',
        'GET',
        `/reports/tickets?dateFrom=2022-01-01&dateTo=${today}&userId=${rig.ids.user}&queueId=1&tagId=1&whatsappId=1&companyId=1`,
      ),
    );
    expect(page).toEqual({ rows: [], count: 0, hasMore: false, next: null });
  });

  it('answers bad input with 400 and the failing fields', async () => {
    const expect400 = async (query: string, fields: Record<string, unknown>) => {
      const res = await rig.call('admin', 'GET', `/reports/tickets?${query}`);
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ error: 'ERR_VALIDATION', fields });
    };
    await expect400('dateFrom=2026-03-05&dateTo=2026-03-01', { dateTo: ['End before start'] });
    await expect400('dateFrom=2015-01-01&dateTo=2026-03-01', { dateTo: ['Range over 5 years'] });
    await expect400('dateTo=2026-03-01', { dateFrom: expect.any(Array) });
    await expect400(`dateFrom=${today}&dateTo=${today}&pageSize=5000`, {
      pageSize: expect.any(Array),
    });
    await expect400(`dateFrom=${today}&dateTo=${today}&kind=everything`, {
      kind: expect.any(Array),
    });
  });
});
