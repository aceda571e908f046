import type { Socket } from 'socket.io-client';
import { Subjects } from '@sb/contracts';
import { createInProcessBus, type Bus } from '@sb/platform/bus';
import { startOpsServer, watchBus, type RunningOpsServer } from '@sb/platform/ops';
import { allowTicketsOfOwnCompany, startGateway, type RunningGateway } from '@sb/gateway';
import { metricValue } from '@sb/testing';
import {
  connectSocket,
  jwtSecret,
  signAccessToken,
  sleep,
  webOrigin,
} from './support/gateway-harness.js';

// The gateway's metrics as its main serves them: on the ops port (METRICS_PORT=0 here), never on the
// public API port; HTTP latency by route template and status, bus latency, socket connections.

const service = 'gateway';
const httpCount = (text: string, method: string, route: string, status: number) =>
  metricValue(text, 'switchboard_http_request_duration_seconds_count', {
    service,
    method,
    route,
    status: String(status),
  });
const socketCount = (text: string) =>
  metricValue(text, 'switchboard_socket_connections', { service });

describe('gateway metrics', () => {
  let bus: Bus;
  let gateway: RunningGateway;
  let ops: RunningOpsServer;
  let unwatch: () => void;
  const sockets: Socket[] = [];
  const api = (path: string, init: RequestInit = {}) => fetch(`${gateway.url}${path}`, init);
  const scrape = async () => (await fetch(`${ops.url}/metrics`)).text();

  beforeAll(async () => {
    bus = createInProcessBus({ requestTimeoutMs: 2_000 });
    await bus.handle(Subjects.identity.revokedSessions, async () => ({ sessions: [] }));
    ops = (await startOpsServer({
      service: 'gateway',
      env: { METRICS_PORT: '0' },
      host: '127.0.0.1',
    }))!;
    unwatch = watchBus(bus);
    gateway = await startGateway({
      bus,
      port: 0,
      host: '127.0.0.1',
      webOrigins: [webOrigin],
      env: { JWT_SECRET: jwtSecret, AUTH_RATE_LIMIT: '1000' },
      ticketAccess: allowTicketsOfOwnCompany,
    });
    await gateway.revokedSessionsLoaded;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await gateway?.close();
    unwatch?.();
    await ops?.close();
    await bus?.close();
  });

  // (the public API keeps its own /health and /health/live of the spec; the probes use the ops port)
  it('is not served on the public API port', async () => {
    for (const path of ['/metrics', '/health/ready']) {
      expect((await api(path)).status).toBe(404);
    }
  });

  it('times each HTTP request under its route template and status, never its ids', async () => {
    const token = await signAccessToken();
    const before = await scrape();
    await api('/version');
    await api('/version');
    // no tickets service on this bus: the gateway answers 503 after asking
    for (const id of [41, 42, 43]) {
      await api(`/tickets/${id}`, { headers: { authorization: `Bearer ${token}` } });
    }
    await api('/no/such/route');
    // the Meta webhook ingress answers before express: timed all the same
    const webhook = await api('/webhooks/meta', { method: 'POST', body: '{}' });

    const text = await scrape();
    const grew = (method: string, route: string, status: number) =>
      (httpCount(text, method, route, status) ?? 0) -
      (httpCount(before, method, route, status) ?? 0);
    expect(grew('GET', '/version', 200)).toBe(2);
    expect(grew('GET', '/tickets/:id', 503)).toBe(3);
    expect(grew('GET', 'unmatched', 404)).toBe(1);
    expect(grew('POST', '/webhooks/meta', webhook.status)).toBe(1);
    expect(text).not.toContain('route="/tickets/41"');
    // the requester side of the same calls, recorded by the bus
    expect(
      metricValue(text, 'switchboard_bus_request_duration_seconds_count', {
        service,
        subject: Subjects.tickets.ticketGet,
        status: 'ERR_SERVICE_UNAVAILABLE',
      }),
    ).toBe(3);
  });

  it('counts the socket connections of this gateway', async () => {
    const token = await signAccessToken();
    sockets.push(await connectSocket(gateway.url, { token }));
    sockets.push(await connectSocket(gateway.url, { token }));
    expect(socketCount(await scrape())).toBe(2);
    sockets.pop()!.close();
    // the server sees the close a moment later
    let connected: number | undefined;
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; await sleep(50)) {
      connected = socketCount(await scrape());
      if (connected === 1) break;
    }
    expect(connected).toBe(1);
  });

  it('is ready while its bus is up', async () => {
    const res = await fetch(`${ops.url}/health/ready`);
    expect(res.status).toBe(200);
    await expect(res.json()).resolves.toEqual({
      status: 'ok',
      checks: { bus: 'ok', consumers: 'ok' },
    });
  });
});
