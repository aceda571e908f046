import { anonymousContext } from '../context/request-context.js';
import { AppError } from '../errors/app-error.js';
import { ConfigError } from '../config/load-config.js';
import { createInProcessBus } from '../bus/in-process-bus.js';
import {
  addBusSubjectFamily,
  addMetricsSampler,
  campaignMessages,
  observeHttpRequest,
  outboundQueueDepth,
  renderMetrics,
  timeBusRequest,
} from './metrics.js';
import { metricsPortFrom, startOpsServer, type RunningOpsServer } from './ops-server.js';
import { watchBus } from './probes.js';
import { addReadinessCheck, notReadyWhile } from './readiness.js';

/** Every name of ops-contract.md, besides prom-client's defaults. */
const contractNames = [
  'switchboard_http_request_duration_seconds',
  'switchboard_bus_request_duration_seconds',
  'switchboard_outbox_pending',
  'switchboard_outbox_lag_seconds',
  'switchboard_consumer_pending',
  'switchboard_consumer_ack_pending',
  'switchboard_consumer_redelivered',
  'switchboard_socket_connections',
  'switchboard_connector_sessions',
  'switchboard_connector_sessions_held',
  'switchboard_outbound_queue_depth',
  'switchboard_campaign_messages_total',
  'switchboard_db_pool_connections',
  'switchboard_company_rows',
  'switchboard_company_bytes',
  'switchboard_company_media_bytes',
];

/**
 * The value of one series in the Prometheus text (labels in the order prom-client writes them); the
 * default label `service` is left out of the comparison (set once the ops server started).
 */
