import pg from 'pg';
import { createLogger } from '@sb/platform/logger';
import { startServiceProcess, type ServiceProcess } from '@sb/platform/nest';
import {
  createTestDatabase,
  describeWithNats,
  dropTestNatsNamespace,
  metricValue,
  resolveTestInfrastructure,
  testNatsNamespace,
  type TestDatabase,
} from '@sb/testing';
import { startTicketsService } from '../src/index.js';

// tickets booted as its own main does (startServiceProcess, METRICS_PORT=0) against the real Postgres
// and NATS: its ops port reports its own database, bus and durable consumers.

type Ready = { status: number; body: { status: string; checks: Record<string, string> } };

await describeWithNats('tickets in its own process: the ops port', (natsUrl) => {
  let database: TestDatabase;
  let admin: pg.Client;
  let running: ServiceProcess;
  const namespace = testNatsNamespace('ops-port');

  const ready = async (): Promise<Ready> => {
    const res = await fetch(`${running.ops!.url}/health/ready`);
    return { status: res.status, body: (await res.json()) as Ready['body'] };
  };
  /** Polls readiness until it answers `status` (the pool notices a lost server on its next query). */
  const readyBecomes = async (status: number, timeoutMs = 10_000): Promise<Ready> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = await ready();
      if (answer.status === status || Date.now() > deadline) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase('ops');
    admin = new pg.Client({ connectionString: (await resolveTestInfrastructure()).databaseUrl });
    await admin.connect();
    running = await startServiceProcess(
      'tickets',
      startTicketsService,
      {
        DATABASE_URL: database.url,
        NATS_URL: natsUrl,
        NATS_NAMESPACE: namespace,
        METRICS_PORT: '0',
      },
      createLogger('tickets', { level: 'silent' }),
    );
  }, 60_000);

  afterAll(async () => {
    await admin
      ?.query(`ALTER DATABASE ${admin.escapeIdentifier(database.name)} ALLOW_CONNECTIONS true`)
      .catch(() => undefined);
    await running?.stop();
    await admin?.end();
    await database?.drop();
    await dropTestNatsNamespace(natsUrl, namespace);
  });

  it('serves its metrics on the ops port, labelled tickets, with its consumers and pool', async () => {
    const res = await fetch(`${running.ops!.url}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const service = 'tickets';
    for (const durable of ['tickets-inbound-messages', 'tickets-inbound-presence']) {
      for (const name of ['pending', 'ack_pending', 'redelivered']) {
        expect(metricValue(text, `switchboard_consumer_${name}`, { service, durable })).toBe(0);
      }
    }
    expect(metricValue(text, 'switchboard_outbox_pending', { service })).toBe(0);
    expect(metricValue(text, 'switchboard_outbox_lag_seconds', { service })).toBe(0);
    expect(
      metricValue(text, 'switchboard_db_pool_connections', { service, state: 'total' }),
    ).toBeGreaterThan(0);
    expect(metricValue(text, 'nodejs_eventloop_lag_seconds', { service })).toBeGreaterThanOrEqual(
      0,
    );
  });

  it('is ready with its own database, bus and consumers up', async () => {
    await expect(ready()).resolves.toEqual({
      status: 200,
      body: { status: 'ok', checks: { bus: 'ok', consumers: 'ok', 'db:tickets': 'ok' } },
    });
  });

  it('turns 503 naming its database while the database refuses it, and ready again after', async () => {
    const name = admin.escapeIdentifier(database.name);
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database.name],
    );
    const down = await readyBecomes(503);
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('down');
    expect(down.body.checks['db:tickets']).not.toBe('ok');
    // the bus and the consumers are this pod's too, and still fine: only its database is out
    expect(down.body.checks).toMatchObject({ bus: 'ok', consumers: 'ok' });

    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    const back = await readyBecomes(200);
    expect(back.status).toBe(200);
  }, 30_000);
});
