import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCampaignsService } from '@sb/campaigns';
import { startConnectorsService } from '@sb/connectors';
import { startGateway, webOriginsFrom } from '@sb/gateway';
import { startIdentityService } from '@sb/identity';
import { createBus } from '@sb/platform/bus';
import { channelEmulatorEnv, loadConfig } from '@sb/platform/config';
import { startEmbeddedPostgres } from '@sb/embedded-postgres';
import { createLogger } from '@sb/platform/logger';
import { notReadyWhile, startOpsServer, watchBus, type RunningOpsServer } from '@sb/platform/ops';
import { startTracing } from '@sb/platform/tracing';
import type { RunningService, ServiceRuntime } from '@sb/platform/nest';
import { startReportingService } from '@sb/reporting';
import { startTicketsService } from '@sb/tickets';
import { renderBanner } from './banner.js';
import { resolveJwtSecret } from './jwt-secret.js';
import { startOperatorSocket } from './operator-socket.js';
import { standaloneEnvSchema, type StandaloneEnv } from './standalone-env.js';
import { startWebServer } from './web-server.js';

/** This machine's IPv4 addresses, so the app opened from another computer on the LAN passes CORS. */
const localAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry?.family === 'IPv4' && !entry.internal)
    .map((entry) => entry!.address);

type Env = Record<string, string | undefined>;

export type StandaloneOptions = {
  /** Defaults to process.env. */
  env?: Env;
  /** The built web app; defaults to web/dist of this repository. */
  webDistDir?: string;
  /** Serve the ops port (METRICS_PORT: /metrics, /health/*); `npm start` does, test rigs do not. */
  serveOps?: boolean;
};

export type RunningStandalone = {
  webUrl: string;
  apiUrl: string;
  databaseUrl: string;
  bus: 'nats' | 'in-process';
  /** where `npx switchboard` reaches this process without NATS (none on Windows) */
  operatorSocket?: string;
  /** The message to show a person once everything listens (ends with `ready`). */
  banner: string;
  close(): Promise<void>;
};

const services: { name: string; start: (runtime: ServiceRuntime) => Promise<RunningService> }[] = [
  { name: 'identity', start: startIdentityService },
  { name: 'tickets', start: startTicketsService },
  { name: 'connectors', start: startConnectorsService },
  { name: 'campaigns', start: startCampaignsService },
  { name: 'reporting', start: startReportingService },
];

// standalone/src and standalone/dist sit at the same depth, so this works from sources and from the build.
export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Everything in one process: PostgreSQL (embedded unless DATABASE_URL), the bus (in-process unless
 * NATS_URL), every service, the gateway and the web app.
 */
