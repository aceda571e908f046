// The dashboard at size (issue 18, "Fast"). The reporting projections are seeded with SQL: 1,000,000
// per-ticket facts of 100 companies (company 1 with 200,000, created over the last 400 days; two tickets
// per contact, as the tickets-list seed has them), their 2,000,000 messages counted per day as the
// projection counts them, and the daily rollups computed from those facts by the projection's own rules
// (contributionOf: local day in the report zone, whole minutes, NPS classes), so facts and rollups agree.
// Seeding the read models directly is honest for the read figures: the dashboard reads only these tables,
// and they hold what the consumers would have written; only the time to project that history is not
// part of it (the rebuild figure covers projecting, over what the stream holds in this run).
// Measured through the gateway over HTTP as company 1's admin (p95, after a warm-up): GET /dashboard for
// 30 and 365 days, /dashboard/ticketsDay (30 days per day, and one day per hour), /dashboard/ticketsUsers
// and /dashboard/moments. Then, with inbound Cloud API traffic running (inbound-load.mjs, 500 messages/s
// at full scale), real tickets are closed with PUT /tickets/:id and the time from the close's answer
// until the ticket's fact shows it closed is measured (p99). Last, the projections are rebuilt from the
// stream (`reporting.projection.rebuild`), which empties the seeded tables and replays the events of this
// run. tickets, connectors, reporting and the gateway run as processes (NATS, one Postgres); identity
// stands in on the bus and the tokens are signed here. `BENCH_SCALE=0.1` seeds a tenth for a quick run.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { envNumber, gatewayCall, latencyMetrics, writeResult } from './bench-harness.mjs';
import { benchNatsUrl, freePort, freshDatabase, startProcess } from './bench-infra.mjs';
import {
  benchJwtSecret,
  createCloudConnections,
  inboundAppSecret,
  paceAt,
  signAccessToken,
  standInIdentity,
  waitUntilReady,
  webhookPoster,
} from './inbound-load.mjs';

const name = 'reporting';
const scale = envNumber('BENCH_SCALE', 1);
const iterations = Math.round(envNumber('BENCH_ITERATIONS', 200));
const warmup = 20;
const companies = 100;
const bigCompany = 1;
const totalTickets = Math.round(1_000_000 * scale);
const bigTickets = Math.round(200_000 * scale);
/** seeded ticket ids start above this, clear of the tickets the inbound traffic creates */
const seededIdBase = 10_000_000;
const historyDays = 400;
const zone = 'America/Sao_Paulo';
/** inbound traffic while tickets are closed: 500 messages/s at full scale */
const inboundRate = envNumber('BENCH_INBOUND_RATE', Math.max(25, Math.round(500 * scale)));
const inboundCompanies = 10;
const inboundPerCompany = 5;
/** tickets closed while the inbound traffic runs, a few a second */
const closes = Math.round(envNumber('BENCH_CLOSES', 200));
const closesPerSecond = 8;
const targets = {
  dashboard_30d_p95_ms: 100,
  dashboard_365d_p95_ms: 250,
  tickets_day_p95_ms: 100,
  tickets_users_p95_ms: 100,
  moments_p95_ms: 50,
  projection_lag_p99_ms: 1000,
};

process.env.LOG_LEVEL ??= 'warn';

const { createBus } = await import('@sb/platform/bus');
const { GraphEmulator } = await import('@sb/testing/channel-emulator');
const { Subjects } = await import('@sb/contracts');
const { dropTestNatsNamespace } = await import('@sb/testing');

