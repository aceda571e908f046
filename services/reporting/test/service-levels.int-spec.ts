import {
  Subjects,
  type DomainEvent,
  type Queue,
  type ReportTimeZoneReply,
  type RequestContext,
  type ServiceMetricsReply,
  type SlaTargetsReply,
  type TicketRecord,
  type WeekdaySchedule,
} from '@sb/contracts';
import { requestAs } from '@sb/testing';
import { domainEvent, openedByAna, ticketRecord } from './reporting-events.js';
import { processedEvents, recordsOf, until, useReportingTestApp } from './reporting-test-app.js';

const S = Subjects.reporting;
const admin: Partial<RequestContext> = { companyId: 7, userId: 5, profile: 'admin' };
const agent: Partial<RequestContext> = { companyId: 7, userId: 6, profile: 'user' };
const otherAdmin: Partial<RequestContext> = { companyId: 8, userId: 80, profile: 'admin' };
const platform: Partial<RequestContext> = {
  companyId: 1,
  userId: 1,
  profile: 'admin',
  super: true,
};

const grid = (days: string[], a: [string, string], b: [string, string] = ['', '']) =>
  days.map((weekdayEn): WeekdaySchedule => ({
    weekday: weekdayEn,
    weekdayEn,
    startTimeA: a[0],
    endTimeA: a[1],
    startTimeB: b[0],
    endTimeB: b[1],
  }));
const office = grid(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
  ['09:00', '12:00'],
  ['13:00', '18:00'],
);
/** Vendas' own hours: Monday 09:00–10:00 only. */
const vendasHours = grid(['monday'], ['09:00', '10:00']);

const companyEvent = (companyId: number, at: string, schedules: WeekdaySchedule[], zone: string) =>
  domainEvent(companyId, 'identity.company.updated', at, {
    company: { id: companyId, name: `Co ${companyId}`, schedules },
    timeZone: zone,
  });
const scheduleType = (companyId: number, at: string, value: string, scope = 'company') =>
  domainEvent(companyId, 'identity.settings.updated', at, { key: 'scheduleType', value, scope });
const queueEvent = (action: 'created' | 'updated', id: number, at: string, schedules: unknown) =>
  domainEvent(7, `tickets.queue.${action}`, at, {
    queue: { id, name: `Fila ${id}`, color: '#000', schedules } as unknown as Queue,
  });

const updated = (id: number, at: string, fields: Partial<TicketRecord>, previousStatus?: string) =>
  domainEvent(7, 'tickets.ticket.updated', at, {
    ticket: ticketRecord(id, at, fields),
    ...(previousStatus ? { previousStatus } : {}),
  });
let messages = 0;
const message = (id: number, at: string, fromMe: boolean, fields: Partial<TicketRecord>) =>
  domainEvent(7, 'tickets.message.created', at, {
    message: {
      id: `msg-${id}-${(messages += 1)}`,
      ticketId: id,
      fromMe,
      isPrivate: false,
      createdAt: at,
      body: 'x',
    },
    ticket: ticketRecord(id, at, fields),
    contact: { id: 100 + id, name: `Cliente ${id}` },
  });
const note = (id: number, at: string) =>
  domainEvent(7, 'tickets.message.created', at, {
    message: { id: `note-${id}`, ticketId: id, fromMe: true, isPrivate: true, createdAt: at },
    ticket: ticketRecord(id, at, openedByAna),
    contact: { id: 100 + id, name: `Cliente ${id}` },
  });

const vendas = { queueId: 2, queue: { id: 2, name: 'Vendas', color: '#f00' } };
const noQueue = { queueId: null, queue: null };
const t = (time: string) => `2026-03-02T${time}:00.000Z`;

/**
 * Company 7 in São Paulo (UTC−3), Monday 2 March 2026 (UTC times below; 12:00Z is 09:00 there).
 * Hours: the company's Monday–Friday 09:00–12:00 and 13:00–18:00, schedule type queue, Vendas' own
 * Monday 09:00–10:00 (12:00Z–13:00Z); queue 3 deleted. Every announcement also comes in an older
 * version that arrives late.
 * - ticket 1 (Vendas), created 12:00: contact 12:01, bot menu 12:02 (no agent: not a response),
 *   Ana accepts 12:05 and answers 12:10 (the first response); contact 12:20 and 12:25, Ana 12:50 (wait 30, business 30);
 *   contact 13:30, Ana 14:00 (wait 30, business 0: Vendas closes at 13:00Z); a note 14:10; closed
 *   15:00 (resolution 180, business 60).
 * - ticket 2 (no queue, so the company's hours), created 12:00, Ana's: answers 12:40 (40 / 40);
 *   contact 13:00, Ana 16:30 (wait 210; business 10:00–12:00 + 13:00–13:30 local = 150).
 */