export async function startStandalone(options: StandaloneOptions = {}): Promise<RunningStandalone> {
  const rawEnv = options.env ?? process.env;
  const env: StandaloneEnv = loadConfig(standaloneEnvSchema, rawEnv);
  const log = (name: string) => createLogger(name, { level: env.LOG_LEVEL });
  // its lines of the stop are the last before exit: written at once, so they stay in order
  const logger = createLogger('standalone', { level: env.LOG_LEVEL, sync: true });
  const dataDir = path.resolve(env.DATA_DIR);

  // Undo what started, newest first, when a later step fails or on shutdown: the gateway, the web
  // server, the services, the bus, then PostgreSQL, so nothing loses its database while in use.
  const closers: { name: string; close: () => Promise<void> }[] = [];
  // the ops port answers (not ready) until the very end of a stop
  let ops: RunningOpsServer | undefined;
  let unwatchBus: (() => void) | undefined;
  const closeAll = async () => {
    if (ops) notReadyWhile('stopping');
    for (const { name, close } of closers.splice(0).reverse()) {
      try {
        await close();
        logger.info(`${name} stopped`);
      } catch (error) {
        logger.error({ err: error }, `stopping ${name} failed`);
      }
    }
    unwatchBus?.();
    await ops?.close();
  };

  try {
    // one registry for the whole process (service="standalone"); ready once everything listens
    const starting = options.serveOps ? notReadyWhile('starting') : undefined;
    if (options.serveOps) {
      ops = await startOpsServer({ service: 'standalone', env: rawEnv, logger });
    }
    // first up, last down: spans of the shutdown are still exported
    const tracing = await startTracing('standalone', { env: rawEnv, logger });
    closers.push({ name: 'tracing', close: () => tracing.shutdown() });
    const jwtSecret = resolveJwtSecret(dataDir, env.JWT_SECRET);

    const [postgres, createdBus] = await Promise.allSettled([
      env.DATABASE_URL
        ? Promise.resolve(undefined)
        : startEmbeddedPostgres({
            dataDir: path.join(dataDir, 'postgres'),
            logger: log('embedded-postgres'),
          }),
      createBus({
        natsUrl: env.NATS_URL,
        namespace: env.NATS_NAMESPACE,
        name: 'standalone',
        logger: log('bus'),
      }),
    ]);
    // Pushed in this order whichever came up first: the bus stops before PostgreSQL.
    if (postgres.status === 'fulfilled' && postgres.value) {
      const embedded = postgres.value;
      closers.push({ name: 'embedded PostgreSQL', close: () => embedded.stop() });
    }
    if (createdBus.status === 'fulfilled') {
      const created = createdBus.value;
      closers.push({ name: 'bus', close: () => created.close() });
    }
    if (postgres.status === 'rejected') throw postgres.reason;
    if (createdBus.status === 'rejected') throw createdBus.reason;
    const bus = createdBus.value;
    if (options.serveOps) unwatchBus = watchBus(bus);
    const databaseUrl = env.DATABASE_URL ?? postgres.value!.url;

    // outside production and with no Meta variable: the channel emulator's defaults (README)
    const emulatorEnv = channelEmulatorEnv(rawEnv, dataDir);
    const serviceEnv: Env = {
      ...rawEnv,
      ...emulatorEnv,
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: env.ADMIN_EMAIL,
    };
    // Each service migrates its own schema, so they start side by side.
    const started = await Promise.allSettled(
      services.map(async ({ name, start }) => {
        const running = await start({ bus, databaseUrl, logger: log(name), env: serviceEnv });
        closers.push({ name, close: () => running.close() });
      }),
    );
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;

    let gatewayPort = env.PORT;
    const web = await startWebServer({
      distDir: options.webDistDir ?? defaultWebDistDir,
      port: env.WEB_PORT,
      runtimeConfig: (request) => ({
        // the host the browser used: one site for web and API, so the refresh cookie goes along
        apiUrl: env.PUBLIC_API_URL ?? `${request.protocol}://${request.hostname}:${gatewayPort}`,
        turnstileSiteKey: env.TURNSTILE_SITE_KEY ?? '',
        termsUrl: env.TERMS_URL,
        privacyUrl: env.PRIVACY_URL,
        supportUrl: env.SUPPORT_URL,
      }),
    });
    closers.push({ name: 'web server', close: () => web.close() });

    const webOrigins = [
      ...new Set([
        env.PUBLIC_WEB_URL ?? web.url,
        `http://localhost:${web.port}`,
        `http://127.0.0.1:${web.port}`,
        ...localAddresses().map((address) => `http://${address}:${web.port}`),
        ...(env.WEB_ORIGINS ? webOriginsFrom({ WEB_ORIGINS: env.WEB_ORIGINS }) : []),
      ]),
    ].map((origin) => new URL(origin).origin);
    const gateway = await startGateway({
      bus,
      port: env.PORT,
      webOrigins,
      logger: log('gateway'),
      env: serviceEnv,
    });
    closers.push({ name: 'gateway', close: () => gateway.close() });
    gatewayPort = gateway.port;
    const apiUrl = env.PUBLIC_API_URL ?? `http://localhost:${gateway.port}`;

    // last up, first down: `npx switchboard` reaches a platform that is whole
    const operatorSocket = await startOperatorSocket({
      dataDir,
      bus,
      logger: log('operator-socket'),
    });
    if (operatorSocket)
      closers.push({ name: 'operator socket', close: () => operatorSocket.close() });

    const webUrl = env.PUBLIC_WEB_URL ?? web.url;
    starting?.();
    return {
      webUrl,
      apiUrl,
      databaseUrl,
      bus: env.NATS_URL ? 'nats' : 'in-process',
      operatorSocket: operatorSocket?.path,
      banner: renderBanner({
        webUrl,
        apiUrl,
        adminEmail: env.ADMIN_EMAIL,
        adminPasswordSet: Boolean(env.ADMIN_PASSWORD),
        database: env.DATABASE_URL ? 'external' : 'embedded',
        bus: env.NATS_URL ? 'nats' : 'in-process',
        dataDir,
        channelEmulator: emulatorEnv.META_GRAPH_URL,
      }),
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