const valueOf = (text: string, series: string): number | undefined => {
  const lines = text.split('\n').map((l) =>
    l
      .replace(/service="[^"]*",?/, '')
      .replace(',}', '}')
      .replace('{}', ''),
  );
  const line = lines.find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('METRICS_PORT', () => {
  it('defaults to 9464, takes a port, 0 for a free one, and off', () => {
    expect(metricsPortFrom({})).toBe(9464);
    expect(metricsPortFrom({ METRICS_PORT: '9100' })).toBe(9100);
    expect(metricsPortFrom({ METRICS_PORT: '0' })).toBe(0);
    expect(metricsPortFrom({ METRICS_PORT: 'off' })).toBeNull();
    expect(metricsPortFrom({ METRICS_PORT: 'OFF' })).toBeNull();
  });

  it('refuses anything else with a configuration error naming the variable', () => {
    for (const bad of ['abc', '-1', '70000', '9464.5']) {
      expect(() => metricsPortFrom({ METRICS_PORT: bad })).toThrow(ConfigError);
    }
    expect(() => metricsPortFrom({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
  });

  it('off serves nothing', async () => {
    await expect(startOpsServer({ service: 'test', env: { METRICS_PORT: 'off' } })).resolves.toBe(
      undefined,
    );
  });
});

describe('the ops server', () => {
  let ops: RunningOpsServer;
  const get = (path: string, init?: RequestInit) => fetch(`${ops.url}${path}`, init);

  beforeAll(async () => {
    ops = (await startOpsServer({
      service: 'tickets',
      env: { METRICS_PORT: '0' },
      host: '127.0.0.1',
    }))!;
  });
  afterAll(() => ops.close());

  it('listens on a free port when METRICS_PORT=0', () => {
    expect(ops.port).toBeGreaterThan(0);
  });

  it('serves every metric of the contract and the Node defaults, labelled with the service', async () => {
    const res = await get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    for (const name of contractNames) expect(text).toContain(`# TYPE ${name} `);
    expect(text).toContain('nodejs_eventloop_lag_seconds{service="tickets"}');
    expect(text).toContain('process_cpu_user_seconds_total{service="tickets"}');
  });

  it('records what the instrumented code reports', async () => {
    observeHttpRequest({ method: 'GET', route: '/tickets/:ticketId', status: 200 }, 0.02);
    campaignMessages.inc({ result: 'sent' });
    outboundQueueDepth.inc({ lane: 'bulk' });
    const text = await (await get('/metrics')).text();
    expect(
      valueOf(
        text,
        'switchboard_http_request_duration_seconds_count{method="GET",route="/tickets/:ticketId",status="200"}',
      ),
    ).toBe(1);
    expect(valueOf(text, 'switchboard_campaign_messages_total{result="sent"}')).toBe(1);
    expect(valueOf(text, 'switchboard_outbound_queue_depth{lane="bulk"}')).toBe(1);
    outboundQueueDepth.dec({ lane: 'bulk' });
  });

  it('answers live while the process runs', async () => {
    const res = await get('/health/live');
    expect(res.status).toBe(200);
    await expect(res.json()).resolves.toEqual({ status: 'ok' });
  });

  it('turns ready 503 while a check fails, naming it, and 200 again once it passes', async () => {
    let dbUp = true;
    const remove = addReadinessCheck('db:tickets', () => {
      if (!dbUp) throw new Error('connection refused');
    });
    try {
      const up = await get('/health/ready');
      expect(up.status).toBe(200);
      await expect(up.json()).resolves.toEqual({ status: 'ok', checks: { 'db:tickets': 'ok' } });

      dbUp = false;
      const down = await get('/health/ready');
      expect(down.status).toBe(503);
      await expect(down.json()).resolves.toEqual({
        status: 'down',
        checks: { 'db:tickets': 'connection refused' },
      });

      dbUp = true;
      expect((await get('/health/ready')).status).toBe(200);
    } finally {
      remove();
    }
  });

  it('is not ready while the process starts or stops', async () => {
    const starting = notReadyWhile('starting');
    const res = await get('/health/ready');
    expect(res.status).toBe(503);
    await expect(res.json()).resolves.toMatchObject({
      checks: { starting: 'the process is starting' },
    });
    starting();
    expect((await get('/health/ready')).status).toBe(200);
  });

  it('counts a check that hangs as failed (the probe answers anyway)', async () => {
    const remove = addReadinessCheck('stuck', () => new Promise<void>(() => undefined));
    try {
      const res = await get('/health/ready');
      expect(res.status).toBe(503);
      await expect(res.json()).resolves.toMatchObject({
        checks: { stuck: expect.stringContaining('no answer') },
      });
    } finally {
      remove();
    }
  });

  it('answers 404 elsewhere and 405 to other methods', async () => {
    expect((await get('/')).status).toBe(404);
    expect((await get('/metrics', { method: 'POST' })).status).toBe(405);
  });
});

describe('sampled gauges', () => {
  it('adds up the sources of a gauge, keeps the oldest lag and leaves out a failing source', async () => {
    const removes = [
      addMetricsSampler(() => [
        { name: 'switchboard_outbox_pending', value: 3 },
        { name: 'switchboard_outbox_lag_seconds', value: 1.5 },
      ]),
      addMetricsSampler(async () => [
        { name: 'switchboard_outbox_pending', value: 4 },
        { name: 'switchboard_outbox_lag_seconds', value: 9 },
      ]),
      addMetricsSampler(() => {
        throw new Error('database down');
      }),
    ];
    try {
      const text = await renderMetrics();
      expect(valueOf(text, 'switchboard_outbox_pending')).toBe(7);
      expect(valueOf(text, 'switchboard_outbox_lag_seconds')).toBe(9);
    } finally {
      removes.forEach((remove) => remove());
    }
    // a removed source leaves no stale value behind
    expect(valueOf(await renderMetrics(), 'switchboard_outbox_pending')).toBe(0);
  });

  it('reports the in-process bus consumers: pending, unacknowledged and redelivered per durable', async () => {
    const bus = createInProcessBus();
    const unwatch = watchBus(bus);
    let release: () => void = () => undefined;
    const handling = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const sub = await bus.consume({
        durable: 'ops-test',
        filter: 'evt.ops.>',
        handler: () => handling,
      });
      for (let i = 0; i < 3; i++) {
        await bus.publish({
          id: `00000000-0000-4000-8000-00000000000${i}`,
          subject: 'evt.ops.tested',
          companyId: 1,
          occurredAt: new Date().toISOString(),
          data: {},
        });
      }
      const text = await renderMetrics();
      // one in the handler (concurrency 1), two waiting
      expect(valueOf(text, 'switchboard_consumer_ack_pending{durable="ops-test"}')).toBe(1);
      expect(valueOf(text, 'switchboard_consumer_pending{durable="ops-test"}')).toBe(2);
      expect(valueOf(text, 'switchboard_consumer_redelivered{durable="ops-test"}')).toBe(0);
      release();
      await sub.unsubscribe();
    } finally {
      unwatch();
      await bus.close();
    }
  });
});

describe('bus request latency', () => {
  const count = async (subject: string, status: string) =>
    valueOf(
      await renderMetrics(),
      `switchboard_bus_request_duration_seconds_count{subject="${subject}",status="${status}"}`,
    ) ?? 0;

  it('is labelled ok, with the replied error code, or timeout', async () => {
    await timeBusRequest('tickets.ticket.get', async () => 'reply');
    await expect(
      timeBusRequest('tickets.ticket.get', async () => {
        throw new AppError('ERR_NO_TICKET_FOUND');
      }),
    ).rejects.toThrow(AppError);
    await expect(
      timeBusRequest('tickets.ticket.get', async () => {
        throw new AppError('ERR_SERVICE_TIMEOUT');
      }),
    ).rejects.toThrow(AppError);
    expect(await count('tickets.ticket.get', 'ok')).toBe(1);
    expect(await count('tickets.ticket.get', 'ERR_NO_TICKET_FOUND')).toBe(1);
    expect(await count('tickets.ticket.get', 'timeout')).toBe(1);
  });

  it('is recorded by the bus itself, for every caller', async () => {
    const bus = createInProcessBus({ requestTimeoutMs: 50 });
    try {
      await bus.handle('ops.echo', async ({ data }) => data);
      await bus.request('ops.echo', { ctx: anonymousContext('ops-test'), data: 1 });
      await bus.requestJson!('ops.echo', { ctx: anonymousContext('ops-test'), data: 1 });
      await expect(
        bus.request('ops.nobody', { ctx: anonymousContext('ops-test'), data: 1 }),
      ).rejects.toThrow();
      expect(await count('ops.echo', 'ok')).toBe(2);
      expect(await count('ops.nobody', 'ERR_SERVICE_UNAVAILABLE')).toBe(1);
    } finally {
      await bus.close();
    }
  });

  it('gives the subjects of a per-instance family one label', async () => {
    addBusSubjectFamily('ops.worker');
    await timeBusRequest('ops.worker.host-1-abc', async () => undefined);
    await timeBusRequest('ops.worker.host-2-def', async () => undefined);
    expect(await count('ops.worker.*', 'ok')).toBe(2);
  });
});