const history = (): DomainEvent[] => [
  companyEvent(7, '2026-03-01T11:00:00.000Z', office, 'America/Sao_Paulo'),
  companyEvent(7, '2026-03-01T10:00:00.000Z', grid(['sunday'], ['00:00', '23:00']), 'UTC'),
  companyEvent(8, '2026-03-01T10:00:00.000Z', [], 'Asia/Tokyo'),
  scheduleType(7, '2026-03-01T11:00:00.000Z', 'queue'),
  scheduleType(7, '2026-03-01T10:00:00.000Z', 'company'),
  scheduleType(0, '2026-03-01T12:00:00.000Z', 'disabled', 'platform'),
  queueEvent('updated', 2, '2026-03-01T11:00:00.000Z', vendasHours),
  queueEvent('created', 2, '2026-03-01T10:00:00.000Z', office),
  queueEvent('created', 3, '2026-03-01T10:00:00.000Z', office),
  domainEvent(7, 'tickets.queue.deleted', '2026-03-01T12:00:00.000Z', { queueId: 3 }),
  updated(1, t('12:00'), vendas),
  message(1, t('12:01'), false, vendas),
  message(1, t('12:02'), true, vendas),
  updated(1, t('12:05'), { ...vendas, ...openedByAna }, 'pending'),
  message(1, t('12:10'), true, { ...vendas, ...openedByAna }),
  message(1, t('12:20'), false, { ...vendas, ...openedByAna }),
  message(1, t('12:25'), false, { ...vendas, ...openedByAna }),
  message(1, t('12:50'), true, { ...vendas, ...openedByAna }),
  message(1, t('13:30'), false, { ...vendas, ...openedByAna }),
  message(1, t('14:00'), true, { ...vendas, ...openedByAna }),
  note(1, t('14:10')),
  updated(1, t('15:00'), { ...vendas, ...openedByAna, status: 'closed' }, 'open'),
  updated(2, t('12:00'), { ...noQueue, ...openedByAna, status: 'open' }),
  message(2, t('12:40'), true, { ...noQueue, ...openedByAna, status: 'open' }),
  message(2, t('13:00'), false, { ...noQueue, ...openedByAna, status: 'open' }),
  message(2, t('16:30'), true, { ...noQueue, ...openedByAna, status: 'open' }),
];

