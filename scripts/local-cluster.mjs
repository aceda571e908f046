// The whole platform as a cluster on one machine, each replica its own process as in k8s: a 3-node NATS
// JetStream cluster, an embedded PostgreSQL, the services, and the gateways behind a round-robin TCP
// proxy. Used by `npm run cluster` (scripts/cluster.mjs) and by the failover bench, which kills and
// restarts its pieces. Needs the build (`npm run build`).
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@sb/platform/net';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (relative) => import(path.join(root, relative));

/** The replicas of each component (the cluster). */
export const defaultLayout = {
  identity: 1,
  reporting: 1,
  tickets: 2,
  connectors: 3,
  campaigns: 2,
  gateway: 2,
};

/** Each component's built main; the bench swaps connectors for its fake-Baileys entry. */
export const defaultEntries = {
  identity: 'services/identity/dist/main.js',
  reporting: 'services/reporting/dist/main.js',
  tickets: 'services/tickets/dist/main.js',
  connectors: 'services/connectors/dist/main.js',
  campaigns: 'services/campaigns/dist/main.js',
  gateway: 'gateway/dist/main.js',
};

/** The log line each main writes once it serves (until the ops port's /health/ready is there). */
const readyLine = (component) =>
  component === 'gateway' ? 'gateway listening' : `${component} service started`;

/** `port`, or a free one when it is 0 or taken. */
async function portOrFree(port) {
  if (!port) return freePort();
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(freePort()));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(port)));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A round-robin TCP proxy: each client connection goes to the next backend that accepts it (a dead one is
 * skipped), so HTTP keep-alive and websockets work unchanged. `connections()` counts open connections per
 * backend port.
 */
