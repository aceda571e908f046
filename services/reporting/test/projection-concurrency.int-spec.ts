import { randomUUID } from 'node:crypto';
import type { DomainEvent, TicketRecord } from '@sb/contracts';
import { openTestDataSource, type TestDataSource } from '@sb/testing';
import type { DataSource } from 'typeorm';
import { reportingMigrations } from '../src/migrations/index.js';
import { ProjectionRepository } from '../src/projection/projection.repository.js';
import { ProjectionService } from '../src/projection/projection.service.js';
import { CompanyZoneRepository } from '../src/time-zone/company-zone.repository.js';
import { CompanyZoneService } from '../src/time-zone/company-zone.service.js';
import { domainEvent, openedByAna, ticketRecord } from './reporting-events.js';

/**
 * Issue 18's race: events of one ticket applied at the same time (its three consumers, or concurrent
 * deliveries) must give the figures of applying them one by one. Straight through the service, each
 * event in its own transaction, all at once.
 */
const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 12, minute)).toISOString();

const event = (kind: string, minute: number, data: unknown): DomainEvent =>
  domainEvent(7, kind, at(minute), data);

/** A ticket's life: created, accepted by Ana at :10, answered at :12, closed at :40, rated 10. */
const life = (id: number): DomainEvent[] => [
  event('tickets.ticket.updated', 0, { ticket: ticketRecord(id, at(0), {}) }),
  event('tickets.ticket.updated', 10, {
    ticket: ticketRecord(id, at(10), openedByAna),
    previousStatus: 'pending',
  }),
  event('tickets.message.created', 11, {
    message: { id: randomUUID(), ticketId: id, fromMe: false, isPrivate: false, createdAt: at(11) },
    ticket: ticketRecord(id, at(11), openedByAna),
  }),
  event('tickets.message.created', 12, {
    message: { id: randomUUID(), ticketId: id, fromMe: true, isPrivate: false, createdAt: at(12) },
    ticket: ticketRecord(id, at(12), openedByAna),
  }),
  event('tickets.ticket.updated', 40, {
    ticket: ticketRecord(id, at(40), { ...openedByAna, status: 'closed' }),
    previousStatus: 'open',
  }),
  event('tickets.ticket.updated', 41, {
    ticket: ticketRecord(id, at(41), {
      ...openedByAna,
      status: 'closed',
      userRating: { rate: 10 },
    }),
  }),
];

