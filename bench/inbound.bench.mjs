// Inbound Cloud API traffic end to end (issue 5): the channel emulator posts signed webhooks for 50
// connections of 10 companies to the gateway at rising rates; connectors stores each delivery and publishes
// `connectors.message.received`; tickets stores the contact, ticket and message and emits the
// `company-<id>-appMessage` create event through its outbox; the gateway fans it out to a socket.io client
// of each company (an admin in the notification room, as the web app joins it). Measured: from the webhook
// POST to that socket event (p50/p99 at 500 messages/s), the sustained rate (the highest rate at which a
// step's messages all arrived), and lost and duplicated messages counted from the socket events and
// from the stored rows after the backlog drained.
// identity stands in (plan limits, settings, user names, presence); the access tokens are signed here.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io } from 'socket.io-client';
import { envNumber, percentile, writeResult } from './bench-harness.mjs';
import { benchNatsUrl, freePort, freshDatabase, startProcess } from './bench-infra.mjs';
import {
  benchJwtSecret,
  createCloudConnections,
  inboundAppSecret,
  signAccessToken,
  standInIdentity,
  waitUntilReady,
  webhookPoster,
} from './inbound-load.mjs';

const name = 'inbound';
const companies = 10;
const perCompany = 5;
const stepSeconds = envNumber('BENCH_STEP_S', 5);
const rates = (process.env.BENCH_RATES ?? '250,500,1000,1500,2000')
  .split(',')
  .map(Number)
  .filter((rate) => rate > 0);
const appSecret = inboundAppSecret;
const jwtSecret = benchJwtSecret;
const drainMs = envNumber('BENCH_DRAIN_MS', 30_000);
const targets = { sustained_msgs_per_s: 1000, p99_ms_at_500: 250, lost: 0, duplicated: 0 };
// BENCH_LAYOUT=processes (default with NATS): gateway, connectors and tickets each in its own process, as
// deployed, so the Node work spreads over both cores; single: all in this process, as `npm start` runs
// them (the one event loop is then the limit: ~380 messages/s against ~470 with processes).
const layoutWanted = process.env.BENCH_LAYOUT ?? 'processes';

process.env.LOG_LEVEL ??= 'warn';

const { createBus, createInProcessBus } = await import('@sb/platform/bus');
const { createLogger } = await import('@sb/platform/logger');
const { startGateway } = await import('@sb/gateway');
const { startConnectorsService } = await import('@sb/connectors');
const { startTicketsService } = await import('@sb/tickets');
const { GraphEmulator } = await import('@sb/testing/channel-emulator');
const { dropTestNatsNamespace } = await import('@sb/testing');