const loadAtStart = loadavg()[0];
const seconds = (ms) => Math.round(ms / 100) / 10;
const natsUrl = await benchNatsUrl();
if (!natsUrl) throw new Error('the reporting bench needs NATS (the projections follow its stream)');
const database = await freshDatabase(name);
const mediaDir = await mkdtemp(join(tmpdir(), 'sb-bench-reporting-'));
const closers = [() => database.drop(), () => rm(mediaDir, { recursive: true, force: true })];
try {
  const namespace = `bench${Date.now()}`;
  closers.push(() => dropTestNatsNamespace(natsUrl, namespace));
  const bus = await createBus({ natsUrl, namespace, name: 'bench' });
  closers.push(() => bus.close());
  const emulator = await new GraphEmulator({ appSecret: inboundAppSecret, lenient: true }).start();
  closers.push(() => emulator.close());
  // closing asks for no tag, sends no rating and no farewell: the close is the ticket's last step
  await standInIdentity(bus, {
    disabled: [
      'lgpdHideNumber',
      'requiredTag',
      'userRating',
      'sendGreetingAccepted',
      'sendMsgTransfTicket',
      'sendFarewellWaitingTicket',
    ],
  });
  const { REPORT_TIME_ZONE: _zone, ...inherited } = process.env;
  const processEnv = {
    ...inherited,
    JWT_SECRET: benchJwtSecret,
    MEDIA_DIR: mediaDir,
    META_APP_SECRET: inboundAppSecret,
    META_GRAPH_URL: emulator.graphUrl,
    META_WEBHOOK_POLL_MS: '200',
    BODY_LIMIT: '1mb',
    DATABASE_URL: database.url,
    NATS_URL: natsUrl,
    NATS_NAMESPACE: namespace,
    WEB_ORIGINS: 'http://localhost:3000',
  };
  const children = [
    startProcess('connectors', 'services/connectors/dist/main.js', processEnv),
    startProcess('tickets', 'services/tickets/dist/main.js', processEnv),
    startProcess('reporting', 'services/reporting/dist/main.js', processEnv),
  ];
  const port = await freePort();
  children.push(
    startProcess('gateway', 'gateway/dist/main.js', { ...processEnv, PORT: String(port) }),
  );
  for (const child of children) closers.push(() => child.stop());
  const apiUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(bus, apiUrl, children, ['connectors', 'tickets', 'reporting']);

  const db = new pg.Pool({ connectionString: database.url, max: 3 });
  closers.push(() => db.end());

  // seed (the reporting service migrated its tables at boot)
  const seedStarted = performance.now();
  const seed = await seedProjections(db);
  const seedMs = performance.now() - seedStarted;
  console.log(
    `seeded ${seed.facts} facts, ${seed.rollupRows} rollup rows, ${seed.messages} messages in ` +
      `${seconds(seedMs)} s (${seed.steps.map(([step, ms]) => `${step} ${seconds(ms)} s`).join(', ')})`,
  );

  const adminToken = await signAccessToken({ companyId: bigCompany });
  const call = gatewayCall(apiUrl);

  // the read calls, each timed in turn (one client: the figure is a call's own latency)
  const today = localDay(new Date());
  const dayBefore = (days) => localDay(new Date(Date.now() - days * 86_400_000));
  const get = (path) => () => call(adminToken, 'GET', path);
  const chart = (from, to) => `initialDate=${from}&finalDate=${to}`;
  const calls = {
    dashboard_30d: get('/dashboard?days=30'),
    dashboard_365d: get('/dashboard?days=365'),
    tickets_day_30d: get(`/dashboard/ticketsDay?${chart(dayBefore(29), today)}`),
    tickets_day_hours: get(`/dashboard/ticketsDay?${chart(dayBefore(1), dayBefore(1))}`),
    tickets_users: get(`/dashboard/ticketsUsers?${chart(dayBefore(29), today)}`),
    moments: get('/dashboard/moments?showAll=true'),
  };
  const replies = {};
  for (const [kind, run] of Object.entries(calls)) replies[kind] = await run();
  if (!(replies.dashboard_365d.counters?.supportFinished > 0))
    throw new Error(`the dashboard counts nothing: ${JSON.stringify(replies.dashboard_365d)}`);
  const timings = Object.fromEntries(Object.keys(calls).map((kind) => [kind, []]));
  for (let i = 0; i < warmup + iterations; i += 1) {
    for (const [kind, run] of Object.entries(calls)) {
      const started = performance.now();
      await run();
      if (i >= warmup) timings[kind].push(performance.now() - started);
    }
  }
  const p95 = (values) => latencyMetrics('', values).p95_ms;
  const p50 = (values) => latencyMetrics('', values).p50_ms;
  const p99 = (values) => latencyMetrics('', values).p99_ms;
  console.log(
    Object.entries(timings)
      .map(([kind, values]) => `${kind} p95 ${p95(values)} ms`)
      .join(', '),
  );

  // where the slowest call's time goes: the same call on the bus (no HTTP, no gateway), and its SQL
  const slowest = Object.keys(timings).sort(
    (a, b) => p95(timings[b]) / targetOf(b) - p95(timings[a]) / targetOf(a),
  )[0];
  const adminCtx = {
    companyId: bigCompany,
    userId: 1,
    profile: 'admin',
    super: false,
    requestId: 'bench-bus',
    lang: 'en',
  };
  const busCalls = {
    moments: () =>
      bus.request(Subjects.reporting.moments, { ctx: adminCtx, data: { showAll: true } }),
    dashboard_30d: () =>
      bus.request(Subjects.reporting.dashboard, { ctx: adminCtx, data: { days: 30 } }),
    dashboard_365d: () =>
      bus.request(Subjects.reporting.dashboard, { ctx: adminCtx, data: { days: 365 } }),
  };
  const busTimings = { moments: [], dashboard_30d: [], dashboard_365d: [] };
  for (let i = 0; i < warmup + 50; i += 1) {
    for (const [kind, run] of Object.entries(busCalls)) {
      const started = performance.now();
      await run();
      if (i >= warmup) busTimings[kind].push(performance.now() - started);
    }
  }
  const explained = await explainReads(db, {
    from: dayBefore(29),
    to: today,
    yearFrom: dayBefore(364),
  });
  console.log(
    `on the bus: ${Object.entries(busTimings)
      .map(([kind, values]) => `${kind} p95 ${p95(values)} ms`)
      .join(', ')}\n` +
      `slowest over its target: ${slowest}\n` +
      explained.map((e) => `${e.label}: ${e.ms} ms\n${e.plan.join('\n')}`).join('\n'),
  );

  // projection lag: inbound traffic runs while tickets it opened are closed through the gateway
  const numbers = await createCloudConnections(bus, {
    companies: inboundCompanies,
    perCompany: inboundPerCompany,
  });
  const poster = webhookPoster(apiUrl);
  closers.push(() => poster.close());
  let counter = 0;
  let refused = 0;
  const postOne = async () => {
    counter += 1;
    const status = await poster.post({
      phoneNumberId: numbers[counter % numbers.length],
      from: `55119${String(counter % 5_000).padStart(8, '0')}`,
      text: `bench message ${counter}`,
      id: `wamid.REPORTING${counter}`,
    });
    if (status !== 200) refused += 1;
  };
  // tickets to close: opened by a first round of traffic (one message from each of its contacts)
  await paceAt(inboundRate, Math.max(2, (2 * (closes + warmup)) / inboundRate), postOne);
  const closeTokens = new Map();
  for (let company = 1; company <= inboundCompanies; company += 1)
    closeTokens.set(company, await signAccessToken({ companyId: company }));
  const toClose = await waitForTickets(db, closes + warmup);
  // the first round's events are projected before the clock starts: the lag measured is that of
  // the steady load, not of this setup's backlog
  const caughtUpIn = await waitUntilProjected(db);
  console.log(`the projection caught up with the first round in ${seconds(caughtUpIn)} s`);
  let loadRunning = true;
  const load = paceAt(inboundRate, 3_600, postOne, () => !loadRunning);
  const lag = [];
  const closeAnswers = [];
  const waiting = new Map(); // `${company}:${ticket}` -> { answeredAt, measured }
  // the lag split at the stream: the close event's arrival on the bus (the tickets service's outbox
  // relay behind it) and the projection's apply after it
  const toStream = [];
  const afterStream = [];
  const streamSeenAt = new Map();
  const poller = pollClosed(db, waiting, lag, (entry, seenAt) => {
    const atStream = streamSeenAt.get(entry);
    if (entry.measured && atStream !== undefined) afterStream.push(seenAt - atStream);
  });
  const closeEvents = await bus.subscribe('evt.*.tickets.ticket.updated', (event) => {
    const { ticket } = event.data;
    const entry = waiting.get(`${ticket.companyId}:${ticket.id}`);
    if (ticket.status !== 'closed' || !entry || streamSeenAt.has(entry)) return;
    streamSeenAt.set(entry, performance.now());
    if (entry.measured) toStream.push(performance.now() - entry.answeredAt);
  });
  const closeStarted = performance.now();
  await paceAt(closesPerSecond, (closes + warmup) / closesPerSecond, async (i) => {
    const ticket = toClose[i];
    const started = performance.now();
    await call(closeTokens.get(ticket.companyId), 'PUT', `/tickets/${ticket.id}`, {
      status: 'closed',
    });
    const answeredAt = performance.now();
    if (i >= warmup) closeAnswers.push(answeredAt - started);
    waiting.set(`${ticket.companyId}:${ticket.id}`, { answeredAt, measured: i >= warmup });
  });
  const closeSeconds = (performance.now() - closeStarted) / 1000;
  await poller.until(() => waiting.size === 0, 30_000);
  await closeEvents.unsubscribe();
  loadRunning = false;
  const sentLoad = await load;
  const notCounted = waiting.size;
  const lagMetrics = latencyMetrics('projection_lag_', lag);
  console.log(
    `projection lag over ${lag.length} closes at ${Math.round(sentLoad.sent / sentLoad.seconds)} ` +
      `inbound messages/s: p50 ${lagMetrics.projection_lag_p50_ms} ms, p99 ` +
      `${lagMetrics.projection_lag_p99_ms} ms (${notCounted} not counted); to the stream p50 ` +
      `${p50(toStream)} ms, p99 ${p99(toStream)} ms; stream to projection p50 ${p50(afterStream)} ms, ` +
      `p99 ${p99(afterStream)} ms`,
  );

  // the whole history is in the stream only for this run's events: count them, then rebuild
  const { rows: streamRows } = await db.query(
    `SELECT count(*)::int AS n FROM reporting.processed_event WHERE consumer LIKE 'reporting-g1-%'`,
  );
  const superCtx = {
    companyId: bigCompany,
    userId: 1,
    profile: 'admin',
    super: true,
    requestId: 'bench-rebuild',
    lang: 'en',
  };
  const rebuildStarted = performance.now();
  const rebuilt = await bus.request(
    Subjects.reporting.rebuild,
    { ctx: superCtx, data: {} },
    { timeoutMs: 30 * 60_000 },
  );
  const rebuildMs = performance.now() - rebuildStarted;
  console.log(`rebuild: ${rebuilt.events} events in ${seconds(rebuildMs)} s`);

  const metrics = {
    dashboard_30d_p95_ms: p95(timings.dashboard_30d),
    dashboard_365d_p95_ms: p95(timings.dashboard_365d),
    tickets_day_p95_ms: p95([...timings.tickets_day_30d, ...timings.tickets_day_hours]),
    tickets_users_p95_ms: p95(timings.tickets_users),
    moments_p95_ms: p95(timings.moments),
    projection_lag_p99_ms: lagMetrics.projection_lag_p99_ms,
    rebuild_s: Math.round(rebuildMs / 10) / 100,
    rebuild_events: rebuilt.events,
    projection_lag_p50_ms: lagMetrics.projection_lag_p50_ms,
    projection_lag_not_counted: notCounted,
    ...latencyMetrics('projection_lag_to_stream_', toStream),
    ...latencyMetrics('projection_lag_after_stream_', afterStream),
    ...latencyMetrics('close_http_', closeAnswers),
    ...Object.fromEntries(
      Object.entries(timings).flatMap(([kind, values]) =>
        Object.entries(latencyMetrics(`${kind}_`, values)),
      ),
    ),
    ...Object.fromEntries(
      Object.entries(busTimings).map(([kind, values]) => [`${kind}_bus_p95_ms`, p95(values)]),
    ),
    ...Object.fromEntries(explained.map((e) => [`${e.label}_sql_ms`, e.ms])),
    inbound_msgs_per_s: Math.round(sentLoad.sent / sentLoad.seconds),
    inbound_refused: refused,
    seed_s: seconds(seedMs),
    iterations,
  };
  const file = writeResult(name, metrics, {
    bus: 'nats',
    database: database.kind,
    layout:
      'gateway, tickets, connectors and reporting each in its own process (NATS, one Postgres); the load client, the channel emulator and the identity stand-in in the bench process',
    machine: {
      cores: cpus().length,
      load_average_1m_start: Math.round(loadAtStart * 100) / 100,
      load_average_1m_end: Math.round(loadavg()[0] * 100) / 100,
    },
    targets,
    seed: {
      scale,
      companies,
      facts: seed.facts,
      big_company_facts: seed.bigFacts,
      messages: seed.messages,
      rollup_rows: seed.rollupRows,
      big_company_rollup_rows: seed.bigRollupRows,
      history_days: historyDays,
    },
    replies: {
      dashboard_30d_tickets: sumOf(replies.dashboard_30d.counters),
      moments_tickets: replies.moments.length,
      moments_bytes: JSON.stringify(replies.moments).length,
      tickets_day_30d_days: replies.tickets_day_30d.data.length,
      tickets_users_users: replies.tickets_users.data.length,
    },
    notes: [
      'Read figures: the projections (ticket_fact, daily_rollup, message_daily, user_directory) were seeded with SQL as the consumers would have written them (rollups computed from the facts by the projection rules); the tickets service tables were not seeded, the dashboard never reads them.',
      `Projection lag: ${lag.length} tickets (after ${warmup} not measured) opened by inbound Cloud API webhooks were closed with PUT /tickets/:id at ${closesPerSecond}/s in ${Math.round(closeSeconds)} s while inbound traffic ran at ${metrics.inbound_msgs_per_s} messages/s (target rate ${inboundRate}); lag is from the close's HTTP answer until reporting.ticket_fact shows the ticket closed (polled every 10 ms); ${notCounted} closes were not counted within 30 s after the last close and enter the percentiles with their wait so far (a lower bound).`,
      `Rebuild: the SQL-seeded history is not in the stream; the rebuild replayed the ${rebuilt.events} events this run published (${streamRows[0].n} applied by the live consumers before it) into emptied tables.`,
    ],
  });
  console.log(`wrote ${file}`);
  for (const [metric, target] of Object.entries(targets)) {
    const verdict = metrics[metric] <= target ? 'ok' : 'MISSED';
    console.log(`${metric}: ${metrics[metric]} (target ≤ ${target}) ${verdict}`);
  }
  console.log(`rebuild_s: ${metrics.rebuild_s} (${rebuilt.events} events)`);
} finally {
  for (const close of closers.reverse()) {
    try {
      await close();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function targetOf(kind) {
  return (
    targets[`${kind}_p95_ms`] ??
    (kind.startsWith('tickets_day') ? targets.tickets_day_p95_ms : targets.dashboard_30d_p95_ms)
  );
}

/**
 * EXPLAIN ANALYZE of the dashboard's heaviest statements as the repository sends them (moments without a
 * status, the 365-day leads count), as the service user with the company's row security set.
 */
async function explainReads(db, { from, to, yearFrom }) {
  const createdIn = (first) =>
    `created_at >= ($${first}::date)::timestamp AT TIME ZONE $${first + 2}
     AND created_at < ($${first + 1}::date + 1)::timestamp AT TIME ZONE $${first + 2}`;
  const statements = [
    {
      label: 'moments',
      text: `SELECT c.ticket_id, c.status, c.contact_id, c.contact_name, c.is_group, c.queue_id,
                    c.queue_name, c.queue_color, c.user_id, c.whatsapp_id,
                    to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
                    to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
                    u.name AS user_name, u.profile AS user_profile
               FROM (SELECT * FROM (SELECT ticket_id, status, contact_id, contact_name, is_group, queue_id,
                                           queue_name, queue_color, user_id, whatsapp_id, created_at, updated_at
                                      FROM ticket_fact f WHERE f.company_id = $1 AND NOT f.deleted
                                       AND ${createdIn(2).replaceAll('created_at', 'f.created_at')}) AS m
                      ORDER BY updated_at DESC, ticket_id DESC LIMIT $5) AS c
               LEFT JOIN user_directory u ON u.company_id = $1 AND u.user_id = c.user_id
              ORDER BY c.updated_at DESC, c.ticket_id DESC`,
      params: [bigCompany, from, to, zone, 2000],
    },
    {
      label: 'leads_365d',
      text: `SELECT count(*)::int AS n FROM (
               SELECT contact_id FROM ticket_fact WHERE company_id = $1 AND NOT deleted AND ${createdIn(2)}
                GROUP BY contact_id HAVING count(*) = 1) AS once`,
      params: [bigCompany, yearFrom, to, zone],
    },
  ];
  const client = await db.connect();
  try {
    await client.query('SET search_path TO reporting, public');
    const out = [];
    for (const statement of statements) {
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
        statement.params,
      );
      const plan = rows.map((row) => row['QUERY PLAN']);
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan.at(-1))?.[1] ?? 0);
      out.push({ label: statement.label, ms, plan });
    }
    return out;
  } finally {
    client.release();
  }
}

