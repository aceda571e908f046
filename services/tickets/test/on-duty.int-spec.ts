import { randomUUID } from 'node:crypto';
import {
  emptyOnDutyDays,
  Subjects,
  type BusRequest,
  type MessageRecord,
  type NotificationSendRequest,
  type OnDutyNowReply,
  type OnDutyNowRequest,
  type OnDutyRecord,
  type SendMessageCommand,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { RunningNestService } from '@sb/platform/nest';
import { ManualClock, openTestBus, TicketsFixtures, requestAs } from '@sb/testing';
import type pg from 'pg';
import { answerCompanySettings, answerUserRecords } from './replica-stand-ins.js';
import { openTicketsApp, type TicketsApp } from './tickets-test-app.js';
import { OnDutyRunner } from '../src/on-duty/on-duty-runner.js';
import { OnDutyService } from '../src/on-duty/on-duty.service.js';

const Minute = 60_000;
const Start = new Date('2026-01-05T12:00:00.000Z');

/** An on-duty entry as campaigns answers it (the window itself is campaigns' business). */
const entry = (id: number, phone: string, interval: number): OnDutyRecord => ({
  id,
  userId: 100 + id,
  user: { id: 100 + id, name: `Staff ${id}` },
  phone,
  interval,
  days: emptyOnDutyDays(),
  createdAt: Start.toISOString(),
  updatedAt: Start.toISOString(),
});

/**
 * The on-duty alerts against real Postgres, with campaigns (who is on duty) and connectors (the
 * WhatsApp text) played by fakes on the bus, and the service clock moved by the test.
 */
describe('on-duty alerts (plantão)', () => {
  let bus: Bus;
  let db: pg.Pool;
  let app: TicketsApp;
  let service: RunningNestService;
  let runner: OnDutyRunner;
  const clock = new ManualClock(Start);
  /** who campaigns says is on duty, by company */
  const onDuty = new Map<number, OnDutyRecord[]>();
  const asked: OnDutyNowRequest[] = [];
  const alerts: (NotificationSendRequest & { ctxCompanyId: number })[] = [];
  const channelSends: SendMessageCommand[] = [];
  let given: TicketsFixtures;

  const ticket = async (
    name: string,
    fields: { company?: number; status?: string; fromMe?: boolean | null; isGroup?: boolean } = {},
  ) => {
    const { company = 1, fromMe = false, ...rest } = fields;
    const contact = await given.newContact(company, { name });
    const created = await given.newTicket(company, {
      contact,
      whatsapp: 5,
      user: 10,
      lastMessage: 'Olá, alguém aí?',
      fromMe,
      ...rest,
    });
    return created.id;
  };
  const nextNotify = async (id: number) =>
    (
      await db.query<{ next_notify_at: Date | null }>(
        'SELECT next_notify_at FROM tickets.tickets WHERE id = $1',
        [id],
      )
    ).rows[0]!.next_notify_at;
  /** The alerts sent so far about a ticket, as "phone: text". */
  const alertsAbout = (id: number) =>
    alerts.filter((a) => a.body.includes(`#${id} `)).map((a) => `${a.to}: ${a.body}`);
  const pass = async (advanceMs = 0) => {
    clock.advance(advanceMs);
    await runner.tick();
  };
  const call = requestAs(() => bus, { lang: 'pt-BR' });

  beforeAll(async () => {
    bus = (await openTestBus('in-process', 'tickets-on-duty-int-spec'))!;
    // campaigns: the entries on duty at the asked moment
    await bus.handle(Subjects.campaigns.onDutyNow, (payload: BusRequest) => {
      const request = payload.data as OnDutyNowRequest;
      expect(payload.ctx.companyId).toBe(request.companyId);
      asked.push(request);
      const reply: OnDutyNowReply = { entries: onDuty.get(request.companyId) ?? [] };
      return Promise.resolve(reply);
    });
    // connectors: the text through the default connection, and the agent's channel send
    await bus.handle(Subjects.connectors.notificationSend, async (payload: BusRequest) => {
      // a little latency, so concurrent pollers overlap
      await new Promise((resolve) => setTimeout(resolve, 5));
      alerts.push({
        ...(payload.data as NotificationSendRequest),
        ctxCompanyId: payload.ctx.companyId,
      });
      return { sent: true };
    });
    await bus.handle(Subjects.connectors.messageSend, (payload: BusRequest) => {
      channelSends.push(payload.data as SendMessageCommand);
      return Promise.resolve({
        externalId: `wa-${channelSends.length}`,
        ack: 1,
        sentAt: new Date().toISOString(),
      });
    });
    // identity: the agent who answers, and the company settings the send reads
    await bus.handle(Subjects.identity.userGet, (payload: BusRequest) => {
      const { id } = payload.data as { id: number };
      return Promise.resolve({ id, name: 'Ana Agent', allTicket: 'disable', queueIds: [] });
    });
    await answerCompanySettings(bus, () => 'disabled');
    // no user listed: each one is asked for once (identity.user.get above)
    await answerUserRecords(bus, () => []);
    // the company's own time zone (company 2 has none: the installation's applies)
    await bus.handle(Subjects.identity.companySchedulesGet, (payload: BusRequest) => {
      const { id } = payload.data as { id: number };
      return Promise.resolve({
        id,
        schedules: [],
        ...(id === 1 ? { timeZone: 'Asia/Tokyo' } : {}),
      });
    });
    app = await openTicketsApp(bus, {
      clock,
      // the timers stay out of the way: the test runs each pass itself
      env: {
        JWT_SECRET: 'tickets-on-duty-int-spec-0123456789abcdef',
        TICKETS_ON_DUTY_POLL_MS: '3600000',
        TICKETS_ROUTER_POLL_MS: '3600000',
      },
    });
    ({ db, service, given } = app);
    runner = service.app.get(OnDutyRunner);
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(async () => {
    // earlier tests' tickets leave the alerts' view, so each test sees only its own
    await db.query(`UPDATE tickets.tickets SET status = 'closed' WHERE status = 'pending'`);
    onDuty.clear();
    asked.length = 0;
    alerts.length = 0;
    clock.set(Start);
  });

  it('alerts everyone on duty once per interval until the agent answers', async () => {
    onDuty.set(1, [entry(1, '5511999990001', 5), entry(2, '5511999990002', 3)]);
    const id = await ticket('Maria Silva');

    await pass();
    const text = `Plantão: o ticket #${id} de Maria Silva aguarda atendimento.`;
    expect(alertsAbout(id)).toEqual([`5511999990001: ${text}`, `5511999990002: ${text}`]);
    expect(alerts.every((a) => a.companyId === 1 && a.ctxCompanyId === 1)).toBe(true);
    // campaigns reads the windows on the company's own wall clock
    expect(asked).toEqual([{ companyId: 1, at: Start.toISOString(), timeZone: 'Asia/Tokyo' }]);
    // the next alert: the smallest interval of those on duty (3 minutes)
    expect(await nextNotify(id)).toEqual(new Date(Start.getTime() + 3 * Minute));

    // nothing more before the interval has passed, however often the poller runs
    await pass();
    await pass(2 * Minute + 59_000);
    expect(alertsAbout(id)).toHaveLength(2);

    // the interval reached: one more alert to each
    await pass(1_000);
    expect(alertsAbout(id)).toHaveLength(4);
    expect(await nextNotify(id)).toEqual(new Date(Start.getTime() + 6 * Minute));

    // the agent answers: the contact no longer spoke last, no alert at the next interval or after
    const [reply] = await call<MessageRecord[]>(
      Subjects.tickets.messageSend,
      { ticketId: id, body: 'Já vou te atender!' },
      { companyId: 1, userId: 10, profile: 'admin' },
    );
    expect(reply).toMatchObject({ fromMe: true });
    await pass(3 * Minute);
    await pass(30 * Minute);
    expect(alertsAbout(id)).toHaveLength(4);
  });

  it('sends nothing and checks again next poll while nobody is on duty', async () => {
    const id = await ticket('João Souza');
    await pass();
    expect(asked).toHaveLength(1);
    expect(alertsAbout(id)).toEqual([]);
    expect(await nextNotify(id)).toBeNull();

    // someone comes on duty: the next poll alerts at once
    onDuty.set(1, [entry(3, '5511999990003', 1)]);
    await pass(30_000);
    expect(alertsAbout(id)).toEqual([
      `5511999990003: Plantão: o ticket #${id} de João Souza aguarda atendimento.`,
    ]);
    expect(await nextNotify(id)).toEqual(new Date(Start.getTime() + 30_000 + Minute));
  });

  it('leaves alone tickets that are answered, accepted, groups or of a company without staff', async () => {
    onDuty.set(1, [entry(4, '5511999990004', 1)]);
    const answered = await ticket('Answered', { fromMe: true });
    const silent = await ticket('Silent', { fromMe: null });
    const accepted = await ticket('Accepted', { status: 'open' });
    const group = await ticket('Group', { isGroup: true });
    const otherCompany = await ticket('Other company', { company: 2 });
    const waiting = await ticket('Waiting');

    await pass();
    expect(alerts.map((a) => a.body)).toEqual([
      `Plantão: o ticket #${waiting} de Waiting aguarda atendimento.`,
    ]);
    for (const id of [answered, silent, accepted, group, otherCompany]) {
      expect(alertsAbout(id)).toEqual([]);
      expect(await nextNotify(id)).toBeNull();
    }
    // company 2 was asked (it has a waiting ticket) and nobody is on duty there; it has no time zone
    // of its own, so the installation's (COMPANY_TIME_ZONE, default São Paulo) is sent
    expect(asked.map((a) => [a.companyId, a.timeZone]).sort()).toEqual([
      [1, 'Asia/Tokyo'],
      [2, 'America/Sao_Paulo'],
    ]);
  });

  it("waits while the company is fenced (a tenant operation's cut) and alerts after", async () => {
    onDuty.set(1, [entry(6, '5511999990006', 1)]);
    const id = await ticket('Fenced');
    const fenceEvent = (action: 'fenced' | 'unfenced') => ({
      id: randomUUID(),
      subject: `evt.1.identity.company.${action}`,
      companyId: 1,
      occurredAt: new Date().toISOString(),
      data: { companyId: 1, operationId: '3b0f8a8e-9d1c-4c43-9e55-6f0f1a2b3c4d' },
    });
    const fences = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets.fenced_companies'))
        .rows[0]!.n;
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
      expect(await check()).toBe(true);
    };

    await bus.publish(fenceEvent('fenced'));
    await until(async () => (await fences()) === 1);
    await pass();
    expect(alertsAbout(id)).toEqual([]);
    expect(await nextNotify(id)).toBeNull();

    await bus.publish(fenceEvent('unfenced'));
    await until(async () => (await fences()) === 0);
    await pass();
    expect(alertsAbout(id)).toEqual([
      `5511999990006: Plantão: o ticket #${id} de Fenced aguarda atendimento.`,
    ]);
  });

  it('alerts once per instant when two pollers run side by side (replicas)', async () => {
    onDuty.set(1, [entry(5, '5511999990005', 2)]);
    const ids = [await ticket('Ana'), await ticket('Bia'), await ticket('Caio')];
    const alertsService = service.app.get(OnDutyService);
    const sent = await Promise.all([
      alertsService.alertCompany(1, clock.now()),
      alertsService.alertCompany(1, clock.now()),
      alertsService.alertCompany(1, clock.now()),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(3);
    for (const id of ids) expect(alertsAbout(id)).toHaveLength(1);
  });
});
