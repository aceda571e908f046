import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError } from '../config/load-config.js';
import type { Logger } from '../logger/create-logger.js';
import { configureProcessMetrics, metricsRegistry, renderMetrics } from './metrics.js';
import { checkReadiness } from './readiness.js';

/** The ops port of ops-contract.md when METRICS_PORT is unset (Prometheus' exporter convention). */
export const defaultMetricsPort = 9464;

/**
 * METRICS_PORT: a port number, `0` for a free one (tests, several processes on one machine) or `off`;
 * null when off. Anything else is a configuration error, reported at boot like the other variables.
 */
export function metricsPortFrom(env: Record<string, string | undefined>): number | null {
  const raw = env.METRICS_PORT?.trim();
  if (!raw) return defaultMetricsPort;
  if (raw.toLowerCase() === 'off') return null;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65_535) {
    throw new ConfigError([
      `METRICS_PORT: "${raw}" is not a port number (0 picks a free one, "off" disables)`,
    ]);
  }
  return port;
}

export type OpsServerOptions = {
  /** the default label `service` of every series (gateway, tickets, …, standalone) */
  service: string;
  /** METRICS_PORT is read from here (default process.env) */
  env?: Record<string, string | undefined>;
  /** default 0.0.0.0: Prometheus and the kubelet reach the pod's address */
  host?: string;
  logger?: Logger;
};

export type RunningOpsServer = { port: number; url: string; close(): Promise<void> };

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  switch (path) {
    case '/metrics': {
      const text = await renderMetrics();
      res.writeHead(200, { 'content-type': metricsRegistry.contentType });
      res.end(text);
      return;
    }
    case '/health/live':
      sendJson(res, 200, { status: 'ok' });
      return;
    case '/health/ready': {
      const { ready, checks } = await checkReadiness();
      sendJson(res, ready ? 200 : 503, { status: ready ? 'ok' : 'down', checks });
      return;
    }
    default:
      sendJson(res, 404, {
        error: 'not found',
        paths: ['/metrics', '/health/live', '/health/ready'],
      });
  }
}

/**
 * The process's ops port (ops-contract.md): `/metrics`, `/health/live`, `/health/ready` on their own
 * small HTTP server, never on the public API port. Started by the mains only; resolves to undefined
 * when METRICS_PORT=off.
 */
export async function startOpsServer(
  options: OpsServerOptions,
): Promise<RunningOpsServer | undefined> {
  const port = metricsPortFrom(options.env ?? process.env);
  if (port === null) return undefined;
  configureProcessMetrics(options.service);
  const server = createServer((req, res) => {
    answer(req, res).catch((err: unknown) => {
      options.logger?.error({ err, url: req.url }, 'ops endpoint failed');
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
      else res.destroy();
    });
  });
  // a scraper's keep-alive socket must not hold a stopping process open
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new ConfigError([
              `METRICS_PORT: port ${port} is already in use (give each process its own, 0 picks a free one, "off" disables)`,
            ])
          : err,
      ),
    );
    server.listen(port, options.host ?? '0.0.0.0', () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${bound}`;
  options.logger?.info({ url: `${url}/metrics` }, 'ops server listening');
  return {
    port: bound,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
