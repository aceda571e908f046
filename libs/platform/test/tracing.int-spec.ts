import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@sb/contracts';
import { connect, headers } from '@nats-io/transport-node';
import {
  createTestDatabase,
  describeWithNats,
  dropTestNatsNamespace,
  testNatsNamespace,
  type TestDatabase,
} from '@sb/testing/infra';
import type { DataSource } from 'typeorm';
import type { Bus } from '../src/bus/bus.types.js';
import { createNatsBus, subjectSpace } from '../src/bus/nats-bus.js';
import { anonymousContext } from '../src/context/request-context.js';
import { createServiceDataSource } from '../src/db/service-data-source.js';
import { createLogger } from '../src/logger/create-logger.js';
import { Outbox } from '../src/outbox/outbox.js';
import { startOutboxRelay } from '../src/outbox/outbox-relay.js';
import { currentSpanContext, runWithCarrier } from '../src/tracing/trace-context.js';
import { testEvent } from './test-event.js';

// A trace over real NATS and Postgres: a request's trace reaches the handler, an event's (published
// directly or through the outbox and its relay) reaches the durable consumer, and both log it.

type Line = Record<string, unknown>;
const lines: Line[] = [];
const logger = createLogger('tracing-int', {
  level: 'info',
  destination: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
});
const traceId = '5c1d0a6e2b7f4e3a9d8c7b6a5f4e3d2c';
const parent = { traceparent: `00-${traceId}-1122334455667788-01` };
const company = () => 700_000 + Math.floor(Math.random() * 99_999);

async function waitFor(check: () => boolean, timeoutMs = 8000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

await describeWithNats('trace context over NATS', (natsUrl) => {
  const namespace = testNatsNamespace('tracing');
  let caller: Bus;
  let service: Bus;
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    caller = await createNatsBus({ url: natsUrl, name: 'caller', namespace, logger });
    service = await createNatsBus({ url: natsUrl, name: 'service', namespace, logger });
    db = await createTestDatabase('platform_tracing');
    dataSource = await createServiceDataSource({
      url: db.url,
      schema: 'identity',
      entities: [],
      migrations: [],
      logger,
    });
  }, 60_000);

  afterAll(async () => {
    await caller?.close();
    await service?.close();
    await dataSource?.destroy();
    await db?.drop();
    await dropTestNatsNamespace(natsUrl, namespace);
  });

  it("runs a request's handler in the caller's trace, and its log line says so", async () => {
    const seen: string[] = [];
    const sub = await service.handle('t.trace.hello', async () => {
      seen.push(currentSpanContext()?.traceId ?? 'none');
      logger.info('handling hello');
      return 'hi';
    });
    const answer = await runWithCarrier(parent, () =>
      caller.request('t.trace.hello', { ctx: anonymousContext(), data: {} }),
    );
    expect(answer).toBe('hi');
    expect(seen).toEqual([traceId]);
    const line = lines.find((l) => l.msg === 'handling hello');
    expect(line).toMatchObject({
      trace_id: traceId,
      span_id: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    // the handler's span is its own, a child of the caller's
    expect(line?.span_id).not.toBe('1122334455667788');
    await sub.unsubscribe();
  });

  it('starts a new trace in the handler when the traceparent header is invalid', async () => {
    const seen: string[] = [];
    const sub = await service.handle('t.trace.raw', async () => {
      seen.push(currentSpanContext()?.traceId ?? 'none');
      return 'ok';
    });
    const nc = await connect({ servers: natsUrl });
    try {
      const hdrs = headers();
      hdrs.set('traceparent', '00-zzzz-not-valid-01');
      const payload = JSON.stringify({ ctx: anonymousContext(), data: {} });
      await nc.request(subjectSpace(namespace).wire('t.trace.raw'), payload, {
        headers: hdrs,
        timeout: 5000,
      });
    } finally {
      await nc.close();
    }
    expect(seen[0]).toMatch(/^[0-9a-f]{32}$/);
    await sub.unsubscribe();
  });

  it("delivers a published event to a durable consumer in the publisher's trace", async () => {
    const cid = company();
    const seen: string[] = [];
    const sub = await service.consume({
      durable: `trace_direct_${cid}`,
      filter: `evt.${cid}.>`,
      handler: () => {
        seen.push(currentSpanContext()?.traceId ?? 'none');
        logger.info({ cid }, 'consumed direct');
      },
    });
    const event: DomainEvent = {
      id: randomUUID(),
      subject: `evt.${cid}.identity.user.created`,
      companyId: cid,
      occurredAt: new Date().toISOString(),
      data: {},
    };
    await runWithCarrier(parent, () => caller.publish(event));
    await waitFor(() => seen.length > 0);
    expect(seen).toEqual([traceId]);
    expect(lines.find((l) => l.msg === 'consumed direct')).toMatchObject({ trace_id: traceId });
    await sub.unsubscribe();
  });

  it('carries the trace of a change through the outbox row and the relay to the consumer', async () => {
    const cid = company();
    const seen: string[] = [];
    const sub = await service.consume({
      durable: `trace_outbox_${cid}`,
      filter: `evt.${cid}.>`,
      handler: (event) => {
        seen.push(`${(event.data as { n: number }).n}:${currentSpanContext()?.traceId}`);
        logger.info({ n: (event.data as { n: number }).n }, 'consumed from outbox');
      },
    });
    const relay = await startOutboxRelay({ dataSource, bus: caller, logger });
    const entry = (n: number) =>
      testEvent({ companyId: cid, service: 'identity', entity: 'user', action: 'x', data: { n } });
    await runWithCarrier(parent, () =>
      dataSource.transaction(async (manager) => {
        await Outbox.add(manager, entry(1));
        await Outbox.addMany(manager, [entry(2)]);
      }),
    );
    // a change made outside any trace: no trace stored, the consumer starts its own
    await dataSource.transaction((manager) => Outbox.add(manager, entry(3)));
    try {
      await waitFor(() => seen.length >= 3);
    } finally {
      await relay.stop();
      await sub.unsubscribe();
    }
    const byN = new Map(seen.map((s) => s.split(':') as [string, string]));
    expect(byN.get('1')).toBe(traceId);
    expect(byN.get('2')).toBe(traceId);
    expect(byN.get('3')).toMatch(/^[0-9a-f]{32}$/);
    expect(byN.get('3')).not.toBe(traceId);
    const stored: { traceparent: string | null }[] = await dataSource.query(
      'SELECT traceparent FROM outbox_event WHERE company_id = $1 ORDER BY seq',
      [cid],
    );
    expect(stored.map((row) => row.traceparent?.split('-')[1] ?? null)).toEqual([
      traceId,
      traceId,
      null,
    ]);
    const logged = lines.filter((l) => l.msg === 'consumed from outbox' && l.n !== 3);
    expect(logged.map((l) => l.trace_id)).toEqual([traceId, traceId]);
  });
});