describe('reporting projection under concurrency (real Postgres)', () => {
  let database: TestDataSource | undefined;
  let dataSource: DataSource;
  let projection: ProjectionService;

  beforeAll(async () => {
    database = await openTestDataSource('reporting_concurrency', {
      schema: 'reporting',
      migrations: reportingMigrations,
      poolSize: 12,
    });
    dataSource = database.dataSource;
    const repository = new ProjectionRepository();
    const zones = new CompanyZoneService(
      new CompanyZoneRepository(database.transactions),
      repository,
      {},
    );
    projection = new ProjectionService(repository, zones);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it('counts each ticket once, with all its facts, when its events are applied at the same time', async () => {
    const tickets = [1, 2, 3, 4, 5];
    const events = tickets.flatMap(life);
    // every event at once, each in its own transaction (as the consumers do); the newest first
    await Promise.all(
      [...events]
        .reverse()
        .map((e) => dataSource.transaction((manager) => projection.apply(e, manager))),
    );

    const facts: { ticket_id: number; first_response_at: Date | null; rate: number | null }[] =
      await dataSource.query(
        'SELECT ticket_id, first_response_at, rate, status FROM ticket_fact ORDER BY ticket_id',
      );
    expect(facts).toHaveLength(tickets.length);
    for (const fact of facts)
      expect(fact).toMatchObject({
        first_response_at: new Date(at(12)),
        rate: 10,
        status: 'closed',
      });

    const rollups = await dataSource.query(
      `SELECT day::text AS day, queue_id, user_id, whatsapp_id, tickets, closed, closed_rated, rated,
              wait_minutes::int AS wait_minutes, wait_count, support_minutes::int AS support_minutes,
              support_count, rate_sum, promoters, detractors
         FROM daily_rollup WHERE tickets <> 0 OR closed <> 0 OR rated <> 0`,
    );
    // São Paulo day of 12:00 UTC; one row: queue 2, Ana, connection 3
    expect(rollups).toEqual([
      {
        day: '2026-03-02',
        queue_id: 2,
        user_id: 5,
        whatsapp_id: 3,
        tickets: 5,
        closed: 5,
        closed_rated: 5,
        rated: 5,
        wait_minutes: 50, // 10 each
        wait_count: 5,
        support_minutes: 150, // 30 each
        support_count: 5,
        rate_sum: 50,
        promoters: 5,
        detractors: 0,
      },
    ]);
    // no share was taken twice from the row the tickets counted in before Ana accepted them
    const negative = await dataSource.query(
      'SELECT * FROM daily_rollup WHERE tickets < 0 OR closed < 0 OR rated < 0 OR wait_count < 0',
    );
    expect(negative).toEqual([]);
    const messages = await dataSource.query(
      'SELECT from_me, messages FROM message_daily ORDER BY from_me',
    );
    expect(messages).toEqual([
      { from_me: false, messages: 5 },
      { from_me: true, messages: 5 },
    ]);
  }, 60_000);
  it('gives the same figures when the events come in batches applied at the same time', async () => {
    // tickets 41-50 on connection 9; their events dealt round-robin into four batches, newest first,
    // so every batch holds events of every ticket and the batches lock the same rows at once
    const onConnection9 = (e: DomainEvent): DomainEvent => {
      (e.data as { ticket: TicketRecord }).ticket.whatsappId = 9;
      return e;
    };
    const tickets = [41, 42, 43, 44, 45, 46, 47, 48, 49, 50];
    const events = tickets.flatMap(life).map(onConnection9).reverse();
    const batches: DomainEvent[][] = [[], [], [], []];
    events.forEach((e, i) => batches[i % 4]!.push(e));
    await Promise.all(
      batches.map((batch) =>
        dataSource.transaction((manager) => projection.applyAll(batch, manager)),
      ),
    );

    const rows = await dataSource.query(
      `SELECT queue_id, user_id, tickets, closed, wait_minutes::int AS wait_minutes,
              support_minutes::int AS support_minutes, promoters
         FROM daily_rollup WHERE whatsapp_id = 9 AND tickets <> 0`,
    );
    expect(rows).toEqual([
      {
        queue_id: 2,
        user_id: 5,
        tickets: 10,
        closed: 10,
        wait_minutes: 100,
        support_minutes: 300,
        promoters: 10,
      },
    ]);
    const negative = await dataSource.query(
      'SELECT * FROM daily_rollup WHERE whatsapp_id = 9 AND (tickets < 0 OR closed < 0)',
    );
    expect(negative).toEqual([]);
  }, 60_000);

  it('moves tickets between two rollup rows in both directions at once without a deadlock', async () => {
    // tickets 11-30 are created on 3 March, half in queue 2, half in queue 4; then each moves to the other
    const queue = (id: number, moved: boolean) => ((id % 2 === 0) !== moved ? 2 : 4);
    const onDay = (e: DomainEvent): DomainEvent => {
      const data = e.data as { ticket: TicketRecord };
      data.ticket.createdAt = '2026-03-03T12:00:00.000Z';
      return e;
    };
    const ids = Array.from({ length: 20 }, (_, i) => 11 + i);
    const inQueue = (id: number, moved: boolean, minute: number) =>
      onDay(
        event('tickets.ticket.updated', minute, {
          ticket: ticketRecord(id, at(minute), { queueId: queue(id, moved) }),
        }),
      );
    const apply = (e: DomainEvent) =>
      dataSource.transaction((manager) => projection.apply(e, manager));
    for (const id of ids) await apply(inQueue(id, false, 0));
    await Promise.all(ids.map((id) => apply(inQueue(id, true, 5))));

    const rows: { queue_id: number; tickets: number }[] = await dataSource.query(
      `SELECT queue_id, tickets FROM daily_rollup WHERE day = '2026-03-03' ORDER BY queue_id`,
    );
    expect(rows).toEqual([
      { queue_id: 2, tickets: 10 },
      { queue_id: 4, tickets: 10 },
    ]);
  }, 60_000);
});
