import { randomUUID } from 'node:crypto';
import {
  Subjects,
  type DashboardReply,
  type DomainEvent,
  type MomentsReply,
  type RequestContext,
  type TicketRecord,
  type TicketsDayReply,
  type TicketsUsersReply,
} from '@sb/contracts';
import { requestAs } from '@sb/testing';
import { processedEvents, until, useReportingTestApp } from './reporting-test-app.js';
import { domainEvent, openedByAna, ticketRecord, TICKETS_CREATED_AT } from './reporting-events.js';

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

const updated = (id: number, at: string, fields: Partial<TicketRecord>, previousStatus?: string) =>
  domainEvent(7, 'tickets.ticket.updated', at, {
    ticket: ticketRecord(id, at, fields),
    ...(previousStatus ? { previousStatus } : {}),
  });
const message = (id: number, at: string, fromMe: boolean, fields: Partial<TicketRecord>) =>
  domainEvent(7, 'tickets.message.created', at, {
    message: { id: randomUUID(), ticketId: id, fromMe, isPrivate: false, createdAt: at, body: 'x' },
    ticket: ticketRecord(id, at, fields),
    contact: { id: 100 + id, name: `Cliente ${id}` },
  });
const userEvent = (companyId: number, id: number, name: string, online: boolean, at: string) =>
  domainEvent(companyId, 'identity.user.updated', at, {
    user: { id, companyId, name, profile: id === 5 ? 'admin' : 'user' },
    online,
  });

const open6 = { status: 'open' as const, userId: 6, user: { id: 6, name: 'Bruno' } };

/**
 * Company 7, 2 March 2026 (São Paulo, UTC−3):
 * - ticket 1: created 12:00, Ana accepts 12:10, answers 12:12, closes 12:40, rated 10;
 * - ticket 2: created 12:00, Bruno accepts 12:30, closes 14:30 (support 120 min), rated 6;
 * - ticket 3: created 12:00, still pending (contact 103);
 * - ticket 4: created 12:00, Ana accepts 12:05 and is still working on it;
 * 3 inbound and 2 outbound messages. Company 8: one ticket of its own.
 */
const history = (): DomainEvent[] => [
  updated(1, '2026-03-02T12:00:00.000Z', {}),
  updated(1, '2026-03-02T12:10:00.000Z', openedByAna, 'pending'),
  message(1, '2026-03-02T12:11:00.000Z', false, openedByAna),
  message(1, '2026-03-02T12:12:00.000Z', true, openedByAna),
  updated(1, '2026-03-02T12:40:00.000Z', { ...openedByAna, status: 'closed' }, 'open'),
  updated(1, '2026-03-02T12:41:00.000Z', {
    ...openedByAna,
    status: 'closed',
    userRating: { rate: 10 },
  }),
  updated(2, '2026-03-02T12:00:00.000Z', {}),
  message(2, '2026-03-02T12:01:00.000Z', false, {}),
  updated(2, '2026-03-02T12:30:00.000Z', open6, 'pending'),
  message(2, '2026-03-02T12:31:00.000Z', true, open6),
  updated(2, '2026-03-02T14:30:00.000Z', { ...open6, status: 'closed' }, 'open'),
  updated(2, '2026-03-02T14:31:00.000Z', { ...open6, status: 'closed', userRating: { rate: 6 } }),
  updated(3, '2026-03-02T12:00:00.000Z', {}),
  message(3, '2026-03-02T12:02:00.000Z', false, {}),
  updated(4, '2026-03-02T12:00:00.000Z', {}),
  updated(4, '2026-03-02T12:05:00.000Z', openedByAna, 'pending'),
  userEvent(7, 5, 'Ana', true, '2026-03-02T11:00:00.000Z'),
  userEvent(7, 6, 'Bruno', false, '2026-03-02T11:00:00.000Z'),
  userEvent(7, 9, 'Carla', true, '2026-03-02T11:00:00.000Z'),
  domainEvent(8, 'tickets.ticket.updated', '2026-03-02T12:00:00.000Z', {
    ticket: ticketRecord(50, '2026-03-02T12:00:00.000Z', { companyId: 8 }),
  }),
  userEvent(8, 80, 'Outra', true, '2026-03-02T11:00:00.000Z'),
];

