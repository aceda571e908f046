import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@sb/contracts';
import {
  createTestDatabase,
  metricValue,
  natsUrlOrSkip,
  type TestDatabase,
} from '@sb/testing/infra';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import type { Bus, ConsumeOptions } from '../src/bus/bus.types.js';
import { createInProcessBus } from '../src/bus/in-process-bus.js';
import { createNatsBus } from '../src/bus/nats-bus.js';
import { createServiceDataSource } from '../src/db/service-data-source.js';
import { Transactions } from '../src/db/transactions.js';
import { createLogger } from '../src/logger/create-logger.js';
import {
  consumeIdempotently,
  consumeIdempotentlyInBatches,
} from '../src/outbox/idempotent-consumer.js';
import { renderMetrics } from '../src/ops/metrics.js';
import { Outbox } from '../src/outbox/outbox.js';
import { testEvent } from './test-event.js';
import { startOutboxRelay, type OutboxRelay } from '../src/outbox/outbox-relay.js';
import {
  CreateNote1800000000000,
  NoteEntity,
  NoteRowSecurity1800000000001,
  NotesRepository,
} from './test-notes.fixture.js';

const logger = createLogger('platform-int');
const silent = createLogger('platform-int', { level: 'silent' });
const natsUrl = await natsUrlOrSkip();
let db: TestDatabase;
let dataSource: DataSource;
const schema = 'identity';

const openDataSource = () =>
  createServiceDataSource({
    url: db.url,
    schema,
    entities: [NoteEntity],
    migrations: [CreateNote1800000000000, NoteRowSecurity1800000000001],
    logger,
  });

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  db = await createTestDatabase('platform_db');
  dataSource = await openDataSource();
});

afterAll(async () => {
  await dataSource?.destroy();
  await db?.drop();
});

describe('createServiceDataSource', () => {
  it('creates the schema with the platform tables and its migrations table inside it', async () => {
    const tables: { table_name: string }[] = await dataSource.query(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
      [schema],
    );
    expect(tables.map((t) => t.table_name)).toEqual([
      'erased_companies',
      'migrations',
      'note',
      'outbox_event',
      'processed_event',
      'tenant_import_ids',
    ]);
    const publicTables = await dataSource.query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(publicTables).toEqual([]);
  });

  it('migrates once when several instances start together, and reopens without migrating again', async () => {
    const [a, b] = await Promise.all([openDataSource(), openDataSource()]);
    const runs: { name: string }[] = await a.query(
      `SELECT name FROM ${schema}.migrations ORDER BY id`,
    );
    expect(runs.map((r) => r.name)).toEqual([
      'PlatformOutboxEvent1700000000000',
      'PlatformProcessedEvent1700000000001',
      'PlatformOutboxJsonPayload1700000000002',
      'PlatformOutboxTraceContext1700000000003',
      'PlatformErasedCompanies1700000000004',
      'PlatformTenantImportIds1700000000005',
      'CreateNote1800000000000',
      'NoteRowSecurity1800000000001',
    ]);
    await Promise.all([a.destroy(), b.destroy()]);
  });

  it('rejects a schema name that is not a plain identifier', async () => {
    await expect(
      createServiceDataSource({ url: db.url, schema: 'x; drop', entities: [], migrations: [] }),
    ).rejects.toThrow(/invalid schema/);
  });
});

describe('TenantRepository on Postgres', () => {
  let transactions: Transactions;
  beforeAll(() => {
    transactions = new Transactions(dataSource);
  });
  afterAll(() => transactions.close());

  it('keeps each tenant in its own rows', async () => {
    const notes = new NotesRepository(dataSource.getRepository(NoteEntity), transactions);
    const mine = await notes.save(1, { text: 'company one' });
    await notes.save(2, { text: 'company two' });
    expect((await notes.find(1)).map((n) => n.text)).toEqual(['company one']);
    expect(await notes.findOne(2, { id: mine.id })).toBeNull();
    await expect(notes.findOneOrFail(2, { id: mine.id })).rejects.toMatchObject({
      code: 'ERR_NOT_FOUND',
    });
    await expect(notes.save(2, { id: mine.id, text: 'hijack' })).rejects.toMatchObject({
      code: 'ERR_NOT_FOUND',
    });
    expect((await notes.findOneOrFail(1, { id: mine.id })).text).toBe('company one');
    expect(await notes.delete(2, { id: mine.id })).toBe(0);
    expect(await notes.count(1)).toBe(1);
    expect(await notes.delete(1, { id: mine.id })).toBe(1);
  });
});

