import type { TicketReportPage } from '@sb/contracts';
import { busKinds, json } from './support/gateway-harness.js';
import { startReportingRig, walkPermissions, type ReportingRig } from './support/reporting-rig.js';

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

  it("answers another company's ids in the filters with no rows, never that company's", async () => {
    const page = await rig.ok<TicketReportPage>(
      await rig.call(
        'otherAdmin',
        'GET',
        `/reports/tickets?dateFrom=2022-01-01&dateTo=${today}&userId=${rig.ids.user}&queueId=1&tagId=1&whatsappId=1&companyId=1`,
      ),
    );
    expect(page).toEqual({ rows: [], count: 0, hasMore: false });
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
