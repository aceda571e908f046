import { randomUUID } from 'node:crypto';
import {
  Subjects,
  eventSubject,
  type AvailableAgentsReply,
  type AvailableAgentsRequest,
  type BusRequest,
  type TicketEventData,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { RunningNestService } from '@sb/platform/nest';
import { ManualClock, openTestBus, TicketsFixtures } from '@sb/testing';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { answerCompanySettings, answerUserRecords } from './replica-stand-ins.js';
import { openTicketsApp, type TicketsApp } from './tickets-test-app.js';
import { RoutingRunner } from '../src/routing/routing-runner.js';
import { RoutingRepository } from '../src/routing/routing.repository.js';
import { RoutingService } from '../src/routing/routing.service.js';

const Minute = 60_000;
const Ana = 11;
const Bia = 12;
const Caio = 13;
const Dora = 14;

/**
 * The router against real Postgres, with identity played by a fake on the bus: the test says which
 * agents are available per queue and whether userRandom is on, and moves the service clock.
 */
describe('agent routing (userRandom, queue rotation)', () => {
  let bus: Bus;
  let db: pg.Pool;
  let app: TicketsApp;
  let service: RunningNestService;
  let runner: RoutingRunner;
  let routing: RoutingService;
  const clock = new ManualClock(new Date('2025-06-10T17:00:00.000Z'));
  const userRandom = new Map<number, 'enabled' | 'disabled'>();
  /** available agents per queue id, as identity would answer */
  const available = new Map<number, number[]>();
  const asked: AvailableAgentsRequest[] = [];
  let given: TicketsFixtures;

  const queue = async (name: string, ativarRoteador: boolean, tempoRoteador: number, company = 1) =>
    (await given.newQueue(company, { name, ativarRoteador, tempoRoteador })).id;

  type TicketFields = {
    company?: number;
    queueId: number | null;
    status?: string;
    userId?: number | null;
    isGroup?: boolean;
    isBot?: boolean;
    useIntegration?: boolean;
    promptId?: number | null;
  };
  const ticket = async ({ company = 1, queueId, userId, ...fields }: TicketFields) =>
    (await given.newTicket(company, { queue: queueId, user: userId, ...fields })).id;
  const row = async (id: number) =>
    (
      await db.query<{
        status: string;
        user_id: number | null;
        routed_user_id: number | null;
        routed_at: Date | null;
      }>('SELECT status, user_id, routed_user_id, routed_at FROM tickets.tickets WHERE id = $1', [
        id,
      ])
    ).rows[0]!;
  const agentOf = async (id: number) => (await row(id)).user_id;
  const logs = async (id: number) =>
    (
      await db.query<{ type: string; user_id: number | null; queue_id: number | null }>(
        'SELECT type, user_id, queue_id FROM tickets.ticket_logs WHERE ticket_id = $1 ORDER BY id',
        [id],
      )
    ).rows;
  const events = async (id: number) =>
    (
      await db.query<{ payload: TicketEventData }>(
        `SELECT payload FROM tickets.outbox_event WHERE subject = 'evt.1.tickets.ticket.updated'
          ORDER BY seq`,
      )
    ).rows
      .map((r) => r.payload)
      .filter((payload) => payload.ticket.id === id);
  /** Identity's setting changes, and its settings.updated event tells tickets at once. */
  const setUserRandom = async (companyId: number, value: 'enabled' | 'disabled') => {
    userRandom.set(companyId, value);
    await bus.publish({
      id: randomUUID(),
      subject: eventSubject(companyId, 'identity', 'settings', 'updated'),
      companyId,
      occurredAt: new Date().toISOString(),
      data: { key: 'userRandom', value },
    });
    await new Promise((resolve) => setImmediate(resolve));
  };
  const pass = async (advanceMs = 0) => {
    clock.advance(advanceMs);
    await runner.tick();
  };

  beforeAll(async () => {
    bus = (await openTestBus('in-process', 'tickets-routing-int-spec'))!;
    await answerCompanySettings(bus, (companyId, key) =>
      key === 'userRandom' ? (userRandom.get(companyId) ?? 'disabled') : 'disabled',
    );
    await answerUserRecords(bus, () =>
      [Ana, Bia, Caio, Dora].map((id) => ({ id, name: `agent ${id}`, profile: 'user' })),
    );
    await bus.handle(Subjects.identity.userAvailableAgents, (payload: BusRequest) => {
      const request = payload.data as AvailableAgentsRequest;
      expect(payload.ctx.companyId).toBe(request.companyId);
      asked.push(request);
      const reply: AvailableAgentsReply = {
        queues: request.queueIds.map((queueId) => ({
          queueId,
          userIds: available.get(queueId) ?? [],
        })),
      };
      return Promise.resolve(reply);
    });
    app = await openTicketsApp(bus, {
      clock,
      // the timer stays out of the way: the test runs each pass itself
      env: {
        JWT_SECRET: 'tickets-routing-int-spec-0123456789abcdef',
        TICKETS_ROUTER_POLL_MS: '3600000',
      },
    });
    ({ db, service, given } = app);
    runner = service.app.get(RoutingRunner);
    routing = service.app.get(RoutingService);
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(async () => {
    // earlier tests' tickets leave the router's view, so each test sees only its own
    await db.query(`UPDATE tickets.tickets SET status = 'closed' WHERE status = 'pending'`);
    await setUserRandom(1, 'disabled');
    await setUserRandom(2, 'disabled');
    available.clear();
    asked.length = 0;
    routing.random = Math.random;
  });

  it('userRandom gives a waiting ticket a random available agent of its queue, and says so', async () => {
    await setUserRandom(1, 'enabled');
    const sales = await queue('Sales', false, 0);
    available.set(sales, [Ana, Bia]);
    routing.random = () => 0.9;
    const id = await ticket({ queueId: sales });
    await pass();
    expect(await row(id)).toMatchObject({ status: 'pending', user_id: Bia, routed_user_id: Bia });
    expect(asked.at(-1)).toEqual({
      companyId: 1,
      queueIds: [sales],
      at: clock.now().toISOString(),
    });
    expect(await logs(id)).toEqual([
      { type: 'transfered', user_id: null, queue_id: sales },
      { type: 'receivedTransfer', user_id: Bia, queue_id: sales },
    ]);
    const [event] = await events(id);
    expect(event!.ticket).toMatchObject({ id, status: 'pending', userId: Bia, queueId: sales });
    expect(event!.previousStatus).toBeUndefined();

    // userRandom assigns once: a queue without rotation keeps the agent however long it waits
    await pass(60 * Minute);
    expect(await agentOf(id)).toBe(Bia);
    expect(await logs(id)).toHaveLength(2);
  });

  it('routes only pending tickets of a queue, with no agent, outside groups and bot steps', async () => {
    await setUserRandom(1, 'enabled');
    const support = await queue('Support', false, 0);
    available.set(support, [Ana]);
    const skipped = await Promise.all([
      ticket({ queueId: null }),
      ticket({ queueId: support, isGroup: true }),
      ticket({ queueId: support, isBot: true }),
      ticket({ queueId: support, useIntegration: true }),
      ticket({ queueId: support, promptId: 3 }),
      ticket({ queueId: support, status: 'open', userId: Bia }),
      ticket({ queueId: support, userId: Bia }),
    ]);
    const routed = await ticket({ queueId: support });
    await pass();
    expect(await agentOf(routed)).toBe(Ana);
    for (const id of skipped) {
      expect((await row(id)).routed_at).toBeNull();
      expect(await logs(id)).toEqual([]);
    }
    expect(await agentOf(skipped[6]!)).toBe(Bia);
  });

  it('leaves waiting tickets alone without userRandom or a rotating queue', async () => {
    const plain = await queue('Plain', false, 0);
    const noTime = await queue('Router without time', true, 0);
    available.set(plain, [Ana]);
    available.set(noTime, [Ana]);
    const a = await ticket({ queueId: plain });
    const b = await ticket({ queueId: noTime });
    await pass();
    expect(await agentOf(a)).toBeNull();
    expect(await agentOf(b)).toBeNull();
  });

  it('waits for an available agent, then routes', async () => {
    await setUserRandom(1, 'enabled');
    const late = await queue('Late', false, 0);
    const id = await ticket({ queueId: late });
    await pass();
    expect(await agentOf(id)).toBeNull();
    available.set(late, [Caio]);
    await pass(5_000);
    expect(await agentOf(id)).toBe(Caio);
  });

  it('rotates an unaccepted ticket round robin every tempoRoteador minutes, and stops on accept', async () => {
    const rotating = await queue('Rotating', true, 5);
    available.set(rotating, [Ana, Bia, Caio]);
    routing.random = () => 0;
    const id = await ticket({ queueId: rotating });
    await pass();
    expect(await agentOf(id)).toBe(Ana);
    const routedAt = (await row(id)).routed_at!;
    expect(routedAt.toISOString()).toBe(clock.now().toISOString());

    await pass(4 * Minute + 59_000);
    expect(await agentOf(id)).toBe(Ana);
    await pass(1_000);
    expect(await agentOf(id)).toBe(Bia);
    await pass(5 * Minute);
    expect(await agentOf(id)).toBe(Caio);
    // round robin wraps around; an agent who went away is skipped
    available.set(rotating, [Ana, Caio, Dora]);
    await pass(5 * Minute);
    expect(await agentOf(id)).toBe(Dora);
    await pass(5 * Minute);
    expect(await agentOf(id)).toBe(Ana);
    // alone, the agent keeps it
    available.set(rotating, [Ana]);
    await pass(5 * Minute);
    expect(await agentOf(id)).toBe(Ana);

    expect(
      (await logs(id)).filter((l) => l.type === 'receivedTransfer').map((l) => l.user_id),
    ).toEqual([Ana, Bia, Caio, Dora, Ana]);
    expect((await events(id)).map((e) => e.ticket.userId)).toEqual([Ana, Bia, Caio, Dora, Ana]);

    // accepted: the router is done with it
    await db.query(`UPDATE tickets.tickets SET status = 'open' WHERE id = $1`, [id]);
    available.set(rotating, [Bia, Caio]);
    await pass(30 * Minute);
    expect(await row(id)).toMatchObject({ status: 'open', user_id: Ana });
  });

  it('does not move a ticket a person gave to another agent, and routes it again when returned', async () => {
    const rotating = await queue('Rotating by hand', true, 2);
    available.set(rotating, [Ana, Bia]);
    routing.random = () => 0;
    const id = await ticket({ queueId: rotating });
    await pass();
    expect(await agentOf(id)).toBe(Ana);
    // transferred by a person to Dora, still pending
    await db.query('UPDATE tickets.tickets SET user_id = $2 WHERE id = $1', [id, Dora]);
    await pass(10 * Minute);
    expect(await agentOf(id)).toBe(Dora);
    // returned to the queue with nobody: the router takes it up again
    await db.query('UPDATE tickets.tickets SET user_id = NULL WHERE id = $1', [id]);
    routing.random = () => 0.99;
    await pass();
    expect(await agentOf(id)).toBe(Bia);
  });

  it('gives a ticket once when two routers race for it', async () => {
    const raced = await queue('Raced', true, 5);
    available.set(raced, [Ana, Bia, Caio]);
    const id = await ticket({ queueId: raced });
    const now = clock.now();
    const results = await Promise.all([routing.routeCompany(1, now), routing.routeCompany(1, now)]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await logs(id)).filter((l) => l.type === 'receivedTransfer')).toHaveLength(1);
    expect(await events(id)).toHaveLength(1);
  });

  it('claims a ticket only as it was read, so a stale read changes nothing', async () => {
    const raced = await queue('Claimed', true, 5);
    const id = await ticket({ queueId: raced });
    const repository = service.app.get(RoutingRepository);
    const dataSource = service.app.get(DataSource);
    const [seen] = await repository.candidates(1, false, clock.now(), id - 1, 10);
    expect(seen).toMatchObject({ id, userId: null, routedAt: null });
    const claims = await Promise.all(
      [Ana, Bia].map((userId) =>
        dataSource.transaction((manager) =>
          repository.claim(manager, 1, seen!, userId, clock.now()),
        ),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const winner = claims[0] ? Ana : Bia;
    expect(await row(id)).toMatchObject({ user_id: winner, routed_user_id: winner });
    // the rotation read before an accept does not undo it
    const [due] = await repository.candidates(1, false, clock.now(), id - 1, 10);
    expect(due).toBeUndefined();
    const routed = { ...seen!, userId: winner, routedUserId: winner, routedAt: clock.now() };
    await db.query(`UPDATE tickets.tickets SET status = 'open' WHERE id = $1`, [id]);
    expect(
      await dataSource.transaction((manager) =>
        repository.claim(manager, 1, routed, winner === Ana ? Bia : Ana, clock.now()),
      ),
    ).toBe(false);
    expect(await row(id)).toMatchObject({ status: 'open', user_id: winner });
  });

  it('finds its work through the routable index', async () => {
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      await client.query('SET LOCAL search_path = tickets');
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT t.id FROM tickets t
          WHERE t.company_id = 1 AND t.id > 0 AND t.status = 'pending' AND t.queue_id IS NOT NULL
            AND t.is_group = false AND t.is_bot = false AND t.use_integration = false
            AND t.prompt_id IS NULL ORDER BY t.id LIMIT 200`,
      );
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('tickets_routable_idx');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('keeps each company to its own settings and tickets', async () => {
    await setUserRandom(2, 'enabled');
    const mine = await queue('Company 1 queue', false, 0, 1);
    const theirs = await queue('Company 2 queue', false, 0, 2);
    available.set(mine, [Ana]);
    available.set(theirs, [Dora]);
    const one = await ticket({ queueId: mine });
    const two = await ticket({ queueId: theirs, company: 2 });
    await pass();
    expect(await agentOf(one)).toBeNull();
    expect(await agentOf(two)).toBe(Dora);
    expect(asked.map((a) => a.companyId)).toEqual([2]);
  });
});