describe('reporting projections (real Postgres and NATS)', () => {
  const rig = useReportingTestApp('reporting-projections');

  const call = requestAs(() => rig.app.bus);
  const period = { date_from: '2026-03-02', date_to: '2026-03-02' };

  const rollupKeys = new Set(['company_id', 'day', 'queue_id', 'user_id', 'whatsapp_id']);
  /** Every row of the read models, in a stable order (what a rebuild must reproduce). */
  const snapshot = async () => {
    const rows = async (sql: string) => (await rig.app.db.query(sql)).rows;
    return {
      facts: await rows(
        `SELECT company_id, ticket_id, status, queue_id, user_id, whatsapp_id, accepted_at, accepted_by,
                first_response_at, closed_at, rate FROM reporting.ticket_fact ORDER BY 1, 2`,
      ),
      // a row whose counts cancelled out exists or not depending on how the events were batched
      // (one batch nets them in memory and writes nothing), and reads the same as no row
      rollups: (await rows('SELECT * FROM reporting.daily_rollup ORDER BY 1, 2, 3, 4, 5')).filter(
        (row) =>
          Object.entries(row).some(
            ([column, value]) => !rollupKeys.has(column) && Number(value) !== 0,
          ),
      ),
      messages: await rows('SELECT * FROM reporting.message_daily ORDER BY 1, 2, 3'),
      users: await rows(
        'SELECT company_id, user_id, name, online FROM reporting.user_directory ORDER BY 1, 2',
      ),
    };
  };

  const processed = () => processedEvents(rig.app.db);

  beforeAll(async () => {
    if (!rig.bus) return;
    const events = history();
    // out of order (newest first), and every third event delivered twice
    for (const e of [...events].reverse()) await rig.app.bus.publish(e);
    for (const e of events.filter((_, i) => i % 3 === 0)) await rig.app.bus.publish(e);
    await until(async () => (await processed()) >= events.length);
  }, 60_000);

  it('projects the counters and attendants of the period, whatever the order of the events', async () => {
    if (!rig.bus) return;
    const reply = await call<DashboardReply>(S.dashboard, period, admin);
    expect(reply.counters).toEqual({
      supportHappening: 1, // ticket 4
      supportPending: 1, // ticket 3
      supportFinished: 2,
      avgSupportTime: 75, // (30 + 120) / 2
      avgWaitTime: 15, // (10 + 30 + 5) / 3
      leads: 4, // four contacts with one ticket each
      npsScore: 0, // one promoter (10), one detractor (6)
      npsPromotersPerc: 50,
      npsPassivePerc: 0,
      npsDetractorsPerc: 50,
      tickets: 2,
      waitRating: 0,
      withRating: 2,
      withoutRating: 0,
      percRating: 100, // both closed tickets rated (the share is of closed tickets)
    });
    expect(reply.attendants).toEqual([
      {
        id: 5,
        name: 'Ana',
        rating: 10,
        countRating: 1,
        tickets: 2,
        avgWaitTime: 7.5,
        avgSupportTime: 30,
        online: true,
      },
      {
        id: 6,
        name: 'Bruno',
        rating: 6,
        countRating: 1,
        tickets: 1,
        avgWaitTime: 30,
        avgSupportTime: 120,
        online: false,
      },
      {
        id: 9,
        name: 'Carla',
        rating: 0,
        countRating: 0,
        tickets: 0,
        avgWaitTime: 0,
        avgSupportTime: 0,
        online: true,
      },
    ]);
    // the day before has nothing
    await expect(
      call<DashboardReply>(S.dashboard, { date_from: '2026-03-01', date_to: '2026-03-01' }, admin),
    ).resolves.toMatchObject({ counters: { tickets: 0, leads: 0, supportHappening: 1 } });
  });

  it('answers the charts, the message count and Tempo Real', async () => {
    if (!rig.bus) return;
    const chart = { initialDate: '2026-03-02', finalDate: '2026-03-02' };
    await expect(call<TicketsUsersReply>(S.ticketsUsers, chart, admin)).resolves.toEqual({
      data: [
        { nome: 'Ana', quantidade: 2, userId: 5 },
        { nome: 'Bruno', quantidade: 1, userId: 6 },
        { nome: 'Carla', quantidade: 0, userId: 9 },
      ],
    });
    // one day: by São Paulo hour (12:00 UTC is 09:00 there)
    await expect(call<TicketsDayReply>(S.ticketsDay, chart, admin)).resolves.toEqual({
      data: [{ horario: '09', total: 4 }],
      count: 4,
    });
    await expect(
      call<TicketsDayReply>(
        S.ticketsDay,
        { initialDate: '2026-03-01', finalDate: '2026-03-03' },
        admin,
      ),
    ).resolves.toEqual({ data: [{ data: '02/03/2026', total: 4 }], count: 4 });
    const messages = (fromMe: boolean) =>
      call(S.messagesCount, { fromMe, dateStart: '2026-03-02', dateEnd: '2026-03-02' }, admin);
    await expect(messages(true)).resolves.toEqual({ count: [{ count: 2 }] });
    await expect(messages(false)).resolves.toEqual({ count: [{ count: 3 }] });

    const range = { dateStart: '2026-03-01', dateEnd: '2026-03-03' };
    const all = await call<MomentsReply>(S.moments, range, admin);
    expect(all.map((t) => t.id).sort()).toEqual([1, 2, 3, 4]);
    const pending = await call<MomentsReply>(S.moments, { ...range, status: 'pending' }, admin);
    expect(pending.map((t) => t.id)).toEqual([3]);
    // a user sees only their own tickets, whatever userId they ask for
    const own = await call<MomentsReply>(S.moments, { ...range, userId: 5 }, agent);
    expect(own.map((t) => t.id)).toEqual([2]);
    expect(own[0]).toMatchObject({ user: { id: 6, name: 'Bruno', profile: 'user' } });
    // instants as JavaScript writes them (the database formats them), the newest change first
    expect(own[0]!.createdAt).toBe(TICKETS_CREATED_AT);
    for (const ticket of all)
      expect(new Date(ticket.updatedAt).toISOString()).toBe(ticket.updatedAt);
    const updated = all.map((t) => t.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
  });

  it('keeps each company to its figures and refuses bad input and non-admins', async () => {
    if (!rig.bus) return;
    await expect(call<DashboardReply>(S.dashboard, period, otherAdmin)).resolves.toMatchObject({
      counters: { supportPending: 1, tickets: 0, leads: 1 },
      attendants: [{ id: 80, name: 'Outra' }],
    });
    await expect(call(S.dashboard, period, agent)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await expect(
      call(S.ticketsDay, { initialDate: '2026-03-02', finalDate: '2026-03-02' }, agent),
    ).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    await expect(
      call(S.dashboard, { date_from: '2026-03-05', date_to: '2026-03-01' }, admin),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION', fields: { date_to: ['End before start'] } });
    await expect(
      call(S.dashboard, { date_from: '2010-01-01', date_to: '2026-03-01' }, admin),
    ).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      fields: { date_to: ['Range over 5 years'] },
    });
    await expect(call(S.dashboard, {}, admin)).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      fields: { date_from: ['Por favor configura el filtro'] },
    });
    await expect(
      call(S.dashboard, { date_from: 'yesterday', date_to: '2026-03-01' }, admin),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    // an unknown user or queue narrows to nothing
    await expect(
      call<MomentsReply>(
        S.moments,
        { dateStart: '2026-03-01', dateEnd: '2026-03-03', queueIds: '[999]' },
        admin,
      ),
    ).resolves.toEqual([]);
    await expect(call(S.rebuild, {}, admin)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
  });

  it('rebuilds the same figures from a replay of the stream', async () => {
    if (!rig.bus) return;
    const live = await snapshot();
    const liveDashboard = await call<DashboardReply>(S.dashboard, period, admin);
    expect(live.facts).toHaveLength(5);
    const reply = await call<{ events: number; seconds: number }>(S.rebuild, {}, platform);
    expect(reply.events).toBeGreaterThanOrEqual(history().length);
    expect(await snapshot()).toEqual(live);
    await expect(call<DashboardReply>(S.dashboard, period, admin)).resolves.toEqual(liveDashboard);
    // and it keeps following the stream afterwards
    await rig.app.bus.publish(updated(3, '2026-03-02T15:00:00.000Z', open6, 'pending'));
    await until(async () => {
      const r = await call<DashboardReply>(S.dashboard, period, admin);
      return r.counters.supportPending === 0 && r.counters.supportHappening === 2;
    });
    // a second rebuild replays into new consumers again, with the same figures
    const followed = await snapshot();
    await call(S.rebuild, {}, platform);
    expect(await snapshot()).toEqual(followed);
  }, 90_000);

  it('tells the company’s dashboards once the change is readable, at most once a second', async () => {
    if (!rig.bus) return;
    const day = { initialDate: '2026-03-05', finalDate: '2026-03-05' };
    const notices: { companyId: number; at: number; counted: Promise<number> }[] = [];
    // the earlier tests' last notice has gone out by then
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const subscription = await rig.app.bus.subscribe('evt.*.reporting.figures.changed', (event) => {
      // what a dashboard refetching on the notice reads
      const counted = call<TicketsDayReply>(S.ticketsDay, day, admin).then((r) => r.count);
      notices.push({ companyId: event.companyId, at: Date.now(), counted });
    });
    try {
      const before = await processed();
      const at = '2026-03-05T13:00:00.000Z';
      const burst = [61, 62, 63, 64, 65].map((id) => updated(id, at, { createdAt: at }));
      for (const e of burst) await rig.app.bus.publish(e);
      await until(async () => (await processed()) >= before + burst.length);
      // the last batch's notice may wait for the end of its second
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(notices.length).toBeGreaterThanOrEqual(1);
      expect(notices.every((notice) => notice.companyId === 7)).toBe(true);
      expect(await notices[0]!.counted).toBeGreaterThanOrEqual(1);
      expect(await notices.at(-1)!.counted).toBe(5);
      for (let i = 1; i < notices.length; i += 1)
        expect(notices[i]!.at - notices[i - 1]!.at).toBeGreaterThanOrEqual(900);
    } finally {
      await subscription.unsubscribe();
    }
  });

  it("keeps in Tempo Real, with a status, only a contact's newest ticket per queue and connection", async () => {
    if (!rig.bus) return;
    const same = {
      contactId: 170,
      contact: { id: 170, name: 'Cliente 170' },
    } as Partial<TicketRecord>;
    const ticket = (id: number, at: string, fields: Partial<TicketRecord>) =>
      updated(id, at, { ...same, createdAt: at, ...fields });
    const events = [
      ticket(71, '2026-03-06T12:00:00.000Z', {}),
      ticket(72, '2026-03-06T13:00:00.000Z', {}),
      // the same contact in another queue is another line of Tempo Real
      ticket(73, '2026-03-06T11:00:00.000Z', {
        queueId: 9,
        queue: { id: 9, name: 'Suporte', color: '#00f' },
      }),
    ];
    const before = await processed();
    for (const e of events) await rig.app.bus.publish(e);
    await until(async () => (await processed()) >= before + events.length);
    const moments = (query: Record<string, unknown>) =>
      call<MomentsReply>(
        S.moments,
        { dateStart: '2026-03-06', dateEnd: '2026-03-06', ...query },
        admin,
      );
    expect((await moments({})).map((t) => t.id).sort()).toEqual([71, 72, 73]);
    expect((await moments({ status: 'pending' })).map((t) => t.id).sort()).toEqual([72, 73]);
  });
});