export async function startRoundRobinProxy({ port, host = '0.0.0.0', backends }) {
  let next = 0;
  const open = new Map(backends.map((backend) => [backend, 0]));
  const sockets = new Set();
  const connectTo = (client, tried = 0) => {
    if (tried >= backends.length) {
      client.destroy();
      return;
    }
    const backend = backends[next % backends.length];
    next += 1;
    const upstream = createConnection({ port: backend, host: '127.0.0.1' });
    sockets.add(upstream);
    let connected = false;
    upstream.once('error', () => {
      // (socket.connecting is already false when a refused connect reports its error)
      if (connected) return;
      sockets.delete(upstream);
      connectTo(client, tried + 1);
    });
    upstream.once('connect', () => {
      connected = true;
      open.set(backend, open.get(backend) + 1);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.once('close', () => {
        open.set(backend, open.get(backend) - 1);
        sockets.delete(upstream);
        client.destroy();
      });
      client.once('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  };
  const server = createServer({ pauseOnConnect: true }, (client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    connectTo(client);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: server.address().port,
    connections: () => Object.fromEntries(open),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * One replica: a `node <entry>` process restarted when it dies unexpectedly (k8s restartPolicy), unless
 * it was killed on purpose (`kill`), which holds it down until `start()`.
 */
function replica({ component, index, entry, env, log }) {
  const name = `${component}-${index}`;
  let child;
  let exited = Promise.resolve();
  let output = '';
  let ready = false;
  let held = true;
  let crashes = 0;
  let hungStops = 0;
  const instance = {
    component,
    index,
    name,
    env,
    pid: () => child?.pid,
    running: () => Boolean(child && child.exitCode === null && child.signalCode === null),
    isReady: () => ready && instance.running(),
    output: () => output,
    /** exits nobody asked for (each one was followed by a restart) */
    crashes: () => crashes,
    /** SIGTERMs it did not exit from within the grace time (then killed, as k8s does) */
    hungStops: () => hungStops,
    start: () => {
      held = false;
      if (instance.running()) return;
      ready = false;
      // own process group: a Ctrl-C in the terminal reaches only the cluster script, which stops
      // the replicas before NATS and PostgreSQL
      const started = spawn(process.execPath, [path.join(root, entry)], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      child = started;
      const keep = (chunk) => {
        const text = chunk.toString();
        output = (output + text).slice(-8000);
        if (!ready && text.includes(readyLine(component))) ready = true;
        log?.(name, text);
      };
      started.stdout.on('data', keep);
      started.stderr.on('data', keep);
      exited = new Promise((resolve) =>
        started.once('exit', (code, signal) => {
          ready = false;
          resolve();
          if (held) return;
          crashes += 1;
          log?.(name, `exited (${signal ?? code}), restarting in 1 s\n`);
          setTimeout(() => {
            if (!held && child === started) instance.start();
          }, 1000);
        }),
      );
    },
    /** resolves once the main logged that it serves (`timeoutMs`, else throws with its output) */
    waitReady: async (timeoutMs = 90_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!instance.isReady()) {
        if (Date.now() > deadline)
          throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${output}`);
        await sleep(100);
      }
    },
    /**
     * kill -9 (or `signal`); it stays down until start(). A SIGTERM not obeyed within 30 s (k8s's
     * terminationGracePeriodSeconds) ends with a SIGKILL, counted in hungStops().
     */
    kill: async (signal = 'SIGKILL') => {
      held = true;
      if (!instance.running()) return exited;
      child.kill(signal);
      if (signal === 'SIGKILL') return exited;
      const gone = await Promise.race([exited.then(() => true), sleep(30_000).then(() => false)]);
      if (!gone) {
        hungStops += 1;
        log?.(name, `did not stop within 30 s of ${signal}: killed\n`);
        child.kill('SIGKILL');
        await exited;
      }
    },
    /** SIGTERM, wait for the exit, start again and wait until it serves */
    restart: async (timeoutMs) => {
      await instance.kill('SIGTERM');
      instance.start();
      await instance.waitReady(timeoutMs);
    },
  };
  return instance;
}

/**
 * Starts the cluster. `dir` holds the Postgres data and the NATS store (kept between runs when it is a
 * fixed directory). `env` is added to every process's environment; `entries` overrides mains.
 * Resolves to { natsUrl, databaseUrl, apiUrl, webUrl, gatewayUrls, nats, postgres, replicas, proxy, stop }.
 */
export async function startLocalCluster({
  dir,
  layout = defaultLayout,
  entries = {},
  env = {},
  apiPort = 0,
  webPort,
  replicas = 3,
  log,
} = {}) {
  const { startNatsCluster, waitForJetStream } = await dist(
    'libs/testing/dist/nats-cluster/index.js',
  );
  const { startEmbeddedPostgres } = await dist('libs/embedded-postgres/dist/index.js');
  const { createNatsBus } = await dist('libs/platform/dist/bus/nats-bus.js');
  const closers = [];
  const stop = async () => {
    for (const close of closers.reverse()) {
      try {
        await close();
      } catch (error) {
        log?.('cluster', `stop step failed: ${error instanceof Error ? error.message : error}\n`);
      }
    }
    closers.length = 0;
  };
  try {
    await mkdir(dir, { recursive: true });
    const nats = await startNatsCluster({ storeDir: path.join(dir, 'nats') });
    closers.push(() => nats.stop());

    // PostgreSQL, with room for every replica's pools (14 connections each at most)
    const pgDir = path.join(dir, 'postgres');
    const pgPort = await freePort();
    let pgServer = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: pgServer.url });
    await admin.connect();
    const { rows } = await admin.query('SHOW max_connections');
    if (Number(rows[0].max_connections) < 400) {
      await admin.query('ALTER SYSTEM SET max_connections = 400');
      await admin.end();
      await pgServer.stop();
      pgServer = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
    } else await admin.end();
    const postgres = {
      url: pgServer.url,
      port: pgPort,
      /** stops PostgreSQL (every connection drops) and starts it again on the same port and data */
      restart: async (downMs = 0) => {
        await pgServer.stop();
        if (downMs) await sleep(downMs);
        pgServer = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
      },
    };
    closers.push(() => pgServer.stop());

    // the stream with its replicas before any service (a fresh cluster elects its leader first)
    const setupBus = await waitForJetStream(
      () => createNatsBus({ url: nats.url, name: 'cluster-setup', replicas }),
      60_000,
    );
    await setupBus.close();

    const gatewayPorts = [];
    for (let i = 0; i < (layout.gateway ?? 0); i += 1) gatewayPorts.push(await freePort());
    const proxyPort = await portOrFree(apiPort);
    const webServerPort = webPort === undefined ? undefined : await portOrFree(webPort);
    const apiUrl = `http://localhost:${proxyPort}`;
    const webOrigins = webServerPort
      ? [`http://localhost:${webServerPort}`, `http://127.0.0.1:${webServerPort}`]
      : ['http://localhost:3000'];

    const replicasList = [];
    const baseEnv = {
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      LOG_FORMAT: 'json',
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      NATS_STREAM_REPLICAS: String(replicas),
      JWT_SECRET: process.env.JWT_SECRET ?? 'cluster-jwt-secret-cluster-jwt-secret',
      MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(dir, 'media'),
      WEB_ORIGINS: webOrigins.join(','),
      ...env,
    };
    for (const [component, count] of Object.entries(layout)) {
      for (let index = 1; index <= count; index += 1) {
        // 0: the process binds a free port itself; one picked here ahead could be taken meanwhile by
        // an outbound connection of a replica already running (a CI run failed on that)
        const own = { METRICS_PORT: '0' };
        if (component === 'gateway') own.PORT = String(gatewayPorts[index - 1]);
        if (component === 'connectors') own.CONNECTORS_WORKER_ID = `connectors-${index}`;
        replicasList.push(
          replica({
            component,
            index,
            entry: entries[component] ?? defaultEntries[component],
            env: { ...baseEnv, ...own },
            log,
          }),
        );
      }
    }
    closers.push(() => Promise.all(replicasList.map((r) => r.kill('SIGTERM'))));
    // the first replica of each component migrates its schema alone, then the others join
    const firsts = replicasList.filter((r) => r.index === 1);
    for (const r of firsts) r.start();
    await Promise.all(firsts.map((r) => r.waitReady()));
    const others = replicasList.filter((r) => r.index > 1);
    for (const r of others) r.start();
    await Promise.all(others.map((r) => r.waitReady()));

    const proxy = await startRoundRobinProxy({ port: proxyPort, backends: gatewayPorts });
    closers.push(() => proxy.close());

    let webUrl;
    if (webServerPort) {
      const { startWebServer } = await dist('standalone/dist/web-server.js');
      const web = await startWebServer({
        distDir: path.join(root, 'web/dist'),
        port: webServerPort,
        runtimeConfig: (request) => ({
          apiUrl: `${request.protocol}://${request.hostname}:${proxyPort}`,
          turnstileSiteKey: '',
        }),
      });
      closers.push(() => web.close());
      webUrl = `http://localhost:${webServerPort}`;
    }

    return {
      natsUrl: nats.url,
      databaseUrl: postgres.url,
      apiUrl,
      webUrl,
      gatewayUrls: gatewayPorts.map((port) => `http://127.0.0.1:${port}`),
      nats,
      postgres,
      proxy,
      replicas: replicasList,
      of: (component) => replicasList.filter((r) => r.component === component),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