describe('service levels: next responses, business hours and SLA targets (real Postgres and NATS)', () => {
  const rig = useReportingTestApp('reporting-service-levels');
  const call = requestAs(() => rig.app.bus);
  const period = { dateFrom: '2026-03-02', dateTo: '2026-03-02' };
  const rows = async (sql: string) => (await rig.app.db.query(sql)).rows;
  const waits = () =>
    rows('SELECT ticket_id, next_responses FROM reporting.ticket_fact ORDER BY ticket_id');

  beforeAll(async () => {
    if (!rig.bus) return;
    const events = history();
    // newest first, and every other event delivered twice
    for (const e of [...events].reverse()) await rig.app.bus.publish(e);
    for (const e of events.filter((_, i) => i % 2 === 0)) await rig.app.bus.publish(e);
    await until(async () => (await processedEvents(rig.app.db)) >= recordsOf(events));
  }, 60_000);

  it('keeps the newest hours and schedule type whatever the order, and a deleted queue deleted', async () => {
    if (!rig.bus) return;
    expect(
      await rows(
        'SELECT company_id, schedules, schedule_type FROM reporting.company_hours ORDER BY 1',
      ),
    ).toEqual([
      { company_id: 7, schedules: office, schedule_type: 'queue' },
      { company_id: 8, schedules: [], schedule_type: 'disabled' },
    ]);
    expect(
      await rows(
        'SELECT queue_id, name, schedules, deleted FROM reporting.queue_hours ORDER BY queue_id',
      ),
    ).toEqual([
      { queue_id: 2, name: 'Fila 2', schedules: vendasHours, deleted: false },
      // deleted before its creation arrived: the late creation does not bring it back
      { queue_id: 3, name: '', schedules: [], deleted: true },
    ]);
  });

  it("works each ticket's next-response waits out of its messages, in any order and once each", async () => {
    if (!rig.bus) return;
    expect(await waits()).toEqual([
      {
        ticket_id: 1,
        next_responses: [
          [t('12:20'), t('12:50')],
          [t('13:30'), t('14:00')],
        ],
      },
      { ticket_id: 2, next_responses: [[t('13:00'), t('16:30')]] },
    ]);
    // the note is no mark; each message is one
    expect(await rows('SELECT count(*)::int AS n FROM reporting.ticket_message_mark')).toEqual([
      { n: 11 },
    ]);
  });

  it('measures next response and business hours side by side, and the SLA of a target', async () => {
    if (!rig.bus) return;
    await expect(
      call(S.slaTargetSet, { queueId: 2, firstResponseMinutes: 15 }, admin),
    ).resolves.toMatchObject({ queueId: 2, firstResponseMinutes: 15 });
    const reply = await call<ServiceMetricsReply>(S.serviceMetrics, period, admin);
    expect(reply.tickets).toBe(2);
    expect(reply.hoursBasis).toEqual({ queue: 1, company: 1, none: 0 });
    expect(reply.wallClock).toMatchObject({
      firstResponse: { count: 2, avgMinutes: 25, medianMinutes: 25 }, // 10 and 40
      nextResponse: { count: 3, avgMinutes: 90, medianMinutes: 30 }, // 30, 30, 210
      resolution: { count: 1, avgMinutes: 180, medianMinutes: 180 },
    });
    expect(reply.businessHours).toMatchObject({
      firstResponse: { count: 2, avgMinutes: 25, medianMinutes: 25 },
      nextResponse: { count: 3, avgMinutes: 60, medianMinutes: 30 }, // 30, 0, 150
      resolution: { count: 1, avgMinutes: 60, medianMinutes: 60 },
    });
    // ticket 1 answered in 10 minutes, within Vendas' 15; ticket 2 has no queue, so no target
    expect(reply.sla).toEqual({
      queues: [
        {
          queueId: 2,
          queueName: 'Vendas',
          targetMinutes: 15,
          tickets: 1,
          wallClock: { measured: 1, withinTarget: 1, percent: 100 },
          businessHours: { measured: 1, withinTarget: 1, percent: 100 },
        },
      ],
      overall: {
        tickets: 1,
        wallClock: { measured: 1, withinTarget: 1, percent: 100 },
        businessHours: { measured: 1, withinTarget: 1, percent: 100 },
      },
    });
  });

  it("lets admins set and clear targets of their own company's queues only", async () => {
    if (!rig.bus) return;
    await call(S.slaTargetSet, { queueId: 4, firstResponseMinutes: 90 }, admin);
    // a deleted queue's target is not listed
    await call(S.slaTargetSet, { queueId: 3, firstResponseMinutes: 10 }, admin);
    const list = await call<SlaTargetsReply>(S.slaTargetList, {}, admin);
    expect(list.targets.map((target) => [target.queueId, target.firstResponseMinutes])).toEqual([
      [2, 15],
      [4, 90],
    ]);
    await expect(call(S.slaTargetList, {}, otherAdmin)).resolves.toEqual({ targets: [] });
    await expect(call(S.slaTargetDelete, { queueId: 4 }, admin)).resolves.toEqual({ queueId: 4 });
    expect((await call<SlaTargetsReply>(S.slaTargetList, {}, admin)).targets).toHaveLength(1);
    for (const request of [S.slaTargetList, S.slaTargetSet, S.slaTargetDelete])
      await expect(
        call(request, { queueId: 2, firstResponseMinutes: 5 }, agent),
      ).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    for (const minutes of [0, -5, 1.5, 'soon', 43_201])
      await expect(
        call(S.slaTargetSet, { queueId: 2, firstResponseMinutes: minutes }, admin),
      ).rejects.toMatchObject({
        code: 'ERR_VALIDATION',
        fields: { firstResponseMinutes: expect.any(Array) },
      });
    await expect(
      call(S.slaTargetSet, { queueId: 'x', firstResponseMinutes: 5 }, admin),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION', fields: { queueId: expect.any(Array) } });
  });

  it("answers every user the company's report zone", async () => {
    if (!rig.bus) return;
    await expect(call<ReportTimeZoneReply>(S.timeZone, {}, agent)).resolves.toEqual({
      timeZone: 'America/Sao_Paulo',
    });
    await expect(call<ReportTimeZoneReply>(S.timeZone, {}, otherAdmin)).resolves.toEqual({
      timeZone: 'Asia/Tokyo',
    });
  });

  it('rebuilds the same waits from a replay, and keeps the hours', async () => {
    if (!rig.bus) return;
    const before = await waits();
    const hours = await rows('SELECT * FROM reporting.queue_hours ORDER BY queue_id');
    await call(S.rebuild, {}, platform);
    expect(await waits()).toEqual(before);
    expect(await rows('SELECT * FROM reporting.queue_hours ORDER BY queue_id')).toEqual(hours);
  }, 60_000);
});
