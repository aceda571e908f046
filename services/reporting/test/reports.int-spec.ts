import { randomUUID } from 'node:crypto';
import {
  Subjects,
  type DomainEvent,
  type RequestContext,
  type TicketRecord,
  type TicketReportPage,
} from '@sb/contracts';
import { requestAs } from '@sb/testing';
import { domainEvent, ticketRecord } from './reporting-events.js';
import { processedEvents, until, useReportingTestApp } from './reporting-test-app.js';

const admin: Partial<RequestContext> = { companyId: 7, userId: 5, profile: 'admin' };
const agent: Partial<RequestContext> = { companyId: 7, userId: 6, profile: 'user' };
const otherAdmin: Partial<RequestContext> = { companyId: 8, userId: 80, profile: 'admin' };

const updated = (
  companyId: number,
  id: number,
  at: string,
  fields: Partial<TicketRecord>,
  previousStatus?: string,
): DomainEvent =>
  domainEvent(companyId, 'tickets.ticket.updated', at, {
    ticket: ticketRecord(id, at, {
      companyId,
      queue: { id: 2, name: 'Vendas', color: '#f00' },
      whatsapp: { id: 3, name: 'Loja', groupAsTicket: 'disabled', channel: 'whatsapp' },
      createdAt: `2026-03-02T1${id}:00:00.000Z`,
      ...fields,
    } as Partial<TicketRecord>),
    ...(previousStatus ? { previousStatus } : {}),
  });

const ana = { userId: 5, user: { id: 5, name: 'Ana' } };
/** An answer of the ticket's agent (a first response). */
const answered = (id: number, at: string, ticket: Partial<TicketRecord>): DomainEvent => {
  const { ticket: record } = updated(7, id, at, ticket).data as { ticket: TicketRecord };
  return domainEvent(7, 'tickets.message.created', at, {
    message: { id: randomUUID(), ticketId: id, fromMe: true, isPrivate: false, createdAt: at },
    ticket: record,
    contact: record.contact,
  });
};
const vip = [{ id: 4, name: 'VIP', color: '#000' }];

/**
 * Company 7 on 2 March 2026: ticket 1 (created 11:00 UTC, tagged VIP) accepted by Ana 11:10, answered
 * 11:20, closed 12:00 and rated 9; ticket 2 (12:00) a pending group ticket; ticket 3 (13:00) open with
 * Ana on connection 9, answered 15:30. Company 8 has ticket 5.
 */
const history = (): DomainEvent[] => [
  updated(7, 1, '2026-03-02T11:00:00.000Z', { tags: vip }),
  updated(7, 1, '2026-03-02T11:10:00.000Z', { ...ana, status: 'open', tags: vip }, 'pending'),
  answered(1, '2026-03-02T11:20:00.000Z', { ...ana, status: 'open', tags: vip }),
  updated(7, 1, '2026-03-02T12:00:00.000Z', { ...ana, status: 'closed', tags: vip }, 'open'),
  updated(7, 1, '2026-03-02T12:01:00.000Z', {
    ...ana,
    status: 'closed',
    tags: vip,
    userRating: { rate: 9 },
  }),
  updated(7, 2, '2026-03-02T12:00:00.000Z', { isGroup: true }),
  updated(7, 3, '2026-03-02T13:05:00.000Z', { ...ana, status: 'open', whatsappId: 9 }, 'pending'),
  answered(3, '2026-03-02T15:30:00.000Z', { ...ana, status: 'open', whatsappId: 9 }),
  updated(8, 5, '2026-03-02T15:00:00.000Z', {}),
];