type BusCase = { name: string; make: () => Promise<Bus> };
const buses: BusCase[] = [{ name: 'in-process', make: async () => createInProcessBus({ logger }) }];
if (natsUrl)
  buses.push({
    name: 'NATS',
    make: () => createNatsBus({ url: natsUrl, name: 'platform-outbox-test', logger }),
  });

describe.each(buses)('outbox relay over the $name bus', ({ make }) => {
  let bus: Bus;
  let relays: OutboxRelay[] = [];
  const unsubscribes: (() => Promise<void>)[] = [];
  const company = () => 800_000 + Math.floor(Math.random() * 99_999);

  beforeEach(async () => {
    bus = await make();
    await dataSource.query('DELETE FROM outbox_event');
  });

  afterEach(async () => {
    await Promise.all(unsubscribes.splice(0).map((u) => u()));
    await Promise.all(relays.map((r) => r.stop()));
    relays = [];
    await bus.close();
  });

  async function collect(companyId: number) {
    const received: DomainEvent[] = [];
    const sub = await bus.subscribe(`evt.${companyId}.>`, (e) => void received.push(e));
    unsubscribes.push(() => sub.unsubscribe());
    return received;
  }

  it('publishes what a committed transaction added, in order, and marks it published', async () => {
    const cid = company();
    const received = await collect(cid);
    relays.push(await startOutboxRelay({ dataSource, bus, logger }));
    const added = await dataSource.transaction(async (manager) => {
      const events: DomainEvent[] = [];
      for (let i = 0; i < 5; i++) {
        events.push(
          await Outbox.add(
            manager,
            testEvent({
              companyId: cid,
              service: 'identity',
              entity: 'user',
              action: 'updated',
              data: { i },
            }),
          ),
        );
      }
      return events;
    });
    expect(added[0]).toMatchObject({
      subject: `evt.${cid}.identity.user.updated`,
      companyId: cid,
      data: { i: 0 },
    });
    await waitFor(() => received.length >= 5);
    expect(received).toEqual(added);
    await waitFor(async () => {
      const [row] = await dataSource.query(
        'SELECT count(*)::int AS n FROM outbox_event WHERE published_at IS NULL',
      );
      return row.n === 0;
    });
  });

  it('adds several events with one statement, published in the given order', async () => {
    const cid = company();
    const received = await collect(cid);
    relays.push(await startOutboxRelay({ dataSource, bus, logger }));
    const added = await dataSource.transaction((manager) =>
      Outbox.addMany(
        manager,
        [0, 1, 2, 3].map((i) =>
          testEvent({
            companyId: cid,
            service: 'identity' as const,
            entity: 'user',
            action: 'updated',
            data: { i, text: `it's "quoted" {${i}}` },
          }),
        ),
      ),
    );
    expect(await dataSource.transaction((manager) => Outbox.addMany(manager, []))).toEqual([]);
    await waitFor(() => received.length >= 4);
    expect(received).toEqual(added);
    expect(received.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3]);
  });

  it('never publishes what a rolled-back transaction added', async () => {
    const cid = company();
    const received = await collect(cid);
    relays.push(await startOutboxRelay({ dataSource, bus, logger }));
    await dataSource
      .transaction(async (manager) => {
        await Outbox.add(
          manager,
          testEvent({
            companyId: cid,
            service: 'identity',
            entity: 'user',
            action: 'updated',
            data: {},
          }),
        );
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const kept = await dataSource.transaction((manager) =>
      Outbox.add(
        manager,
        testEvent({
          companyId: cid,
          service: 'identity',
          entity: 'user',
          action: 'created',
          data: {},
        }),
      ),
    );
    await waitFor(() => received.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.map((e) => e.id)).toEqual([kept.id]);
  });

  it('forgets published rows after the retention, and processed events a day after it', async () => {
    const ids = {
      published: randomUUID(),
      pending: randomUUID(),
      old: randomUUID(),
      kept: randomUUID(),
    };
    await dataSource.query(
      `INSERT INTO outbox_event (id, subject, company_id, payload, occurred_at, published_at)
       VALUES ($1, 'evt.1.identity.user.updated', 1, '{}', now(), now() - interval '3 days'),
              ($2, 'evt.1.identity.user.updated', 1, '{}', now() - interval '3 days', NULL)`,
      [ids.published, ids.pending],
    );
    await dataSource.query(
      `INSERT INTO processed_event (consumer, event_id, processed_at)
       VALUES ('cleanup-test', $1, now() - interval '4 days'), ('cleanup-test', $2, now() - interval '2 days')`,
      [ids.old, ids.kept],
    );
    const day = 24 * 60 * 60 * 1000;
    relays.push(await startOutboxRelay({ dataSource, bus, logger, retentionMs: 2 * day }));
    const outboxIds = async () =>
      (
        (await dataSource.query('SELECT id FROM outbox_event WHERE id = ANY($1::uuid[])', [
          [ids.published, ids.pending],
        ])) as { id: string }[]
      ).map((row) => row.id);
    const processedIds = async () =>
      (
        (await dataSource.query(
          'SELECT event_id FROM processed_event WHERE event_id = ANY($1::uuid[])',
          [[ids.old, ids.kept]],
        )) as { event_id: string }[]
      ).map((row) => row.event_id);
    await waitFor(async () => (await processedIds()).length === 1);
    expect(await processedIds()).toEqual([ids.kept]);
    // the unpublished row was relayed now, so it stays for its own retention
    expect(await outboxIds()).toEqual([ids.pending]);
  });

  it('is woken by NOTIFY instead of waiting for its next poll', async () => {
    const cid = company();
    const received = await collect(cid);
    relays.push(await startOutboxRelay({ dataSource, bus, logger, intervalMs: 60_000 }));
    await new Promise((resolve) => setTimeout(resolve, 300)); // the relay is now asleep
    const started = Date.now();
    await dataSource.transaction((manager) =>
      Outbox.add(
        manager,
        testEvent({
          companyId: cid,
          service: 'identity',
          entity: 'user',
          action: 'updated',
          data: {},
        }),
      ),
    );
    await waitFor(() => received.length >= 1, 5000);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('relays a row committed while a batch is going out at once, not at the next poll', async () => {
    const cid = company();
    const received = await collect(cid);
    // the first publish takes a while: the second row is committed (and notified) meanwhile
    let slow = true;
    const slowBus: Bus = {
      ...bus,
      publish: async (event) => {
        if (slow) {
          slow = false;
          await new Promise((resolve) => setTimeout(resolve, 400));
        }
        await bus.publish(event);
      },
    };
    relays.push(await startOutboxRelay({ dataSource, bus: slowBus, logger, intervalMs: 60_000 }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const add = () =>
      dataSource.transaction((manager) =>
        Outbox.add(
          manager,
          testEvent({
            companyId: cid,
            service: 'identity',
            entity: 'user',
            action: 'updated',
            data: {},
          }),
        ),
      );
    await add();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await add();
    await waitFor(() => received.length >= 2, 5000);
  });

  it('publishes each row once with several relays running', async () => {
    const cid = company();
    const received = await collect(cid);
    let publishes = 0;
    const counting: Bus = { ...bus, publish: (e) => (publishes++, bus.publish(e)) };
    relays.push(
      await startOutboxRelay({ dataSource, bus: counting, logger, batchSize: 5 }),
      await startOutboxRelay({ dataSource, bus: counting, logger, batchSize: 5 }),
      await startOutboxRelay({ dataSource, bus: counting, logger, batchSize: 5 }),
    );
    for (let i = 0; i < 30; i++) {
      await dataSource.transaction((manager) =>
        Outbox.add(
          manager,
          testEvent({
            companyId: cid,
            service: 'identity',
            entity: 'user',
            action: 'updated',
            data: { i },
          }),
        ),
      );
    }
    await waitFor(() => received.length >= 30);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(publishes).toBe(30);
    expect(new Set(received.map((e) => e.id)).size).toBe(30);
  });

  it('publishes a batch pipelined, in write order, claimed and marked by one statement', async () => {
    const cid = company();
    const received = await collect(cid);
    let inflight = 0;
    let maxInflight = 0;
    const slow: Bus = {
      ...bus,
      publish: async (e) => {
        inflight++;
        maxInflight = Math.max(maxInflight, inflight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await bus.publish(e);
        inflight--;
      },
    };
    const marks: string[] = [];
    const added = await dataSource.transaction(async (manager) => {
      const events: DomainEvent[] = [];
      for (let i = 0; i < 10; i++) {
        events.push(
          await Outbox.add(
            manager,
            testEvent({
              companyId: cid,
              service: 'identity',
              entity: 'user',
              action: 'updated',
              data: { i },
            }),
          ),
        );
      }
      return events;
    });
    // the statements the relay sends on its own connection
    const send = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const name = (this as unknown as { connectionParameters: { application_name?: string } })
        .connectionParameters.application_name;
      const sql = String(args[0]);
      // (the retention's periodic DELETE aside)
      if (
        name?.endsWith('-outbox-relay') &&
        sql.includes('outbox_event') &&
        !sql.includes('DELETE')
      )
        marks.push(sql);
      return (send as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof send;
    try {
      relays.push(await startOutboxRelay({ dataSource, bus: slow, logger }));
      await waitFor(() => received.length >= 10);
      expect(received.map((e) => e.id)).toEqual(added.map((e) => e.id));
      expect(maxInflight).toBe(10);
      // the commit follows the last acknowledgement, which subscribers may see first
      await waitFor(async () => {
        const [row] = await dataSource.query(
          'SELECT count(*)::int AS n FROM outbox_event WHERE published_at IS NULL',
        );
        return row.n === 0;
      });
      expect(marks).toHaveLength(1);
    } finally {
      pg.Client.prototype.query = send;
    }
  });

  it('keeps only a row whose publish failed for the next cycle, and sends it once', async () => {
    const cid = company();
    const received = await collect(cid);
    const attempts = new Map<string, number>();
    let failOn: string | undefined;
    const flaky: Bus = {
      ...bus,
      publish: async (e) => {
        attempts.set(e.id, (attempts.get(e.id) ?? 0) + 1);
        if (e.id === failOn && attempts.get(e.id) === 1) throw new Error('bus hiccup');
        await bus.publish(e);
      },
    };
    const added = await dataSource.transaction(async (manager) => {
      const events: DomainEvent[] = [];
      for (let i = 0; i < 5; i++) {
        events.push(
          await Outbox.add(
            manager,
            testEvent({
              companyId: cid,
              service: 'identity',
              entity: 'user',
              action: 'updated',
              data: { i },
            }),
          ),
        );
      }
      return events;
    });
    failOn = added[2].id;
    relays.push(await startOutboxRelay({ dataSource, bus: flaky, logger, intervalMs: 50 }));
    await waitFor(() => received.length >= 5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(new Set(received.map((e) => e.id))).toEqual(new Set(added.map((e) => e.id)));
    expect(received).toHaveLength(5);
    expect(added.map((e) => attempts.get(e.id))).toEqual([1, 1, 2, 1, 1]);
  });

  it('reports its backlog for the scrape: rows not yet relayed and the age of the oldest', async () => {
    const cid = company();
    const received = await collect(cid);
    await dataSource.transaction(async (manager) => {
      for (let i = 0; i < 3; i++) {
        await Outbox.add(
          manager,
          testEvent({
            companyId: cid,
            service: 'identity',
            entity: 'user',
            action: 'updated',
            data: { i },
          }),
        );
      }
    });
    await dataSource.query(
      "UPDATE outbox_event SET occurred_at = now() - interval '30 seconds' WHERE company_id = $1",
      [cid],
    );
    // the bus refuses every publish: the rows stay, the relay retries
    const down = Object.assign(Object.create(bus) as Bus, {
      publish: async () => {
        throw new Error('the bus is down');
      },
    });
    const stuck = await startOutboxRelay({ dataSource, bus: down, logger: silent, intervalMs: 50 });
    let text = await renderMetrics();
    try {
      expect(metricValue(text, 'switchboard_outbox_pending')).toBe(3);
      expect(metricValue(text, 'switchboard_outbox_lag_seconds')).toBeGreaterThanOrEqual(30);
    } finally {
      await stuck.stop();
    }
    relays.push(await startOutboxRelay({ dataSource, bus, logger }));
    await waitFor(() => received.length >= 3);
    await waitFor(async () => {
      text = await renderMetrics();
      return metricValue(text, 'switchboard_outbox_pending') === 0;
    });
    expect(metricValue(text, 'switchboard_outbox_lag_seconds')).toBe(0);
  });

  it('stops cleanly and publishes nothing afterwards', async () => {
    const cid = company();
    const received = await collect(cid);
    const relay = await startOutboxRelay({ dataSource, bus, logger });
    await relay.stop();
    await dataSource.transaction((manager) =>
      Outbox.add(
        manager,
        testEvent({
          companyId: cid,
          service: 'identity',
          entity: 'user',
          action: 'updated',
          data: {},
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received).toEqual([]);
  });

  it('relays on its own connection: while the pool is held, and again after that connection is cut', async () => {
    const cid = company();
    const received = await collect(cid);
    const add = (source: DataSource, i: number) =>
      source.transaction((manager) =>
        Outbox.add(
          manager,
          testEvent({
            companyId: cid,
            service: 'identity',
            entity: 'user',
            action: 'updated',
            data: { i },
          }),
        ),
      );
    relays.push(await startOutboxRelay({ dataSource, bus, logger }));
    await add(dataSource, 0);
    await waitFor(() => received.length >= 1);

    // every connection of the service's pool busy in a transaction that waits
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    const held = Array.from({ length: 10 }, () =>
      dataSource.transaction(async () => {
        holding++;
        await gate;
      }),
    );
    const writer = await openDataSource();
    try {
      await waitFor(() => holding === 10);
      await add(writer, 1);
      await waitFor(() => received.length >= 2);
    } finally {
      release();
      await Promise.all(held);
      await writer.destroy();
    }

    await dataSource.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $1`,
      [`sb-${schema}-outbox-relay`],
    );
    await add(dataSource, 2);
    await waitFor(() => received.length >= 3);
    expect(received.map((e) => e.data)).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }]);
  });

  it('feeds an idempotent consumer end to end', async () => {
    const cid = company();
    relays.push(await startOutboxRelay({ dataSource, bus, logger }));
    const durable = `outbox_${randomUUID().slice(0, 8)}`;
    const sub = await consumeIdempotently({
      transactions: new Transactions(dataSource),
      bus,
      durable,
      filter: `evt.${cid}.identity.user.created`,
      handler: async (event, manager) => {
        await manager.query('INSERT INTO note (company_id, text) VALUES ($1, $2)', [
          event.companyId,
          `from ${event.id}`,
        ]);
      },
    });
    unsubscribes.push(() => sub.unsubscribe());
    const event = await dataSource.transaction((manager) =>
      Outbox.add(
        manager,
        testEvent({
          companyId: cid,
          service: 'identity',
          entity: 'user',
          action: 'created',
          data: {},
        }),
      ),
    );
    await waitFor(async () => {
      const rows = await dataSource.query('SELECT text FROM note WHERE company_id = $1', [cid]);
      return rows.length === 1 && rows[0].text === `from ${event.id}`;
    });
  });
});

describe('consumeIdempotently', () => {
  // A bus that hands back the wrapped handler, so the test can deliver at will (duplicates, retries).
  function capturingBus() {
    const handlers = new Map<string, ConsumeOptions['handler']>();
    const bus = {
      consume: async (options: ConsumeOptions) => {
        handlers.set(options.durable, options.handler);
        return { unsubscribe: async () => undefined };
      },
    } as unknown as Bus;
    /** hands the event to the durable's handler (the only one when not named) */
    const deliver = (event: DomainEvent, deliveryCount = 1, durable?: string) =>
      (durable ? handlers.get(durable)! : [...handlers.values()][0]!)(event, {
        subject: event.subject,
        deliveryCount,
      });
    return { bus, deliver };
  }

  const makeEvent = (companyId: number): DomainEvent => ({
    id: randomUUID(),
    subject: `evt.${companyId}.identity.user.created`,
    companyId,
    occurredAt: new Date().toISOString(),
    data: {},
  });

  const notesOf = async (companyId: number) =>
    (
      await dataSource.query('SELECT count(*)::int AS n FROM note WHERE company_id = $1', [
        companyId,
      ])
    )[0].n as number;

  it('applies a redelivered event once', async () => {
    const { bus, deliver } = capturingBus();
    await consumeIdempotently({
      transactions: new Transactions(dataSource),
      bus,
      durable: 'replica',
      filter: 'evt.>',
      handler: async (event, manager) => {
        await manager.query('INSERT INTO note (company_id, text) VALUES ($1, $2)', [
          event.companyId,
          'x',
        ]);
      },
    });
    const event = makeEvent(700_001);
    await deliver(event);
    await deliver(event, 2);
    expect(await notesOf(700_001)).toBe(1);
  });

  it('records nothing when the handler throws, so the retry applies it', async () => {
    const { bus, deliver } = capturingBus();
    let fail = true;
    await consumeIdempotently({
      transactions: new Transactions(dataSource),
      bus,
      durable: 'flaky',
      filter: 'evt.>',
      handler: async (event, manager) => {
        await manager.query('INSERT INTO note (company_id, text) VALUES ($1, $2)', [
          event.companyId,
          'y',
        ]);
        if (fail) throw new Error('transient');
      },
    });
    const event = makeEvent(700_002);
    await expect(deliver(event)).rejects.toThrow('transient');
    expect(await notesOf(700_002)).toBe(0);
    fail = false;
    await deliver(event, 2);
    expect(await notesOf(700_002)).toBe(1);
  });

  it('keeps consumers apart: two durables each apply the same event', async () => {
    const first = capturingBus();
    const second = capturingBus();
    const apply = async (event: DomainEvent, manager: import('typeorm').EntityManager) => {
      await manager.query('INSERT INTO note (company_id, text) VALUES ($1, $2)', [
        event.companyId,
        'z',
      ]);
    };
    await consumeIdempotently({
      transactions: new Transactions(dataSource),
      bus: first.bus,
      durable: 'one',
      filter: 'evt.>',
      handler: apply,
    });
    await consumeIdempotently({
      transactions: new Transactions(dataSource),
      bus: second.bus,
      durable: 'two',
      filter: 'evt.>',
      handler: apply,
    });
    const event = makeEvent(700_003);
    await first.deliver(event);
    await second.deliver(event);
    expect(await notesOf(700_003)).toBe(2);
  });

  describe('in batches', () => {
    const insertNote = (
      manager: import('typeorm').EntityManager,
      event: DomainEvent,
      text: string,
    ) =>
      manager.query('INSERT INTO note (company_id, text) VALUES ($1, $2)', [event.companyId, text]);

    it('applies the events that arrive while a transaction runs together, each once', async () => {
      const { bus, deliver } = capturingBus();
      const batches: number[] = [];
      const committed: number[] = [];
      await consumeIdempotentlyInBatches({
        transactions: new Transactions(dataSource),
        bus,
        feeds: [{ durable: 'batched', filter: 'evt.>' }],
        parallel: 1,
        handler: async (events, manager) => {
          batches.push(events.length);
          for (const event of events) await insertNote(manager, event, 'b');
        },
        committed: (events) => committed.push(events.length),
      });
      const events = Array.from({ length: 10 }, () => makeEvent(700_010));
      // the first goes alone; the nine that arrive meanwhile share the next transaction, and a copy
      // of an event delivered into the same batch is applied once
      await Promise.all([...events, events[3]!].map((event) => deliver(event)));
      expect(batches).toEqual([1, 9]);
      expect(await notesOf(700_010)).toBe(10);
      await Promise.all(events.map((event) => deliver(event, 2)));
      expect(await notesOf(700_010)).toBe(10);
      expect(batches).toEqual([1, 9]);
      // told of each committed batch; not of the redeliveries, which applied nothing
      expect(committed).toEqual([1, 9]);
    });

    it('applies several feeds in shared batches, one transaction per lane at a time', async () => {
      const { bus, deliver } = capturingBus();
      const running = new Map<number, number>();
      let overlaps = 0;
      const applied: string[] = [];
      await consumeIdempotentlyInBatches({
        transactions: new Transactions(dataSource),
        bus,
        feeds: [
          { durable: 'feed-a', filter: 'evt.*.identity.>' },
          { durable: 'feed-b', filter: 'evt.*.tickets.>' },
        ],
        parallel: 2,
        laneOf: (event) => event.companyId,
        handler: async (events, manager) => {
          const lanes = [...new Set(events.map((event) => event.companyId % 2))];
          for (const lane of lanes) {
            running.set(lane, (running.get(lane) ?? 0) + 1);
            if (running.get(lane)! > 1) overlaps += 1;
          }
          await new Promise((resolve) => setTimeout(resolve, 5));
          for (const event of events) {
            applied.push(event.id);
            await insertNote(manager, event, 'f');
          }
          for (const lane of lanes) running.set(lane, running.get(lane)! - 1);
        },
      });
      const events = Array.from({ length: 12 }, (_, i) => makeEvent(700_020 + (i % 2)));
      await Promise.all(
        events.map((event, i) => deliver(event, 1, i % 3 === 0 ? 'feed-b' : 'feed-a')),
      );
      expect(overlaps).toBe(0);
      expect(applied).toHaveLength(12);
      expect((await notesOf(700_020)) + (await notesOf(700_021))).toBe(12);
      // each event was recorded under the feed that delivered it: a redelivery there is skipped
      await deliver(events[0]!, 2, 'feed-b');
      await deliver(events[1]!, 2, 'feed-a');
      expect(applied).toHaveLength(12);
      const [{ n }] = await dataSource.query(
        `SELECT count(*)::int AS n FROM processed_event WHERE consumer = 'feed-b' AND event_id = $1`,
        [events[0]!.id],
      );
      expect(n).toBe(1);
    });

    it('retries a failed batch one event per transaction, so only the bad event fails', async () => {
      const { bus, deliver } = capturingBus();
      const bad = makeEvent(700_011);
      const committed: string[] = [];
      await consumeIdempotentlyInBatches({
        transactions: new Transactions(dataSource),
        bus,
        feeds: [{ durable: 'batched-bad', filter: 'evt.>' }],
        parallel: 1,
        handler: async (events, manager) => {
          for (const event of events) {
            await insertNote(manager, event, 'c');
            if (event.id === bad.id) throw new Error('poison');
          }
        },
        committed: (events) => committed.push(...events.map((event) => event.id)),
      });
      const events = [makeEvent(700_011), makeEvent(700_011), bad, makeEvent(700_011)];
      const results = await Promise.allSettled(events.map((event) => deliver(event)));
      expect(results.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect(await notesOf(700_011)).toBe(3);
      // the rolled-back batch and the bad event's own transaction are never reported as committed
      expect(committed.sort()).toEqual(
        events
          .filter((event) => event !== bad)
          .map((event) => event.id)
          .sort(),
      );
    });
  });
});
