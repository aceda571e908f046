import { Subjects } from '@sb/contracts';
import { startGateway, type RunningGateway } from '@sb/gateway';
import { startIdentityService } from '@sb/identity';
import { createLogger } from '@sb/platform/logger';
import type { RunningService } from '@sb/platform/nest';
import { parseTraceparent } from '@sb/platform/tracing';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import { busKinds, jwtSecret, webOrigin, type BusPair } from './support/gateway-harness.js';

// A trace from the HTTP request to the service's log: the gateway continues the caller's traceparent,
// answers with it, and identity's handler logs under the same trace id (in process and over NATS).

const kinds = await busKinds();
const admin = { email: 'admin@tracing.test', password: 'tracing-admin-pw' };
const traceId = '0af7651916cd43dd8448eb211c80319c';
const callerSpan = 'b7ad6b7169203331';

type Line = Record<string, unknown>;
const capture = (name: string, lines: Line[]) =>
  createLogger(name, {
    level: 'debug',
    destination: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
  });

describe.each(kinds)('tracing through the gateway over the $name', (kind) => {
  let database: TestDatabase;
  let buses: BusPair;
  let identity: RunningService;
  let gateway: RunningGateway;
  const serviceLines: Line[] = [];
  const gatewayLines: Line[] = [];
  const env = {
    JWT_SECRET: jwtSecret,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    AUTH_RATE_LIMIT: '1000',
  };
  const login = (headers: Record<string, string> = {}) =>
    fetch(`${gateway.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(admin),
    });
  const loginLines = (id: string) =>
    serviceLines.filter((line) => line.subject === Subjects.identity.login && line.trace_id === id);

  beforeAll(async () => {
    database = await createTestDatabase('gateway_tracing');
    buses = await kind.connect();
    identity = await startIdentityService({
      bus: buses.serviceBus,
      databaseUrl: database.url,
      env,
      logger: capture('identity', serviceLines),
    });
    gateway = await startGateway({
      bus: buses.gatewayBus,
      port: 0,
      host: '127.0.0.1',
      webOrigins: [webOrigin],
      env,
      logger: capture('gateway', gatewayLines),
    });
  }, 90_000);

  afterAll(async () => {
    await gateway?.close();
    await identity?.close();
    await buses?.close();
    await database?.drop();
  });

  it("continues the caller's traceparent, answers it, and the service logs the same trace id", async () => {
    const res = await login({ traceparent: `00-${traceId}-${callerSpan}-01`, tracestate: 'app=1' });
    expect(res.status).toBe(200);
    const answered = parseTraceparent(res.headers.get('traceparent'));
    expect(answered?.traceId).toBe(traceId);
    // the gateway's own span, a child of the caller's
    expect(answered?.spanId).not.toBe(callerSpan);
    expect(loginLines(traceId)).toHaveLength(1);
    expect(loginLines(traceId)[0]).toMatchObject({ msg: 'bus request', name: 'identity' });
    expect(loginLines(traceId)[0].span_id).toEqual(expect.stringMatching(/^[0-9a-f]{16}$/));
    const served = gatewayLines.find((line) => line.msg === 'request served' && line.trace_id);
    expect(served).toMatchObject({ trace_id: traceId, span_id: answered?.spanId, status: 200 });
  });

  it('starts a new trace when the request has no traceparent or an invalid one', async () => {
    const cases: Record<string, string>[] = [{}, { traceparent: '00-not-a-trace-01' }];
    for (const headers of cases) {
      const res = await login(headers);
      expect(res.status).toBe(200);
      const answered = parseTraceparent(res.headers.get('traceparent'));
      expect(answered?.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(answered?.traceId).not.toBe(traceId);
      expect(loginLines(answered!.traceId)).toHaveLength(1);
    }
  });

  it('lets the web app read the traceparent answer across origins (CORS exposes it)', async () => {
    const res = await login({ origin: webOrigin });
    expect(res.headers.get('access-control-expose-headers')).toMatch(/\btraceparent\b/);
    const preflight = await fetch(`${gateway.url}/auth/login`, {
      method: 'OPTIONS',
      headers: {
        origin: webOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,traceparent,tracestate',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/traceparent/);
  });
});
