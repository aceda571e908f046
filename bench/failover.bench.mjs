// Faults under load (issue 20) on the cluster of `npm run cluster` (scripts/local-cluster.mjs): 3 NATS
// nodes (stream and durables on 3 replicas), an embedded PostgreSQL, 2 gateways, 2 tickets, 3 connectors
// (holding Baileys-type sessions through the driver's test double), 2 campaigns, identity and reporting,
// each its own process. While the channel emulator posts signed Cloud API webhooks at FAILOVER_RATE
// messages/s (through the round-robin proxy, retried like Meta retries a webhook that got no 200) and
// agents' socket clients sit on both gateways, it kills -9 in turn one gateway, one tickets, the
// connectors worker holding the most sessions, the campaigns worker sending a running campaign, and the
// NATS stream leader; restarts PostgreSQL; then restarts every component one replica at a time (SIGTERM,
// wait until it serves, next). Each killed process is started again before the next fault.
// Per fault: messages lost and duplicated (stored rows, and each agent's socket events plus what it
// refetched over HTTP after a reconnect, as the web app does), sessions back on live workers, campaign
// sends exactly once (counted at the emulator), agents reconnected (to the other gateway) and still
// logged in, and the time to recover: until a message posted after the fault reached every agent (and
// the fault's own condition held: sessions re-held, campaign sending again).
// FAILOVER_SHORT=1 is CI's form (low rate, a few seconds per fault, shorter lease timeouts);
// FAILOVER_REPORT=<file> also writes a jest-shaped report (a test per fault) for scripts/run-tests.mjs.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';
import writeXlsxFile from 'write-excel-file/node';
import { envNumber, gatewayCall, writeResult } from './bench-harness.mjs';
import { cpuSecondsOf } from './bench-infra.mjs';
import { webhookPoster } from './inbound-load.mjs';
import { startLocalCluster } from '../scripts/local-cluster.mjs';

const name = 'failover';
const short = process.env.FAILOVER_SHORT === '1';
const rate = envNumber('FAILOVER_RATE', short ? 20 : 500);
/** traffic before each fault, and at least after its recovery, before the next one */
const settleS = envNumber('FAILOVER_SETTLE_S', short ? 3 : 10);
const agents = envNumber('FAILOVER_AGENTS', 4);
const cloudConnections = 4;
const baileysSessions = envNumber('FAILOVER_SESSIONS', 6);
const campaignContacts = envNumber('FAILOVER_CAMPAIGN_CONTACTS', short ? 1000 : 3000);
const contactsPerConnection = 10;
const sessionsMovedWithinS = 30;
const recoveryLimitS = envNumber('FAILOVER_RECOVERY_LIMIT_S', 120);
const appSecret = 'bench-failover-secret';
const admin = { email: 'admin@failover.test', password: 'failover-password-1' };
const reportFile = process.env.FAILOVER_REPORT;

// the bench process's own logs (embedded PostgreSQL, its bus); the cluster's processes log at info
process.env.LOG_LEVEL ??= 'warn';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => Date.now();
const seconds = (ms) => Math.round(ms / 100) / 10;
const log = (text) => console.log(`[failover ${new Date().toISOString().slice(11, 19)}] ${text}`);

if (!hasNatsServer()) {
  console.log('failover: skipped, no nats-server to run (install it, or set NATS_SERVER_BIN)');
  if (reportFile) writeJestReport(reportFile, [], undefined, 'nats-server is not installed');
  process.exit(0);
}

const { GraphEmulator } = await import('@sb/testing/channel-emulator');
const { createNatsBus } = await import('@sb/platform/bus');