const database = await freshDatabase(name);
const natsUrl = await benchNatsUrl();
const layout = natsUrl && layoutWanted === 'processes' ? 'processes' : 'single';
const mediaDir = await mkdtemp(join(tmpdir(), 'sb-bench-inbound-'));
const closers = [() => database.drop(), () => rm(mediaDir, { recursive: true, force: true })];
try {
  const namespace = `bench${Date.now()}`;
  // the namespace's event stream goes when the bench ends (closers run last to first)
  if (natsUrl) closers.push(() => dropTestNatsNamespace(natsUrl, namespace));
  const bus = natsUrl
    ? await createBus({ natsUrl, namespace, name: 'bench' })
    : createInProcessBus({});
  closers.push(() => bus.close());
  const emulator = await new GraphEmulator({ appSecret, lenient: true }).start();
  closers.push(() => emulator.close());
  const env = {
    ...process.env,
    JWT_SECRET: jwtSecret,
    MEDIA_DIR: mediaDir,
    META_APP_SECRET: appSecret,
    META_GRAPH_URL: emulator.graphUrl,
    META_WEBHOOK_POLL_MS: '200',
    BODY_LIMIT: '1mb',
  };
  // identity stands in (plan, settings, users, presence)
  await standInIdentity(bus);
  let gatewayUrl;
  if (layout === 'processes') {
    const processEnv = {
      ...env,
      DATABASE_URL: database.url,
      NATS_URL: natsUrl,
      NATS_NAMESPACE: namespace,
      WEB_ORIGINS: 'http://localhost:3000',
    };
    const children = [
      startProcess('connectors', 'services/connectors/dist/main.js', processEnv),
      startProcess('tickets', 'services/tickets/dist/main.js', processEnv),
    ];
    const port = await freePort();
    children.push(
      startProcess('gateway', 'gateway/dist/main.js', { ...processEnv, PORT: String(port) }),
    );
    for (const child of children) closers.push(() => child.stop());
    gatewayUrl = `http://127.0.0.1:${port}`;
    await waitUntilReady(bus, gatewayUrl, children, ['connectors', 'tickets']);
  } else {
    const connectors = await startConnectorsService({
      bus,
      databaseUrl: database.url,
      logger: createLogger('connectors'),
      env,
    });
    closers.push(() => connectors.close());
    const tickets = await startTicketsService({
      bus,
      databaseUrl: database.url,
      logger: createLogger('tickets'),
      env,
    });
    closers.push(() => tickets.close());
    const gateway = await startGateway({
      bus,
      port: 0,
      host: '127.0.0.1',
      webOrigins: ['http://localhost:3000'],
      logger: createLogger('gateway'),
      env,
    });
    closers.push(() => gateway.close());
    gatewayUrl = gateway.url;
  }
  const numbers = await createCloudConnections(bus, { companies, perCompany });

  // one admin socket per company, in the notification room (every appMessage create reaches it)
  const sockets = [];
  for (let company = 1; company <= companies; company += 1) {
    const token = await signAccessToken({ companyId: company });
    const socket = await connectSocket(gatewayUrl, token, company);
    await socket.emitWithAck('joinNotification');
    sockets.push(socket);
  }
  closers.push(() => sockets.forEach((socket) => socket.close()));

  const sentAt = new Map(); // externalId -> ms
  const idOfBody = new Map(); // message text -> externalId
  const latencies = new Map(); // externalId -> ms, webhook POST to socket event
  const busLatencies = new Map(); // externalId -> ms, webhook POST to connectors.message.received (company 1)
  const answeredIn = new Map(); // externalId -> ms, webhook POST to its 200
  let duplicated = 0;
  let totalEvents = 0;
  let socketEvents = 0;
  // the webhook → connectors.message.received latency is sampled on company 1's traffic: decoding every
  // event here would put the load client's own work on the cores the pipeline is measured on
  const subscription = await bus.subscribe('evt.1.connectors.message.received', async (event) => {
    totalEvents += 1;
    const id = event.data.externalId;
    const started = sentAt.get(id);
    if (started !== undefined && !busLatencies.has(id))
      busLatencies.set(id, performance.now() - started);
  });
  closers.push(() => subscription.unsubscribe());
  for (const [index, socket] of sockets.entries()) {
    socket.on(`company-${index + 1}-appMessage`, (payload) => {
      if (payload.action !== 'create' || payload.message.fromMe) return;
      socketEvents += 1;
      const id = idOfBody.get(payload.message.body);
      if (id === undefined) return;
      if (latencies.has(id)) duplicated += 1;
      else latencies.set(id, performance.now() - sentAt.get(id));
    });
  }

  // the load client posts over kept-alive connections (node:http, see inbound-load.mjs)
  const poster = webhookPoster(gatewayUrl, appSecret);
  closers.push(() => poster.close());

  let counter = 0;
  let refused = 0;
  const postOne = async () => {
    counter += 1;
    const id = `wamid.BENCH${counter}`;
    sentAt.set(id, performance.now());
    idOfBody.set(`bench message ${counter}`, id);
    try {
      const status = await poster.post({
        phoneNumberId: numbers[counter % numbers.length],
        from: `55119${String(counter % 10_000).padStart(8, '0')}`,
        text: `bench message ${counter}`,
        id,
      });
      if (status !== 200) throw new Error(`answered ${status}`);
      answeredIn.set(id, performance.now() - sentAt.get(id));
    } catch {
      // not accepted (Meta would retry it): not counted as lost
      refused += 1;
      sentAt.delete(id);
    }
    return id;
  };

  // warm-up, not measured
  await Promise.all(Array.from({ length: 50 }, postOne));
  await new Promise((resolve) => setTimeout(resolve, 2000));

  const steps = [];
  for (const rate of rates) {
    const ids = [];
    const inflight = new Set();
    const begin = performance.now();
    const total = rate * stepSeconds;
    for (let i = 0; i < total; i += 1) {
      const due = begin + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const promise = postOne().then((id) => ids.push(id));
      inflight.add(promise);
      void promise.finally(() => inflight.delete(promise));
    }
    await Promise.all(inflight);
    const sendSeconds = (performance.now() - begin) / 1000;
    // the backlog drains: every accepted message of the step reaches the sockets, or the drain time passes
    const drainDeadline = performance.now() + drainMs;
    while (
      ids.some((id) => sentAt.has(id) && !latencies.has(id)) &&
      performance.now() < drainDeadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const doneSeconds = (performance.now() - begin) / 1000;
    const stepLatencies = Float64Array.from(
      ids.filter((id) => latencies.has(id)).map((id) => latencies.get(id)),
    ).sort();
    const stepAnswers = Float64Array.from(
      ids.filter((id) => answeredIn.has(id)).map((id) => answeredIn.get(id)),
    ).sort();
    const stepBus = Float64Array.from(
      ids.filter((id) => busLatencies.has(id)).map((id) => busLatencies.get(id)),
    ).sort();
    const step = {
      offered_per_s: rate,
      sent_per_s: Math.round(ids.length / sendSeconds),
      processed_per_s: Math.round(stepLatencies.length / doneSeconds),
      p50_ms: percentile(stepLatencies, 50),
      p99_ms: percentile(stepLatencies, 99),
      webhook_answer_p50_ms: percentile(stepAnswers, 50),
      webhook_answer_p99_ms: percentile(stepAnswers, 99),
      bus_p50_ms: percentile(stepBus, 50),
      bus_p99_ms: percentile(stepBus, 99),
      lost: ids.filter((id) => sentAt.has(id) && !latencies.has(id)).length,
    };
    steps.push(step);
    console.log(JSON.stringify(step));
  }

  // the backlog of the last steps drains before counting: a message is lost only when nothing has
  // arrived for BENCH_FINAL_IDLE_MS (default 30 s) and it is still missing
  const finalIdleMs = envNumber('BENCH_FINAL_IDLE_MS', 30_000);
  let lastProgress = performance.now();
  let seen = latencies.size;
  while ([...sentAt.keys()].some((id) => !latencies.has(id))) {
    if (latencies.size !== seen) {
      seen = latencies.size;
      lastProgress = performance.now();
    } else if (performance.now() - lastProgress > finalIdleMs) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  // the stored rows: every accepted message once (the unique wid makes a second row impossible, so a
  // duplicate would be a second message row of one channel id across companies or a missing one)
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const accepted = [...sentAt.keys()];
  const { rows: storedRows } = await db.query(
    `SELECT wid, count(*)::int AS n FROM tickets.messages WHERE wid = ANY($1::text[]) GROUP BY wid`,
    [accepted],
  );
  await db.end();
  const storedCount = new Map(storedRows.map((row) => [row.wid, row.n]));
  const notStored = accepted.filter((id) => !storedCount.has(id)).length;
  const storedTwice = storedRows.filter((row) => row.n > 1).length;

  const at500 = steps.find((step) => step.offered_per_s === 500);
  // sustained: the highest rate at which a step's messages were all stored and announced (the step's
  // messages over the time from its first send to its last socket event), none of them lost; a step
  // offered more than that only builds a backlog, so its rate is what the pipeline sustains
  const complete = steps.filter((step) => step.lost === 0);
  const metrics = {
    sustained_msgs_per_s: complete.length
      ? Math.max(...complete.map((step) => step.processed_per_s))
      : 0,
    p50_ms_at_500: at500?.p50_ms ?? null,
    p99_ms_at_500: at500?.p99_ms ?? null,
    lost: Math.max(accepted.filter((id) => !latencies.has(id)).length, notStored),
    duplicated: duplicated + storedTwice,
    lost_socket: accepted.filter((id) => !latencies.has(id)).length,
    lost_rows: notStored,
    duplicated_socket: duplicated,
    duplicated_rows: storedTwice,
    refused_webhooks: refused,
    received_events_seen_company_1: totalEvents,
    socket_create_events: socketEvents,
  };
  // issue 5 also asks for the memory of one idle Baileys session object (with its auth state)
  const baileys = await baileysSessionMemory();
  metrics.baileys_idle_session_bytes = baileys.bytesPerSession;
  metrics.baileys_idle_session_rss_bytes = baileys.rssBytesPerSession;
  const file = writeResult(name, metrics, {
    bus: natsUrl ? 'nats' : 'in-process',
    layout:
      layout === 'processes'
        ? 'gateway, connectors and tickets each in its own process (NATS, one Postgres); the load client, the channel emulator and the identity stand-in in the bench process'
        : 'gateway, connectors, tickets, the load client, the channel emulator and the identity stand-in in one process',
    database: database.kind,
    targets,
    measured:
      'webhook POST → stored message → company-<id>-appMessage create on a connected socket',
    connections: numbers.length,
    companies,
    steps,
  });
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

/** Runs bench/baileys-session-memory.mjs in its own process (it needs --expose-gc) and reads its line. */
function baileysSessionMemory() {
  const script = fileURLToPath(new URL('./baileys-session-memory.mjs', import.meta.url));
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', script, '50'],
      { timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`baileys-session-memory failed: ${stderr || error}`));
        const line = stdout.split('\n').find((text) => text.includes('"baileys-session-memory"'));
        if (!line) return reject(new Error(`baileys-session-memory printed no result: ${stdout}`));
        resolve(JSON.parse(line));
      },
    );
  });
}

function connectSocket(url, token, companyId) {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
      query: { companyId: String(companyId), userId: '1' },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}
