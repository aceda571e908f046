import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInProcessBus } from '../src/bus/in-process-bus.js';
import { createLogger } from '../src/logger/create-logger.js';
import { anonymousContext } from '../src/context/request-context.js';
import { startTracing, otlpTracesUrl } from '../src/tracing/otel-sdk.js';
import { inSpan, runWithCarrier, startSpan, SpanKind } from '../src/tracing/trace-context.js';

// The OTel SDK posting spans over real HTTP (OTLP/JSON) to a collector stand-in in this test.

type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
};
type OtlpBody = {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
};

const traceId = '7d2a9f1c3b4e5a6d7c8b9a0f1e2d3c4b';
const parent = { traceparent: `00-${traceId}-aabbccddeeff0011-01` };

let server: Server;
let endpoint: string;
const posts: { path: string; type: string; body: OtlpBody }[] = [];
/** answers the collector stand-in gives (200 unless a test refuses) */
let status = 200;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (status !== 200) return void res.writeHead(status).end();
      posts.push({
        path: req.url ?? '',
        type: req.headers['content-type'] ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpBody,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('OTLP export', () => {
  it('finds the traces URL from the standard variables', () => {
    expect(otlpTracesUrl({})).toBeUndefined();
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' })).toBe(
      'http://c:4318/v1/traces',
    );
    expect(
      otlpTracesUrl({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://t:1/x',
      }),
    ).toBe('http://t:1/x');
  });

  it('exports nothing and records nothing without an endpoint, or with a bad one', async () => {
    const off = await startTracing('quiet', { env: {} });
    expect(off.exporting).toBe(false);
    const bad = await startTracing('quiet', { env: { OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' } });
    expect(bad.exporting).toBe(false);
    // spans are ids only: nothing to end, nothing sent
    startSpan('op', { kind: SpanKind.INTERNAL }).end();
    await off.shutdown();
    await bad.shutdown();
    expect(posts).toHaveLength(0);
  });

  it('logs a collector that refuses the spans, and the service goes on', async () => {
    status = 400;
    const lines: { msg: string }[] = [];
    const logger = createLogger('otlp-refused', {
      level: 'warn',
      destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    const tracing = await startTracing('refused', {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
      logger,
    });
    await inSpan('op', { kind: SpanKind.INTERNAL }, async () => undefined);
    await tracing.shutdown();
    status = 200;
    // at a flush on shutdown (the SDK's own diagnostics say it during a periodic export)
    expect(lines.map((line) => line.msg)).toContain('the last spans were not exported');
    expect(posts).toHaveLength(0);
  });

  it('posts the spans of a bus request and an event consumption to the collector', async () => {
    const tracing = await startTracing('otlp-test', {
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
    });
    expect(tracing.exporting).toBe(true);
    const bus = createInProcessBus();
    await bus.handle('t.otlp.ask', async () => 'ok');
    const consumed: string[] = [];
    await bus.consume({
      durable: 'otlp',
      filter: 'evt.*.t.>',
      handler: (event) => void consumed.push(event.id),
    });
    await runWithCarrier(parent, async () => {
      await bus.request('t.otlp.ask', { ctx: anonymousContext(), data: {} });
      await bus.publish({
        id: 'otlp-1',
        subject: 'evt.1.t.thing.done',
        companyId: 1,
        occurredAt: new Date().toISOString(),
        data: {},
      });
    });
    while (consumed.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await tracing.shutdown(); // flushes the batch
    await bus.close();

    expect(posts.length).toBeGreaterThan(0);
    expect(posts[0]).toMatchObject({ path: '/v1/traces', type: expect.stringContaining('json') });
    const resource = posts[0].body.resourceSpans[0].resource.attributes;
    expect(resource).toContainEqual({ key: 'service.name', value: { stringValue: 'otlp-test' } });
    const spans = posts.flatMap((p) =>
      p.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
    );
    const named = (name: string, kind: SpanKind) =>
      spans.find((s) => s.name === name && s.kind === kind + 1); // OTLP kinds are the API's + 1
    const client = named('t.otlp.ask', SpanKind.CLIENT);
    const handler = named('t.otlp.ask', SpanKind.SERVER);
    const consumer = named('evt.1.t.thing.done', SpanKind.CONSUMER);
    for (const span of [client, handler, consumer]) expect(span?.traceId).toBe(traceId);
    expect(client?.parentSpanId).toBe('aabbccddeeff0011');
    expect(handler?.parentSpanId).toBe(client?.spanId);
    expect(consumer?.parentSpanId).toBe('aabbccddeeff0011');
  });
});