function localDay(date) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

function sumOf(counters) {
  return (
    (counters?.supportHappening ?? 0) +
    (counters?.supportPending ?? 0) +
    (counters?.supportFinished ?? 0)
  );
}

/** Open or pending tickets of the inbound companies (the newest first), at least `count` of them. */
async function waitForTickets(db, count, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query(
      `SELECT id, company_id AS "companyId" FROM tickets.tickets
        WHERE status IN ('open', 'pending') AND company_id <= $1 ORDER BY id LIMIT $2`,
      [inboundCompanies, count],
    );
    if (rows.length >= count) return rows;
    if (Date.now() > deadline) throw new Error(`only ${rows.length} tickets to close`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Until the live consumers' applied-event count stands still for a second; how long that took. */
async function waitUntilProjected(db, timeoutMs = 180_000) {
  const started = performance.now();
  let last = -1;
  let stillSince = performance.now();
  while (performance.now() - started < timeoutMs) {
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM reporting.processed_event WHERE consumer LIKE 'reporting-g1-%'`,
    );
    if (rows[0].n !== last) {
      last = rows[0].n;
      stillSince = performance.now();
    } else if (performance.now() - stillSince >= 1_000) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - started;
}

/** Every 10 ms, which of the waiting tickets the projection counts as closed (their lag recorded). */
function pollClosed(db, waiting, lag, onCounted) {
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const keys = [...waiting.keys()];
      if (keys.length > 0) {
        const { rows } = await db.query(
          `SELECT f.company_id, f.ticket_id FROM reporting.ticket_fact f
             JOIN unnest($1::int[], $2::int[]) AS w(company_id, ticket_id)
               ON f.company_id = w.company_id AND f.ticket_id = w.ticket_id
            WHERE f.status = 'closed'`,
          [
            keys.map((key) => Number(key.split(':')[0])),
            keys.map((key) => Number(key.split(':')[1])),
          ],
        );
        const seenAt = performance.now();
        for (const row of rows) {
          const key = `${row.company_id}:${row.ticket_id}`;
          const entry = waiting.get(key);
          if (!entry) continue;
          waiting.delete(key);
          if (entry.measured) lag.push(seenAt - entry.answeredAt);
          onCounted(entry, seenAt);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // a close not counted when the wait ended counts with its wait so far (a lower bound)
    const givenUpAt = performance.now();
    for (const entry of waiting.values())
      if (entry.measured) lag.push(givenUpAt - entry.answeredAt);
  })();
  return {
    until: async (condition, timeoutMs) => {
      const deadline = performance.now() + timeoutMs;
      while (!condition() && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      stopped = true;
      await done;
    },
  };
}

/**
 * ticket_fact, message_daily, user_directory and daily_rollup of 100 companies with SQL. The rollups are
 * the facts summed by the projection's rules (ticket-fact-rules.ts contributionOf); the secondary indexes
 * are dropped for the load and rebuilt from their own definitions (the migrations').
 */
async function seedProjections(db) {
  const steps = [];
  const step = async (label, run) => {
    const started = performance.now();
    const result = await run();
    steps.push([label, performance.now() - started]);
    return result;
  };
  const client = await db.connect();
  try {
    await client.query('SET search_path TO reporting, public');
    await client.query("SET maintenance_work_mem = '512MB'");
    const { rows: indexes } = await client.query(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.schemaname = 'reporting' AND i.tablename IN ('ticket_fact', 'daily_rollup', 'message_daily')
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                           WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    );
    for (const index of indexes) await client.query(`DROP INDEX reporting.${index.indexname}`);
    const otherTickets = Math.round((totalTickets - bigTickets) / (companies - 1));
    // users: 20 in the big company, 5 in each other one (ids company × 1000 + n)
    await step('users', () =>
      client.query(
        `INSERT INTO user_directory (company_id, user_id, name, profile, online, deleted, version_at)
         SELECT c, c * 1000 + n, 'Agent ' || c || '-' || n, CASE WHEN n = 1 THEN 'admin' ELSE 'user' END,
                n % 3 = 0, false, now()
           FROM generate_series(1, $1::int) c
          CROSS JOIN LATERAL generate_series(1, CASE WHEN c = $2 THEN 20 ELSE 5 END) n`,
        [companies, bigCompany],
      ),
    );
    // facts: created over the last 400 days; older tickets closed (3 in 10 rated), the last 3 days'
    // open or pending one time in four; a contact has two tickets; one in 50 is a group
    await step('facts', () =>
      client.query(
        `INSERT INTO ticket_fact (company_id, ticket_id, contact_id, contact_name, is_group, created_at,
           status, queue_id, queue_name, queue_color, user_id, whatsapp_id, whatsapp_name, tags,
           queued_at, accepted_at, accepted_by, first_response_at, first_response_by, closed_at,
           closed_by, closed_exact, rate, rated_at, deleted, version_at, version_seq, updated_at)
         SELECT t.company_id, t.ticket_id, t.contact_id, 'Contato ' || t.contact_id, t.r % 50 = 7,
                t.created_at, t.status, t.queue_id,
                CASE WHEN t.queue_id IS NOT NULL THEN (ARRAY['Vendas', 'Suporte', 'Financeiro'])[t.queue_id % 10] END,
                CASE WHEN t.queue_id IS NOT NULL THEN '#336699' END,
                t.user_id, t.whatsapp_id, 'Bench ' || t.whatsapp_id, '[]',
                CASE WHEN t.queue_id IS NOT NULL THEN t.created_at + interval '10 seconds' END,
                t.accepted_at, CASE WHEN t.accepted_at IS NOT NULL THEN t.user_id END,
                t.accepted_at + interval '1 minute', CASE WHEN t.accepted_at IS NOT NULL THEN t.user_id END,
                t.closed_at, CASE WHEN t.closed_at IS NOT NULL THEN t.user_id END, t.closed_at IS NOT NULL,
                t.rate, t.closed_at + CASE WHEN t.rate IS NOT NULL THEN interval '5 minutes' END, false,
                t.version_at, t.version_at, t.version_at
           FROM (SELECT s.*,
                        CASE WHEN s.status = 'closed' AND s.r % 10 < 3 THEN 1 + (s.r / 10) % 10 END AS rate,
                        coalesce(s.closed_at, s.accepted_at, s.created_at) AS version_at
                   FROM (SELECT a.*,
                                CASE WHEN a.status <> 'pending'
                                     THEN a.created_at + (a.r % 120) * interval '1 minute'
                                          + (a.r % 60) * interval '1 second' END AS accepted_at,
                                CASE WHEN a.status = 'closed'
                                     THEN a.created_at + (120 + a.r % 600) * interval '1 minute' END AS closed_at
                           FROM (SELECT co.id AS company_id, b.g,
                                        $1::int + row_number() OVER () AS ticket_id,
                                        $1::int + co.id * 1000000 + (b.g + 1) / 2 AS contact_id,
                                        now() - b.rc * $6::int * interval '1 day' AS created_at, b.r,
                                        CASE WHEN b.r % 20 = 0 THEN NULL ELSE co.id * 10 + 1 + b.r % 3 END AS queue_id,
                                        1 + b.r % 5 AS whatsapp_id,
                                        CASE WHEN b.rc * $6::int < 3 AND b.r % 8 = 0 THEN 'pending'
                                             WHEN b.rc * $6::int < 3 AND b.r % 8 = 1 THEN 'open'
                                             ELSE 'closed' END AS status,
                                        co.id * 1000 + 1 + b.r % CASE WHEN co.id = $2 THEN 20 ELSE 5 END AS user_id0
                                   FROM (SELECT $2::int AS id, $3::int AS n
                                         UNION ALL
                                         SELECT c, $4::int FROM generate_series(1, $5::int) c WHERE c <> $2) co
                                  CROSS JOIN LATERAL (SELECT g, random() AS rc, floor(random() * 1000000)::int AS r
                                                        FROM generate_series(1, co.n) g) b) a) s) t0
          CROSS JOIN LATERAL (SELECT t0.*, CASE WHEN t0.status = 'pending' THEN NULL ELSE t0.user_id0 END AS user_id) t`,
        [seededIdBase, bigCompany, bigTickets, otherTickets, companies, historyDays],
      ),
    );
    // messages: 1..3 per ticket (2 on average), one a minute from the creation, every other one ours
    await step('messages', () =>
      client.query(
        `INSERT INTO message_daily (company_id, day, from_me, messages)
         SELECT company_id, ((created_at + k * interval '1 minute') AT TIME ZONE $1)::date, k % 2 = 0,
                count(*)::int
           FROM ticket_fact CROSS JOIN LATERAL generate_series(1, 1 + ticket_id % 3) k
          WHERE ticket_id > $2
          GROUP BY 1, 2, 3`,
        [zone, seededIdBase],
      ),
    );
    // rollups: contributionOf in SQL (whole minutes, zeros not counted; support only when closed)
    await step('rollups', () =>
      client.query(
        `INSERT INTO daily_rollup (company_id, day, queue_id, user_id, whatsapp_id, tickets, group_tickets,
           closed, closed_rated, rated, nps_waiting, wait_minutes, wait_count, support_minutes,
           support_count, rate_sum, promoters, passives, detractors)
         SELECT f.company_id, (f.created_at AT TIME ZONE $1)::date, coalesce(f.queue_id, 0),
                coalesce(f.user_id, 0), coalesce(f.whatsapp_id, 0),
                count(*), count(*) FILTER (WHERE f.is_group), count(*) FILTER (WHERE f.status = 'closed'),
                count(*) FILTER (WHERE f.status = 'closed' AND f.rate IS NOT NULL),
                count(*) FILTER (WHERE f.rate IS NOT NULL), count(*) FILTER (WHERE f.status = 'nps'),
                coalesce(sum(m.wait), 0), count(*) FILTER (WHERE m.wait > 0),
                coalesce(sum(m.support), 0), count(*) FILTER (WHERE m.support > 0),
                coalesce(sum(f.rate), 0), count(*) FILTER (WHERE f.rate > 8),
                count(*) FILTER (WHERE f.rate BETWEEN 7 AND 8), count(*) FILTER (WHERE f.rate < 7)
           FROM ticket_fact f
          CROSS JOIN LATERAL (
                SELECT greatest(0, floor(extract(epoch FROM f.accepted_at - f.created_at) / 60))::bigint AS wait,
                       CASE WHEN f.status = 'closed'
                            THEN greatest(0, floor(extract(epoch FROM f.closed_at - f.accepted_at) / 60))::bigint
                       END AS support) m
          WHERE NOT f.deleted AND f.ticket_id > $2
          GROUP BY 1, 2, 3, 4, 5`,
        [zone, seededIdBase],
      ),
    );
    await step('indexes', async () => {
      for (const index of indexes) await client.query(index.indexdef);
    });
    await step('analyze', () =>
      client.query('VACUUM (ANALYZE) ticket_fact, daily_rollup, message_daily, user_directory'),
    );
    // the load's dirty pages written out now, not by the checkpointer while the reads are timed
    await step('checkpoint', () => client.query('CHECKPOINT'));
    const count = async (sql, params = []) => Number((await client.query(sql, params)).rows[0].n);
    return {
      steps,
      facts: await count('SELECT count(*) AS n FROM ticket_fact'),
      bigFacts: await count('SELECT count(*) AS n FROM ticket_fact WHERE company_id = $1', [
        bigCompany,
      ]),
      messages: await count('SELECT coalesce(sum(messages), 0) AS n FROM message_daily'),
      rollupRows: await count('SELECT count(*) AS n FROM daily_rollup'),
      bigRollupRows: await count('SELECT count(*) AS n FROM daily_rollup WHERE company_id = $1', [
        bigCompany,
      ]),
    };
  } finally {
    client.release();
  }
}
