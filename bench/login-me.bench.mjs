// Login + me through the whole path a browser uses: HTTP → gateway → bus (NATS) → identity → PostgreSQL.
// Closed loop: a fixed number of clients, each logging in and then reading /auth/me, for a fixed time.
import { latencyMetrics, driveLoad, envNumber, writeResult } from './bench-harness.mjs';
import {
  benchNatsUrl,
  freePort,
  freshDatabase,
  startProcess,
  waitUntilLoginWorks,
} from './bench-infra.mjs';

const name = 'login-me';
const concurrency = envNumber('BENCH_CONCURRENCY', 8);
const durationMs = envNumber('BENCH_DURATION_S', 15) * 1000;
const warmupPairs = 10;
const email = 'bench@switchboard.test';
const password = 'bench-password-1';

// Logs at warn: the run measures the request path, not log formatting.
process.env.LOG_LEVEL ??= 'warn';

const env = {
  ...process.env,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  ADMIN_EMAIL: email,
  ADMIN_PASSWORD: password,
  // The gateway limits /auth/* per IP; every client here is 127.0.0.1, so the limit is off for the run.
  AUTH_RATE_LIMIT: '0',
};

const database = await freshDatabase(name);
const natsUrl = await benchNatsUrl();
const closers = [() => database.drop()];
try {
  let apiUrl;
  if (natsUrl) {
    // As deployed: identity and the gateway each in their own process, talking over NATS, so the load
    // client, the gateway and bcrypt in identity do not share one event loop.
    const processEnv = { ...env, DATABASE_URL: database.url, NATS_URL: natsUrl };
    const identity = startProcess('identity', 'services/identity/dist/main.js', processEnv);
    closers.push(() => identity.stop());
    const port = await freePort();
    const gateway = startProcess('gateway', 'gateway/dist/main.js', {
      ...processEnv,
      PORT: String(port),
    });
    closers.push(() => gateway.stop());
    apiUrl = `http://127.0.0.1:${port}`;
    await waitUntilLoginWorks(apiUrl, [identity, gateway], { email, password });
  } else {
    // No NATS: one process, one in-process bus (recorded as such in the result).
    const { createInProcessBus } = await import('@sb/platform/bus');
    const bus = createInProcessBus({});
    closers.push(() => bus.close());
    const { startIdentityService } = await import('@sb/identity');
    const { startGateway } = await import('@sb/gateway');
    const { createLogger } = await import('@sb/platform/logger');
    const identity = await startIdentityService({
      bus,
      databaseUrl: database.url,
      logger: createLogger('identity'),
      env,
    });
    closers.push(() => identity.close());
    const gateway = await startGateway({
      bus,
      port: 0,
      webOrigins: ['http://localhost:3000'],
      logger: createLogger('gateway'),
      env,
    });
    closers.push(() => gateway.close());
    apiUrl = gateway.url;
  }

  const loginLatencies = [];
  const meLatencies = [];
  const pair = async (record) => {
    let started = performance.now();
    const login = await fetch(`${apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = await login.json();
    if (login.status !== 200 || typeof body.token !== 'string') {
      throw new Error(`login answered ${login.status} ${JSON.stringify(body)}`);
    }
    if (record) loginLatencies.push(performance.now() - started);
    started = performance.now();
    const me = await fetch(`${apiUrl}/auth/me`, {
      headers: { authorization: `Bearer ${body.token}` },
    });
    const user = await me.json();
    if (me.status !== 200 || user.email !== email) {
      throw new Error(`me answered ${me.status} ${JSON.stringify(user)}`);
    }
    if (record) meLatencies.push(performance.now() - started);
  };

  // Warm-up (connections, JIT, caches) is not measured; a failure here means the setup is broken.
  for (let i = 0; i < warmupPairs; i += 1) await pair(false);

  const run = await driveLoad({
    concurrency,
    durationMs,
    maxIterations: 1_000_000,
    iteration: () => pair(true),
  });
  const seconds = run.elapsedMs / 1000;
  const requests = loginLatencies.length + meLatencies.length;
  const metrics = {
    requests_per_second: Math.round((requests / seconds) * 10) / 10,
    pairs_per_second: Math.round((meLatencies.length / seconds) * 10) / 10,
    ...latencyMetrics('latency_', [...loginLatencies, ...meLatencies]),
    ...latencyMetrics('login_', loginLatencies),
    ...latencyMetrics('me_', meLatencies),
    errors: run.errors,
    requests,
    concurrency,
    duration_s: Math.round(seconds * 10) / 10,
  };
  const file = writeResult(name, metrics, {
    bus: natsUrl ? 'nats' : 'in-process',
    database: database.kind,
  });
  if (run.errors > 0)
    console.error(`${run.errors} failed pairs, first: ${run.firstErrors.join(' | ')}`);
  console.log(`wrote ${file}`);
} finally {
  for (const close of closers.reverse()) {
    try {
      await close();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