describe('reports over the per-ticket facts (real Postgres and NATS)', () => {
  const rig = useReportingTestApp('reporting-reports');
  const call = requestAs(() => rig.app.bus);
  const report = (query: Record<string, unknown>, as = admin) =>
    call<TicketReportPage>(
      Subjects.reporting.ticketReport,
      { dateFrom: '2026-03-02', dateTo: '2026-03-02', ...query },
      as,
    );
  const ids = async (query: Record<string, unknown>) =>
    (await report(query)).rows.map((row) => row.id);

  beforeAll(async () => {
    if (!rig.bus) return;
    const events = history();
    for (const e of events) await rig.app.bus.publish(e);
    await until(async () => (await processedEvents(rig.app.db)) >= events.length);
  }, 60_000);

  it('lists the tickets of the period, newest first, with durations, tags and connection', async () => {
    if (!rig.bus) return;
    const page = await report({});
    expect(page).toMatchObject({ count: 3, hasMore: false });
    expect(page.rows.map((row) => row.id)).toEqual([3, 2, 1]);
    expect(page.rows[2]).toMatchObject({
      contactName: 'Cliente 1',
      status: 'closed',
      queueName: 'Vendas',
      connectionName: 'Loja',
      tags: ['VIP'],
      waitMinutes: 10,
      supportMinutes: 50,
      totalMinutes: 60,
      rate: 9,
    });
  });

  it('selects by kind and by every filter', async () => {
    if (!rig.bus) return;
    expect(await ids({ kind: 'groups' })).toEqual([2]);
    expect(await ids({ kind: 'nps' })).toEqual([1]);
    expect(await ids({ tagId: 4 })).toEqual([1]);
    expect(await ids({ status: 'open' })).toEqual([3]);
    expect(await ids({ userId: 5 })).toEqual([3, 1]);
    expect(await ids({ whatsappId: 9 })).toEqual([3]);
    expect(await ids({ queueId: 99 })).toEqual([]);
    // the dashboard's drill-downs: an NPS class (ticket 1 is rated 9), no group tickets
    expect(await ids({ kind: 'nps', npsClass: 'promoter' })).toEqual([1]);
    expect(await ids({ kind: 'nps', npsClass: 'passive' })).toEqual([]);
    expect(await ids({ kind: 'nps', npsClass: 'detractor' })).toEqual([]);
    expect(await ids({ groups: 'false' })).toEqual([3, 1]);
    expect(await ids({ groups: 'true' })).toEqual([3, 2, 1]);
    await expect(report({ npsClass: 'fans' })).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    expect(await ids({ dateFrom: '2026-03-03', dateTo: '2026-03-03' })).toEqual([]);
  });

  it('measures first response and resolution, with the first-response buckets', async () => {
    if (!rig.bus) return;
    // first responses 20 min (ticket 1) and 150 min (ticket 3); one resolution of 60 min (ticket 1);
    // no hours announced: business hours are the wall clock
    const durations = {
      firstResponse: { count: 2, avgMinutes: 85, medianMinutes: 85 },
      nextResponse: { count: 0, avgMinutes: 0, medianMinutes: 0 },
      resolution: { count: 1, avgMinutes: 60, medianMinutes: 60 },
      firstResponseDistribution: [
        { bucket: '0-1h', count: 1, percent: 50 },
        { bucket: '1-4h', count: 1, percent: 50 },
        { bucket: '4-8h', count: 0, percent: 0 },
        { bucket: '8-24h', count: 0, percent: 0 },
        { bucket: '24h+', count: 0, percent: 0 },
      ],
    };
    const none = { measured: 0, withinTarget: 0, percent: 0 };
    await expect(
      call(
        Subjects.reporting.serviceMetrics,
        { dateFrom: '2026-03-02', dateTo: '2026-03-02' },
        admin,
      ),
    ).resolves.toEqual({
      tickets: 3,
      wallClock: durations,
      businessHours: durations,
      hoursBasis: { queue: 0, company: 0, none: 3 },
      sla: {
        queues: [
          {
            queueId: 2,
            queueName: 'Vendas',
            targetMinutes: null,
            tickets: 3,
            wallClock: null,
            businessHours: null,
          },
        ],
        overall: { tickets: 0, wallClock: none, businessHours: none },
      },
    });
  });

  it('pages in a stable order', async () => {
    if (!rig.bus) return;
    const first = await report({ pageSize: 2 });
    const second = await report({ pageSize: 2, pageNumber: 2 });
    expect(first).toMatchObject({ count: 3, hasMore: true });
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual([3, 2, 1]);
    expect(second).toMatchObject({ hasMore: false, next: null });
  });

  it('walks the pages below a cursor, which a ticket created meanwhile does not shift', async () => {
    if (!rig.bus) return;
    const first = await report({ pageSize: 1 });
    expect(first.rows.map((row) => row.id)).toEqual([3]);
    expect(first.next).toEqual(expect.stringMatching(/~3$/));
    // a newer ticket of the period arrives between two pages of the export
    const newer = updated(7, 4, '2026-03-02T20:00:00.000Z', {});
    const before = await processedEvents(rig.app.db);
    await rig.app.bus.publish(newer);
    await until(async () => (await processedEvents(rig.app.db)) > before);
    const second = await report({ pageSize: 1, after: first.next });
    const third = await report({ pageSize: 1, after: second.next });
    expect([...second.rows, ...third.rows].map((row) => row.id)).toEqual([2, 1]);
    expect(third).toMatchObject({ hasMore: false, next: null });
    // an offset walk would have read ticket 3 again on its second page
    expect((await report({ pageSize: 1, pageNumber: 2 })).rows[0]!.id).toBe(3);
    for (const after of [
      'yesterday~3',
      '2026-02-30T10:00:00Z~3',
      '2026-03-02T10:00:00Z~9999999999',
    ])
      await expect(report({ after })).rejects.toMatchObject({
        code: 'ERR_VALIDATION',
        fields: { after: ['Invalid cursor'] },
      });
  });

  it("refuses a plain user and shows another company's admin only its own", async () => {
    if (!rig.bus) return;
    await expect(report({}, agent)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    expect((await report({}, otherAdmin)).rows.map((row) => row.id)).toEqual([5]);
  });
});