const dir = await mkdtemp(join(tmpdir(), 'sb-failover-'));
// a run past its deadline (or stopped) still stops the cluster's processes (each in its own group);
// the short run's rolling restart alone waits for 12 graceful stops and boots (410 s in all on a
// slow day's CI, against ~150 s on a quiet machine)
const deadlineS = envNumber('FAILOVER_DEADLINE_S', short ? 720 : 3600);
const abort = async (reason) => {
  console.error(`failover: ${reason}; stopping the cluster`);
  if (reportFile) writeJestReport(reportFile, rows, new Error(reason));
  for (const close of closers.reverse()) {
    try {
      await close();
    } catch {
      // stopping what is left regardless
    }
  }
  process.exit(1);
};
setTimeout(() => void abort(`not done within ${deadlineS} s`), deadlineS * 1000).unref();
process.once('SIGINT', () => void abort('SIGINT'));
process.once('SIGTERM', () => void abort('SIGTERM'));
// PostgreSQL runs as its own OS user when we are root: it must reach its data directory inside
await chmod(dir, 0o755);
const closers = [() => rm(dir, { recursive: true, force: true })];
const rows = [];
const processLog = [];
let failure;
try {
  const emulator = await new GraphEmulator({ appSecret, lenient: true, openWindows: true }).start();
  closers.push(() => emulator.close());
  log('starting the cluster');
  const cluster = await startLocalCluster({
    dir,
    entries: { connectors: 'bench/failover-connectors.mjs' },
    env: {
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      AUTH_RATE_LIMIT: '0',
      META_APP_SECRET: appSecret,
      META_GRAPH_URL: emulator.graphUrl,
      META_WEBHOOK_POLL_MS: '200',
      // a dead worker's claims and leases run out sooner than in production (120 s and 20 s), so a run
      // stays short; the takeover path is the same
      CAMPAIGN_LEASE_MS: short ? '8000' : '20000',
      WHATSAPP_LEASE_TTL_MS: short ? '8000' : '20000',
      WHATSAPP_LEASE_RENEW_MS: short ? '2000' : '5000',
    },
    log: (who, text) => {
      for (const line of text.split('\n')) {
        if (!line) continue;
        if (/"level":(50|60)|exited \(/.test(line)) {
          processLog.push(`[${who}] ${line.slice(0, 600)}`);
          if (processLog.length > 400) processLog.shift();
        }
      }
    },
  });
  closers.push(() => cluster.stop());
  log(`cluster up: API ${cluster.apiUrl}, gateways ${cluster.gatewayUrls.join(' ')}`);
  const bus = await createNatsBus({ url: cluster.natsUrl, name: 'failover-bench', replicas: 3 });
  closers.push(() => bus.close());
  const db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  db.on('error', () => undefined);
  closers.push(() => db.end());
  const query = async (sql, params) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return (await db.query(sql, params)).rows;
      } catch (error) {
        if (attempt >= 40) throw error;
        await sleep(500);
      }
    }
  };

  const api = gatewayCall(cluster.apiUrl);
  /** an HTTP call through the proxy, tried again while a gateway or a service is coming back */
  const call = async (token, method, path, body, attempts = 40) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await api(token, method, path, body);
      } catch (error) {
        if (attempt >= attempts || /: 4\d\d /.test(error.message)) throw error;
        await sleep(500);
      }
    }
  };
  const login = async () => (await call(undefined, 'POST', '/auth/login', admin)).token;
  const adminToken = await login();

  // Cloud API connections (the inbound traffic) and Baileys sessions (spread over the workers)
  const numbers = [];
  for (let n = 1; n <= cloudConnections; n += 1) {
    const phoneNumberId = String(8_100_000 + n);
    await call(adminToken, 'POST', '/whatsapp', {
      name: `Cloud ${n}`,
      channel: 'whatsappapi',
      credentials: { phoneNumberId, accessToken: `token-${phoneNumberId}` },
    });
    numbers.push(phoneNumberId);
  }
  const cloudIds = (await call(adminToken, 'GET', '/whatsapp'))
    .filter((c) => c.channel === 'whatsappapi')
    .map((c) => c.id);
  for (let n = 1; n <= baileysSessions; n += 1)
    await call(adminToken, 'POST', '/whatsapp', { name: `Phone ${n}` });

  const liveWorkers = () =>
    cluster
      .of('connectors')
      .filter((r) => r.isReady())
      .map((r) => r.env.CONNECTORS_WORKER_ID);
  /** Baileys sessions held by a live worker with their connection CONNECTED, by worker */
  const sessionsHeld = async () => {
    const held = await query(
      `SELECT l.holder, count(*)::int AS n
         FROM connectors.session_leases l JOIN connectors.connections c ON c.id = l.connection_id
        WHERE l.active AND l.expires_at > now() AND c.status = 'CONNECTED'
        GROUP BY l.holder`,
    );
    const live = new Set(liveWorkers());
    const byWorker = Object.fromEntries(held.map((row) => [row.holder, row.n]));
    const onLive = held.filter((row) => live.has(row.holder)).reduce((s, row) => s + row.n, 0);
    return { byWorker, onLive };
  };
  const waitSessions = async (withinMs) => {
    const deadline = now() + withinMs;
    for (;;) {
      const held = await sessionsHeld();
      if (held.onLive === baileysSessions) return held;
      if (now() > deadline) return held;
      await sleep(250);
    }
  };
  const sessionsAtStart = await waitSessions(90_000);
  if (sessionsAtStart.onLive !== baileysSessions)
    throw new Error(`Baileys sessions never all connected: ${JSON.stringify(sessionsAtStart)}`);
  log(`sessions by worker: ${JSON.stringify(sessionsAtStart.byWorker)}`);

  // ---- agents: socket clients alternately on each gateway, each its own login ----
  const sent = new Map(); // body -> { id, at, accepted }
  const bodyOfId = new Map();
  const agentList = [];
  for (let a = 0; a < agents; a += 1) {
    const agent = {
      index: a,
      token: await login(),
      gateway: a % cluster.gatewayUrls.length,
      socket: undefined,
      connected: false,
      seen: new Map(), // body -> times
      caughtUp: new Set(),
      seenAt: new Map(), // body -> ms
      disconnects: 0,
      reconnects: [], // { at, gateway, caughtUp, ms }
      disconnectedAt: undefined,
    };
    agentList.push(agent);
  }
  const connectAgent = (agent) =>
    new Promise((resolve) => {
      const url = cluster.gatewayUrls[agent.gateway];
      const socket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        timeout: 3000,
        auth: { token: agent.token },
        query: { companyId: '1', userId: '1' },
      });
      socket.on('company-1-appMessage', (payload) => {
        if (payload.action !== 'create' || payload.message?.fromMe) return;
        const body = payload.message.body;
        if (!sent.has(body)) return;
        agent.seen.set(body, (agent.seen.get(body) ?? 0) + 1);
        if (!agent.seenAt.has(body)) agent.seenAt.set(body, now());
      });
      socket.once('connect', () => {
        socket.emit('joinNotification');
        agent.socket = socket;
        agent.connected = true;
        socket.once('disconnect', () => {
          agent.connected = false;
          agent.disconnects += 1;
          agent.disconnectedAt = now();
          socket.removeAllListeners();
          void reconnect(agent);
        });
        resolve(true);
      });
      socket.once('connect_error', () => {
        socket.removeAllListeners();
        socket.close();
        resolve(false);
      });
    });
  /** to the other gateway (the next one that answers), then the refetch the web app does */
  const reconnect = async (agent) => {
    if (stopped) return;
    const since = agent.disconnectedAt;
    for (;;) {
      if (stopped) return;
      agent.gateway = (agent.gateway + 1) % cluster.gatewayUrls.length;
      if (await connectAgent(agent)) break;
      await sleep(250);
    }
    const started = now();
    const caught = await catchUp(agent, since - 5000).catch((error) => {
      agent.catchUpErrors = (agent.catchUpErrors ?? 0) + 1;
      log(`agent ${agent.index} catch-up failed: ${error.message}`);
      return 0;
    });
    agent.reconnects.push({
      at: started,
      gateway: agent.gateway,
      caughtUp: caught,
      ms: now() - started,
    });
  };
  let stopped = false;
  /** GET /tickets then GET /messages/:id of every ticket updated since `since`, newest first */
  const catchUp = async (agent, since) => {
    let found = 0;
    const tickets = [];
    for (const status of ['pending', 'open']) {
      for (let page = 1; page <= 50; page += 1) {
        const answer = await call(
          agent.token,
          'GET',
          `/tickets?status=${status}&showAll=true&pageNumber=${page}`,
        );
        const recent = answer.tickets.filter((t) => Date.parse(t.updatedAt) >= since);
        tickets.push(...recent);
        if (!answer.hasMore || recent.length < answer.tickets.length) break;
      }
    }
    for (const ticket of tickets) {
      for (let page = 1; page <= 200; page += 1) {
        const answer = await call(agent.token, 'GET', `/messages/${ticket.id}?pageNumber=${page}`);
        for (const message of answer.messages) {
          if (sent.has(message.body) && !agent.caughtUp.has(message.body)) {
            agent.caughtUp.add(message.body);
            found += 1;
          }
        }
        const oldest = Math.min(...answer.messages.map((m) => Date.parse(m.createdAt)));
        if (!answer.hasMore || answer.messages.length === 0 || oldest < since) break;
      }
    }
    return found;
  };
  for (const agent of agentList) {
    if (!(await connectAgent(agent))) throw new Error(`agent ${agent.index} could not connect`);
  }
  closers.push(() => {
    stopped = true;
    for (const agent of agentList) agent.socket?.close();
  });

  // ---- inbound traffic: signed webhooks through the proxy, retried until answered 200 ----
  const poster = webhookPoster(cluster.apiUrl, appSecret);
  closers.push(() => poster.close());
  let counter = 0;
  let retries = 0;
  let gaveUp = 0;
  const postOne = async () => {
    counter += 1;
    const n = counter;
    const body = `failover message ${n}`;
    const id = `wamid.FAILOVER${n}`;
    const entry = { id, at: now(), accepted: undefined };
    sent.set(body, entry);
    bodyOfId.set(id, body);
    const connection = n % numbers.length;
    const from = `55119${String(1000 + connection * contactsPerConnection + (n % contactsPerConnection)).padStart(8, '0')}`;
    // Meta retries a webhook that did not get a 200 (with the same message id) for a long while
    for (let attempt = 1; attempt <= 120; attempt += 1) {
      try {
        const status = await poster.post({
          phoneNumberId: numbers[connection],
          from,
          text: body,
          id,
        });
        if (status === 200) {
          entry.accepted = now();
          return;
        }
      } catch {
        // the connection dropped (a gateway killed): not answered, so sent again
      }
      retries += 1;
      await sleep(Math.min(250 * attempt, 2000));
    }
    gaveUp += 1;
  };
  let traffic = true;
  let paused = false;
  let currentRate = rate;
  const inflight = new Set();
  const trafficLoop = (async () => {
    let begin = performance.now();
    let i = 0;
    let pacedAt = currentRate;
    while (traffic) {
      if (paused || pacedAt !== currentRate) {
        // a new schedule from now on (after a pause, or at another rate)
        while (paused && traffic) await sleep(100);
        begin = performance.now();
        i = 0;
        pacedAt = currentRate;
      }
      const due = begin + (i * 1000) / currentRate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      i += 1;
      const promise = postOne();
      inflight.add(promise);
      void promise.finally(() => inflight.delete(promise));
    }
  })();
  const trafficStarted = now();

  /** the earliest time after `from` when a message posted after `from` had reached every agent */
  const deliveredAgainAt = (from) => {
    let best;
    for (const [body, entry] of sent) {
      if (entry.at < from) continue;
      let last = 0;
      for (const agent of agentList) {
        const at = agent.seenAt.get(body);
        if (at === undefined) {
          last = undefined;
          break;
        }
        last = Math.max(last, at);
      }
      if (last !== undefined && (best === undefined || last < best)) best = last;
    }
    return best;
  };
  /**
   * When the platform recovered from a fault at `from`: a message posted after it reached every agent,
   * every agent is connected, and `extra` (the fault's own condition) holds; undefined after the limit.
   */
  const waitDeliveredAgain = async (from, extra = async () => true) => {
    const deadline = from + recoveryLimitS * 1000;
    let extraAt;
    for (;;) {
      if (extraAt === undefined && (await extra())) extraAt = now();
      const at = deliveredAgainAt(from);
      if (at !== undefined && extraAt !== undefined && agentList.every((a) => a.connected))
        return Math.max(at, extraAt);
      if (now() > deadline) return undefined;
      await sleep(100);
    }
  };

  // ---- the campaign for the campaigns fault ----
  const contactRows = Array.from({ length: campaignContacts }, (_, i) => [
    `Pessoa ${i}`,
    `5521${String(70_000_000 + i)}`,
  ]);
  const campaignNumbers = new Set(contactRows.map((row) => row[1]));
  const startCampaign = async () => {
    const list = await call(adminToken, 'POST', '/contact-lists', { name: 'Failover list' });
    const sheet = await writeXlsxFile([['nome', 'numero'], ...contactRows]).toBuffer();
    const form = new FormData();
    form.set(
      'file',
      new Blob([sheet], {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
      'failover.xlsx',
    );
    const response = await fetch(`${cluster.apiUrl}/contact-lists/${list.id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    if (response.status >= 300) throw new Error(`list upload: ${response.status}`);
    // unpaced: the worker sends as fast as it can, and is killed after its first sends
    await call(adminToken, 'POST', '/campaign-settings', {
      settings: {
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        variables: [],
      },
    });
    return call(adminToken, 'POST', '/campaigns', {
      name: 'Failover campaign',
      whatsappId: cloudIds.join(','),
      contactListId: list.id,
      message1: 'Olá {nome}, uma oferta',
      scheduledAt: new Date().toISOString(),
    });
  };
  const campaignSends = () => emulator.sent.filter((s) => campaignNumbers.has(s.to));

  // ---- the faults ----
  const statsOf = (from, to) => {
    let lost = 0;
    let duplicated = 0;
    let count = 0;
    const lostSamples = [];
    const duplicatedSamples = [];
    for (const [body, entry] of sent) {
      if (entry.at < from || entry.at >= to || entry.accepted === undefined) continue;
      count += 1;
      const storedTimes = storedCount.get(entry.id) ?? 0;
      let missing = storedTimes === 0;
      let twice = storedTimes > 1;
      for (const agent of agentList) {
        const times = agent.seen.get(body) ?? 0;
        if (times === 0 && !agent.caughtUp.has(body)) missing = true;
        if (times > 1) twice = true;
      }
      if (missing) {
        lost += 1;
        // where it stopped: no row means tickets never stored it; a row an agent did not hear means
        // the event was lost on its way out
        if (lostSamples.length < 5)
          lostSamples.push(
            `${entry.id} (rows ${storedTimes}, heard ${agentList.map((a) => a.seen.get(body) ?? (a.caughtUp.has(body) ? 'http' : 0)).join('/')})`,
          );
      }
      if (twice) {
        duplicated += 1;
        if (duplicatedSamples.length < 5)
          duplicatedSamples.push(
            `${entry.id} (rows ${storedTimes}, socket events ${agentList.map((a) => a.seen.get(body) ?? 0).join('/')})`,
          );
      }
    }
    return { count, lost, duplicated, lostSamples, duplicatedSamples };
  };
  let storedCount = new Map();
  const phases = [];
  const restartWhole = async (replica) => {
    replica.start();
    await replica.waitReady(120_000);
  };
  const agentsOn = () => agentList.map((a) => a.gateway + 1);

  const faults = [
    {
      fault: 'kill -9 gateway-1',
      run: async () => {
        const victim = cluster.of('gateway')[0];
        const onIt = agentList.filter((a) => a.gateway === 0);
        const refetchesBefore = onIt.map((a) => a.reconnects.length);
        const at = now();
        await victim.kill('SIGKILL');
        // recovered once its agents are on the other gateway and have refetched what they missed
        const recoveredAt = await waitDeliveredAgain(at, async () =>
          onIt.every((a, i) => a.gateway !== 0 && a.reconnects.length > refetchesBefore[i]),
        );
        const notes = `agents ${onIt.map((a) => a.index).join(',')} were on gateway-1; after: gateways ${agentsOn().join(',')}`;
        await restartWhole(victim);
        return { at, recoveredAt, notes };
      },
    },
    {
      fault: 'kill -9 tickets-1',
      run: async () => {
        const victim = cluster.of('tickets')[0];
        const at = now();
        await victim.kill('SIGKILL');
        const recoveredAt = await waitDeliveredAgain(at);
        await restartWhole(victim);
        return { at, recoveredAt, notes: 'tickets-2 kept consuming; the killed one restarted' };
      },
    },
    {
      fault: 'kill -9 the connectors worker holding the most Baileys sessions',
      run: async () => {
        const before = await sessionsHeld();
        const [workerId, held] = Object.entries(before.byWorker).sort((a, b) => b[1] - a[1])[0];
        const victim = cluster
          .of('connectors')
          .find((r) => r.env.CONNECTORS_WORKER_ID === workerId);
        const at = now();
        await victim.kill('SIGKILL');
        let movedAt;
        const recoveredAt = await waitDeliveredAgain(at, async () => {
          if (movedAt) return true;
          const now_ = await sessionsHeld();
          if (now_.onLive === baileysSessions) movedAt = now();
          return Boolean(movedAt);
        });
        const after = await sessionsHeld();
        await restartWhole(victim);
        const movedS = movedAt ? seconds(movedAt - at) : null;
        return {
          at,
          recoveredAt,
          ok: movedS !== null && movedS <= sessionsMovedWithinS,
          extra: { sessions_moved_s: movedS },
          notes: `${workerId} held ${held} of ${baileysSessions} sessions; moved in ${movedS ?? 'never'} s to ${JSON.stringify(after.byWorker)}`,
        };
      },
    },
    {
      fault: 'kill -9 the campaigns worker mid-campaign',
      run: async () => {
        const campaign = await startCampaign();
        // the worker sending it: the one whose CPU time grows while the campaign's sends come in
        const deadline = now() + 60_000;
        while (campaignSends().length < Math.min(20, campaignContacts / 10)) {
          if (now() > deadline) throw new Error('the campaign never started sending');
          await sleep(100);
        }
        const workers = cluster.of('campaigns');
        const cpuBefore = workers.map((r) => cpuSecondsOf(r.pid()));
        await sleep(500);
        const busiest = workers
          .map((r, i) => ({ r, used: cpuSecondsOf(r.pid()) - cpuBefore[i] }))
          .sort((a, b) => b.used - a.used)[0].r;
        const sentBefore = campaignSends().length;
        const at = now();
        await busiest.kill('SIGKILL');
        let resumedAt;
        const recoveredAt = await waitDeliveredAgain(at, async () => {
          if (
            !resumedAt &&
            (campaignSends().length > sentBefore + 1 || campaignSends().length >= campaignContacts)
          )
            resumedAt = now();
          return Boolean(resumedAt);
        });
        await restartWhole(busiest);
        // every contact once, counted at the emulator
        const endBy = now() + 180_000;
        let status;
        while (now() < endBy) {
          status = (await call(adminToken, 'GET', `/campaigns/${campaign.id}`)).status;
          if (status === 'FINALIZADA' && campaignSends().length >= campaignContacts) break;
          await sleep(500);
        }
        // the killed worker's claimed rows wait for their lease (CAMPAIGN_LEASE_MS) before another sends them
        const doneS = seconds(
          Date.parse(campaignSends().at(-1)?.at ?? new Date().toISOString()) - at,
        );
        const perNumber = new Map();
        for (const s of campaignSends()) perNumber.set(s.to, (perNumber.get(s.to) ?? 0) + 1);
        const sentTwice = [...perNumber.values()].filter((n) => n > 1).length;
        const notSent = campaignContacts - perNumber.size;
        return {
          at,
          recoveredAt,
          ok: sentTwice === 0 && notSent === 0,
          extra: {
            campaign_sent_twice: sentTwice,
            campaign_not_sent: notSent,
            campaign_last_send_s: doneS,
          },
          notes: `${busiest.name} killed after ${sentBefore}/${campaignContacts} sends; campaign ${status}, its last send ${doneS} s after the kill (the dead worker's claims wait for their lease); sent twice ${sentTwice}, not sent ${notSent}`,
        };
      },
    },
    {
      fault: 'kill -9 the NATS node leading the EVENTS stream',
      run: async () => {
        const { jetstreamManager } = await import('@nats-io/jetstream');
        const { connect } = await import('@nats-io/transport-node');
        const nc = await connect({ servers: cluster.natsUrl.split(',') });
        const info = await (await jetstreamManager(nc)).streams.info('EVENTS');
        await nc.close();
        const victim =
          cluster.nats.nodes.find((node) => node.name === info.cluster?.leader) ??
          cluster.nats.nodes[0];
        const at = now();
        await victim.kill('SIGKILL');
        const recoveredAt = await waitDeliveredAgain(at);
        await victim.start();
        return { at, recoveredAt, notes: `${victim.name} led the stream; restarted afterwards` };
      },
    },
    {
      fault: 'restart PostgreSQL',
      run: async () => {
        const at = now();
        await cluster.postgres.restart(short ? 1000 : 3000);
        const recoveredAt = await waitDeliveredAgain(at);
        return { at, recoveredAt, notes: `down ${short ? 1 : 3} s; every connection dropped` };
      },
    },
    {
      fault: 'rolling restart of every component',
      run: async () => {
        const at = now();
        const order = [
          'nats',
          'identity',
          'reporting',
          'tickets',
          'connectors',
          'campaigns',
          'gateway',
        ];
        for (const component of order) {
          if (component === 'nats') {
            for (const node of cluster.nats.nodes) {
              await node.kill('SIGTERM');
              await node.start();
              await sleep(short ? 2000 : 5000);
            }
            continue;
          }
          for (const replica of cluster.of(component)) {
            await replica.restart(120_000);
            log(`restarted ${replica.name}`);
          }
        }
        const rolledAt = now();
        const recoveredAt = await waitDeliveredAgain(rolledAt);
        // still logged in: each agent's token works, and none had to log in again
        let loggedOut = 0;
        for (const agent of agentList) {
          try {
            await call(agent.token, 'GET', '/auth/me', undefined, 5);
          } catch {
            loggedOut += 1;
          }
        }
        const hung = cluster.replicas.reduce((s, r) => s + r.hungStops(), 0);
        return {
          // the recovery after the last replica came back
          at: rolledAt,
          recoveredAt,
          ok: loggedOut === 0 && hung === 0,
          extra: {
            agents_logged_out: loggedOut,
            stops_over_30_s: hung,
            duration_s: seconds(rolledAt - at),
          },
          notes: `every replica SIGTERM, started, waited until serving, next (NATS nodes first); ${loggedOut} agents logged out; stops over 30 s: ${hung}`,
        };
      },
    },
  ];

  // What this machine sustains: the rate at which messages reached every agent over the last 10 s of
  // 20 s at the target rate. Faults run at the target, or at 80% of what is sustained when that is
  // less (a backlog that only grows would make every recovery time the backlog's).
  const calibrationS = short ? 0 : envNumber('FAILOVER_CALIBRATION_S', 20);
  let sustained;
  if (calibrationS > 0) {
    const begin = now();
    await sleep(calibrationS * 1000);
    const windowFrom = now() - 10_000;
    let reachedAll = 0;
    for (const [body] of sent) {
      if (agentList.every((a) => (a.seenAt.get(body) ?? 0) >= windowFrom)) reachedAll += 1;
    }
    sustained = Math.round(reachedAll / 10);
    if (sustained < rate * 0.95) {
      currentRate = Math.max(1, Math.floor(sustained * 0.8));
      // the backlog of the calibration drains before the first fault
      paused = true;
      const drainBy = now() + 180_000;
      while (now() < drainBy) {
        const behind = [...sent.keys()].some(
          (body) => sent.get(body).accepted && agentList.some((a) => !a.seen.has(body)),
        );
        if (!behind && inflight.size === 0) break;
        await sleep(500);
      }
      paused = false;
    }
    log(
      `sustained ${sustained} messages/s at ${rate} offered (calibration from ${new Date(begin).toISOString().slice(11, 19)}); faults run at ${currentRate}/s`,
    );
  }

  const onlyFaults = process.env.FAILOVER_FAULTS?.split(',').map(Number);
  const faultsFrom = now();
  await sleep(settleS * 1000);
  for (const [index, fault] of faults.entries()) {
    if (onlyFaults && !onlyFaults.includes(index + 1)) continue;
    // a phase holds the messages posted from the end of the one before (its settle time included)
    const from = phases.at(-1)?.to ?? faultsFrom;
    const disconnectsBefore = agentList.map((a) => a.disconnects);
    const reconnectsBefore = agentList.map((a) => a.reconnects.length);
    log(`fault: ${fault.fault}`);
    let outcome;
    try {
      outcome = await fault.run();
    } catch (error) {
      outcome = { at: now(), ok: false, notes: `the fault's run failed: ${error.message}` };
    }
    await sleep(settleS * 1000);
    const recoveryS =
      outcome.recoveredAt === undefined ? null : seconds(outcome.recoveredAt - outcome.at);
    const reconnected = agentList.filter((a, i) => a.reconnects.length > reconnectsBefore[i]);
    phases.push({
      fault: fault.fault,
      from,
      to: now(),
      recovery_s: recoveryS,
      ok: outcome.ok ?? true,
      agents_reconnected: reconnected.length,
      agents_disconnected: agentList.filter((a, i) => a.disconnects > disconnectsBefore[i]).length,
      caught_up_over_http: reconnected.reduce(
        (sum, a) => sum + a.reconnects.slice(-1)[0].caughtUp,
        0,
      ),
      ...outcome.extra,
      notes: outcome.notes,
    });
    log(`  recovered in ${recoveryS ?? 'never'} s; ${outcome.notes}`);
  }

  // ---- the end: traffic stops, the backlog drains, then everything is counted ----
  traffic = false;
  await trafficLoop;
  log(`traffic stopped; waiting for ${inflight.size} webhooks still retried`);
  await Promise.all(inflight);
  const trafficSeconds = (now() - trafficStarted) / 1000;
  const drainIdleMs = short ? 10_000 : 30_000;
  let lastProgress = now();
  let seenTotal = -1;
  const accepted = [...sent.values()].filter((e) => e.accepted !== undefined);
  for (;;) {
    const total = agentList.reduce((sum, a) => sum + a.seen.size + a.caughtUp.size, 0);
    const complete = accepted.every((e) =>
      agentList.every((a) => a.seen.has(bodyOfId.get(e.id)) || a.caughtUp.has(bodyOfId.get(e.id))),
    );
    if (complete) break;
    if (total !== seenTotal) {
      log(
        `draining: ${inflight.size} webhooks unanswered; missing per agent ${agentList
          .map(
            (a) =>
              accepted.filter(
                (e) => !a.seen.has(bodyOfId.get(e.id)) && !a.caughtUp.has(bodyOfId.get(e.id)),
              ).length,
          )
          .join(',')}`,
      );
      seenTotal = total;
      lastProgress = now();
    } else if (now() - lastProgress > drainIdleMs) break;
    await sleep(500);
  }
  const stored = await query(
    `SELECT wid, count(*)::int AS n FROM tickets.messages WHERE wid = ANY($1::text[]) GROUP BY wid`,
    [accepted.map((e) => e.id)],
  );
  storedCount = new Map(stored.map((row) => [row.wid, row.n]));

  for (const phase of phases) {
    const stats = statsOf(phase.from, phase.to);
    rows.push({
      fault: phase.fault,
      recovery_s: phase.recovery_s,
      lost: stats.lost,
      duplicated: stats.duplicated,
      messages: stats.count,
      ...Object.fromEntries(
        Object.entries(phase).filter(
          ([key]) => !['fault', 'from', 'to', 'recovery_s', 'notes', 'ok'].includes(key),
        ),
      ),
      ok: phase.ok && stats.lost === 0 && stats.duplicated === 0 && phase.recovery_s !== null,
      notes: `${phase.notes}${stats.lostSamples.length ? `; lost e.g. ${stats.lostSamples.join(', ')}` : ''}${stats.duplicatedSamples.length ? `; duplicated e.g. ${stats.duplicatedSamples.join(', ')}` : ''}`,
    });
  }
  const whole = statsOf(0, Infinity);
  const crashes = Object.fromEntries(
    cluster.replicas.filter((r) => r.crashes() > 0).map((r) => [r.name, r.crashes()]),
  );
  const metrics = {
    lost: rows.reduce((s, r) => s + r.lost, 0),
    duplicated: rows.reduce((s, r) => s + r.duplicated, 0),
    max_recovery_s: rows.some((r) => r.recovery_s === null)
      ? null
      : Math.max(...rows.map((r) => r.recovery_s)),
    lost_whole_run: whole.lost,
    duplicated_whole_run: whole.duplicated,
    target_per_s: rate,
    sustained_per_s: sustained ?? null,
    faults_at_per_s: currentRate,
    accepted_per_s: Math.round(accepted.length / trafficSeconds),
    messages: accepted.length,
    webhook_retries: retries,
    webhooks_given_up: gaveUp,
    unexpected_process_restarts: Object.values(crashes).reduce((s, n) => s + n, 0),
    stops_over_30_s: cluster.replicas.reduce((s, r) => s + r.hungStops(), 0),
  };
  // the short form (CI) leaves bench/results alone: its figures are not the long run's
  const file = (
    short && !process.env.FAILOVER_WRITE_RESULT
      ? () => 'no results file (short form)'
      : () =>
          writeResult(name, metrics, {
            short,
            layout:
              '3 nats-server (JetStream, stream and durables R3), embedded PostgreSQL, 2 gateways behind a round-robin TCP proxy, 2 tickets, 3 connectors (fake Baileys sessions), 2 campaigns, identity, reporting: each its own process; the load client, the channel emulator and the agents in the bench process; 2 cores',
            agents,
            baileys_sessions: baileysSessions,
            campaign_contacts: campaignContacts,
            crashes,
            faults: rows,
            process_errors: processLog.slice(-40),
          })
  )();
  log(`results: ${file}`);
  console.log(JSON.stringify({ metrics, faults: rows }, null, 2));
  if (metrics.lost > 0 || metrics.duplicated > 0 || rows.some((r) => !r.ok)) {
    process.exitCode = 1;
    // the errors the processes logged tell where a message stopped
    for (const line of processLog.slice(-40)) console.error(line);
  }
} catch (error) {
  failure = error;
  console.error(error);
  process.exitCode = 1;
} finally {
  if (reportFile) writeJestReport(reportFile, rows, failure);
  for (const close of closers.reverse()) {
    try {
      await close();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // sockets and timers of the clients must not keep a finished run alive
  setTimeout(() => process.exit(), 2000).unref();
}

function hasNatsServer() {
  try {
    execFileSync(process.env.NATS_SERVER_BIN ?? 'nats-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The report scripts/run-tests.mjs reads (jest's JSON shape): a test per fault. */
function writeJestReport(file, faultRows, error, skipped) {
  if (skipped) {
    writeFileSync(
      file,
      JSON.stringify({
        numPassedTests: 0,
        numFailedTests: 0,
        numPendingTests: 1,
        testResults: [
          { name: 'bench/failover.bench.mjs', status: 'pending', assertionResults: [] },
        ],
      }),
    );
    return;
  }
  const assertionResults = faultRows.map((row) => ({
    title: row.fault,
    fullName: `failover (short): ${row.fault}`,
    status: row.ok ? 'passed' : 'failed',
    failureMessages: row.ok ? [] : [JSON.stringify(row)],
  }));
  if (error) {
    assertionResults.push({
      title: 'the run',
      fullName: 'failover (short): the run',
      status: 'failed',
      failureMessages: [String(error?.stack ?? error)],
    });
  }
  const failed = assertionResults.filter((a) => a.status === 'failed').length;
  writeFileSync(
    file,
    JSON.stringify({
      numPassedTests: assertionResults.length - failed,
      numFailedTests: failed,
      numPendingTests: 0,
      testResults: [
        {
          name: 'bench/failover.bench.mjs',
          status: failed ? 'failed' : 'passed',
          assertionResults,
        },
      ],
    }),
  );
}
