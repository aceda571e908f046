// Campaigns at size (issue 17) through the real platform: identity, campaigns, connectors and the gateway
// each in its own process (NATS, one Postgres), the Graph emulator over HTTP playing Meta's Cloud API.
// Everything is asked of the gateway as an admin would: the lists are imported from xlsx sheets, the
// settings saved, the connections created and the campaigns scheduled through its HTTP routes.
// Measured:
// - list_import_s: POST /contact-lists/:id/upload of a 100,000-row xlsx until its report answers;
// - prepare_s: a 100,000-contact campaign, from POST /campaigns (due now) until it reads EM_ANDAMENTO,
//   when every shipping row exists (they commit together; the count is checked);
// - dispatch_msgs_per_s: 10,000 messages with pacing off on DISPATCH_CONNECTIONS (10) Cloud API
//   numbers at the default tier (the connectors' governor paces each at 80/s, so 500/s needs at least
//   seven; each number also sends one message at a time, so its rate is at most one over a send's
//   latency), from the emulator's first send of the campaign to its last, every number sent exactly
//   once. The emulator keeps every customer's 24-hour window open (a real campaign to cold numbers
//   would send templates); the CPU each process spent per message is written beside the figure;
// - pacing_error_ms_p95: a campaign of PACING_CONTACTS contacts on one number with the pacing on
//   (messageInterval 5 s, greaterInterval 20 s after every 10th: the smallest choices spec 3 §9
//   allows), each gap between two consecutive sends at the emulator against the settings' gap.
// The lists are imported before any connection exists: the number check that follows an import (a
// bus request per number) then has nothing to ask and stays out of the figures; the numbers stay
// unchecked, which campaigns send to (docs/compatibility.md). BENCH_SCALE=0.1 runs a tenth.
import { cpus, loadavg, totalmem } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import writeXlsxFile from 'write-excel-file/node';
import { envNumber, gatewayCall, percentile, writeResult } from './bench-harness.mjs';
import {
  benchNatsUrl,
  cpuSecondsOf,
  cpuSecondsOfProgram,
  freePort,
  freshDatabase,
  startProcess,
  waitUntilLoginWorks,
} from './bench-infra.mjs';

const name = 'campaigns';
const scale = envNumber('BENCH_SCALE', 1);
const listRows = Math.round(100_000 * scale);
const dispatchContacts = Math.round(10_000 * scale);
// Cloud API paces each number at 80 messages/s (the governor's default tier): 500/s needs 7 numbers;
// the campaign takes turns over 10, as a campaign dialog with several connections does
const dispatchConnections = Math.round(envNumber('DISPATCH_CONNECTIONS', 10));
const pacingContacts = Math.round(envNumber('PACING_CONTACTS', 25));
const pacing = { messageInterval: 5, longerIntervalAfter: 10, greaterInterval: 20 };
const targets = {
  list_import_s: 20,
  prepare_s: 10,
  dispatch_msgs_per_s: 500,
  pacing_error_ms_p95: 1000,
};
const password = 'bench-password-1';
const root = { email: 'root@campaigns.test', password };
const appSecret = 'bench-campaigns-secret';

process.env.LOG_LEVEL ??= 'warn';

const { GraphEmulator } = await import('@sb/testing/channel-emulator');
const { dropTestNatsNamespace } = await import('@sb/testing');

const loadAtStart = loadavg()[0];
const natsUrl = await benchNatsUrl();
if (!natsUrl) throw new Error('the campaigns bench runs the services as processes: it needs NATS');
const database = await freshDatabase(name);
const namespace = `bench${Date.now()}`;
const mediaDir = await mkdtemp(join(tmpdir(), 'sb-bench-campaigns-'));
const closers = [() => database.drop(), () => rm(mediaDir, { recursive: true, force: true })];
const seconds = (ms) => Math.round(ms / 10) / 100;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
try {
  // the namespace's event stream goes when the bench ends (closers run last to first)
  closers.push(() => dropTestNatsNamespace(natsUrl, namespace));
  const emulator = await new GraphEmulator({ appSecret, lenient: true, openWindows: true }).start();
  closers.push(() => emulator.close());

  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    NATS_URL: natsUrl,
    NATS_NAMESPACE: namespace,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    ADMIN_EMAIL: root.email,
    ADMIN_PASSWORD: root.password,
    AUTH_RATE_LIMIT: '0',
    MEDIA_DIR: mediaDir,
    META_APP_SECRET: appSecret,
    META_GRAPH_URL: emulator.graphUrl,
    WEB_ORIGINS: 'http://localhost:3000',
  };
  const children = [
    startProcess('identity', 'services/identity/dist/main.js', env),
    startProcess('campaigns', 'services/campaigns/dist/main.js', env),
    startProcess('connectors', 'services/connectors/dist/main.js', env),
    startProcess('gateway', 'gateway/dist/main.js', { ...env, PORT: String(port) }),
  ];
  for (const child of children) closers.push(() => child.stop());
  const apiUrl = `http://127.0.0.1:${port}`;
  await waitUntilLoginWorks(apiUrl, children, { ...root, timeoutMs: 120_000 });

  let token = '';
  const request = gatewayCall(apiUrl);
  const call = (method, path, body) => request(token, method, path, body);
  const login = async () => {
    token = (await call('POST', '/auth/login', root)).token;
  };
  await login();
  // the access token is short-lived: a fresh one before each phase
  const saveSettings = (settings) =>
    call('POST', '/campaign-settings', { settings: { ...settings, variables: [] } });
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  closers.push(() => db.end());

  // --- the lists, imported from sheets (the big one measured)
  const number = (prefix, i) => `55${prefix}${String(i).padStart(8, '0')}`;
  const importList = async (listName, count, prefix) => {
    const list = await call('POST', '/contact-lists', { name: listName });
    const sheet = await writeXlsxFile([
      ['nome', 'numero', 'email'],
      ...Array.from({ length: count }, (_, i) => [
        `Pessoa ${i} Silva`,
        number(prefix, i),
        `p${i}@example.com`,
      ]),
    ]).toBuffer();
    const form = new FormData();
    form.set(
      'file',
      new Blob([sheet], {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
      `${listName}.xlsx`,
    );
    const started = performance.now();
    const response = await fetch(`${apiUrl}/contact-lists/${list.id}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const report = await response.json();
    const ms = performance.now() - started;
    if (response.status >= 300 || report.added !== count || report.failed.length > 0) {
      throw new Error(
        `import of ${listName}: ${response.status} ${JSON.stringify(report).slice(0, 500)}`,
      );
    }
    return { id: list.id, ms, bytes: sheet.length };
  };
  const bigList = await importList('Big list', listRows, '11');
  console.log(`list_import_s: ${seconds(bigList.ms)} (${listRows} rows, ${bigList.bytes} bytes)`);
  const dispatchList = await importList('Dispatch list', dispatchContacts, '21');
  const pacingList = await importList('Pacing list', pacingContacts, '31');

  // --- the Cloud API numbers, each checked against the emulator (CONNECTED)
  const connectionIds = [];
  for (let n = 1; n <= dispatchConnections; n += 1) {
    const phoneNumberId = String(7_000_000 + n);
    const created = await call('POST', '/whatsapp', {
      name: `Bench number ${n}`,
      channel: 'whatsappapi',
      credentials: { phoneNumberId, accessToken: `token-${phoneNumberId}` },
    });
    connectionIds.push(created.id);
  }
  for (const id of connectionIds) {
    const deadline = Date.now() + 30_000;
    while ((await call('GET', `/whatsapp/${id}`)).status !== 'CONNECTED') {
      if (Date.now() > deadline) throw new Error(`connection ${id} never connected`);
      await sleep(100);
    }
  }
  const phoneOf = new Map(connectionIds.map((id, i) => [id, String(7_000_000 + i + 1)]));

  /** CPU seconds so far of each service process, the bench process and our Postgres backends. */
  const cpuSeconds = async () => {
    const { rows } = await db.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
    );
    const usage = process.cpuUsage();
    return {
      ...Object.fromEntries(children.map((child) => [child.name, cpuSecondsOf(child.pid)])),
      'bench (emulator, client)': (usage.user + usage.system) / 1e6,
      postgres: rows.reduce((sum, row) => sum + cpuSecondsOf(row.pid), 0),
      // the NATS server is the machine's, shared with anything else using it
      'nats-server': cpuSecondsOfProgram('nats-server'),
    };
  };
  /** Transactions committed in our database so far (every statement outside one counts one). */
  const commits = async () =>
    (
      await db.query(
        'SELECT xact_commit::float8 AS n FROM pg_stat_database WHERE datname = current_database()',
      )
    ).rows[0].n;
  const campaignStatus = async (id) => (await call('GET', `/campaigns/${id}`)).status;
  const waitStatus = async (id, wanted, timeoutMs, everyMs = 50) => {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const status = await campaignStatus(id);
      if (wanted.includes(status)) return status;
      if (performance.now() > deadline) throw new Error(`campaign ${id} stayed ${status}`);
      await sleep(everyMs);
    }
  };
  const createCampaign = (campaignName, listId, whatsappIds) =>
    call('POST', '/campaigns', {
      name: campaignName,
      whatsappId: whatsappIds.join(','),
      contactListId: listId,
      message1: 'Olá {nome}, temos uma oferta para você',
      message2: 'Oi {nome}! Uma oferta especial hoje',
      scheduledAt: new Date().toISOString(),
    });

  // --- prepare: 100,000 shipping rows (paced 20 s apart, so the campaign is paused before it sends)
  await login();
  await saveSettings({ messageInterval: 20, longerIntervalAfter: 0, greaterInterval: 0 });
  const prepareStarted = performance.now();
  const big = await createCampaign('Prepare', bigList.id, connectionIds);
  await waitStatus(big.id, ['EM_ANDAMENTO', 'FINALIZADA'], 300_000, 25);
  const prepareMs = performance.now() - prepareStarted;
  await call('POST', `/campaigns/${big.id}/cancel`);
  const { rows: prepared } = await db.query(
    'SELECT count(*)::int AS n FROM campaigns.campaign_shippings WHERE campaign_id = $1',
    [big.id],
  );
  if (prepared[0].n !== listRows) throw new Error(`prepared ${prepared[0].n} of ${listRows} rows`);
  console.log(`prepare_s: ${seconds(prepareMs)} (${listRows} rows)`);

  // --- dispatch: 10,000 messages, pacing off
  await login();
  await saveSettings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
  const dispatchNumbers = new Set(
    Array.from({ length: dispatchContacts }, (_, i) => number('21', i)),
  );
  const sentBefore = emulator.sent.length;
  const cpuBefore = await cpuSeconds();
  const commitsBefore = await commits();
  const dispatchStarted = performance.now();
  const dispatch = await createCampaign('Dispatch', dispatchList.id, connectionIds);
  // watched at the emulator (in this process) while it runs, so the bench's own polling of the
  // gateway takes no core from the dispatch; then the campaign must read FINALIZADA
  const dispatchDeadline = performance.now() + 600_000;
  while (emulator.sent.length - sentBefore < dispatchContacts) {
    if (performance.now() > dispatchDeadline) throw new Error('the dispatch never ended');
    await sleep(20);
  }
  await waitStatus(dispatch.id, ['FINALIZADA'], 60_000, 50);
  const dispatchTotalMs = performance.now() - dispatchStarted;
  const cpuAfter = await cpuSeconds();
  const dispatchCommitsPerMessage =
    Math.round((((await commits()) - commitsBefore) / dispatchContacts) * 100) / 100;
  // CPU each part spent on the dispatch, per message sent (ms): where the cores went
  const dispatchCpuMsPerMessage = Object.fromEntries(
    Object.keys(cpuAfter).map((part) => [
      part,
      Math.round(((cpuAfter[part] - (cpuBefore[part] ?? 0)) / dispatchContacts) * 1e5) / 100,
    ]),
  );
  console.log(
    `dispatch CPU ms per message: ${JSON.stringify(dispatchCpuMsPerMessage)}; ` +
      `database commits per message: ${dispatchCommitsPerMessage}`,
  );
  const dispatchSends = emulator.sent.slice(sentBefore).filter((s) => dispatchNumbers.has(s.to));
  const times = dispatchSends.map((s) => Date.parse(s.at)).sort((a, b) => a - b);
  const spanMs = times.at(-1) - times[0];
  const perNumber = new Map();
  for (const s of dispatchSends) perNumber.set(s.to, (perNumber.get(s.to) ?? 0) + 1);
  const duplicated = [...perNumber.values()].filter((n) => n > 1).length;
  const missing = dispatchContacts - perNumber.size;
  const report = await call('GET', `/campaigns/${dispatch.id}/report`);
  const dispatchRate = Math.round(dispatchSends.length / (spanMs / 1000));
  console.log(
    `dispatch_msgs_per_s: ${dispatchRate} (${dispatchSends.length} sends in ${seconds(spanMs)} s; ` +
      `${seconds(dispatchTotalMs)} s from POST to FINALIZADA; duplicated ${duplicated}, missing ${missing})`,
  );

  // --- pacing: one number, the smallest pacing choices
  await login();
  await saveSettings(pacing);
  const pacingNumbers = new Set(Array.from({ length: pacingContacts }, (_, i) => number('31', i)));
  const pacingBefore = emulator.sent.length;
  const paced = await createCampaign('Pacing', pacingList.id, [connectionIds[0]]);
  const expectedMs =
    (pacingContacts - 1) * pacing.messageInterval * 1000 +
    Math.floor((pacingContacts - 1) / pacing.longerIntervalAfter) *
      (pacing.greaterInterval - pacing.messageInterval) *
      1000;
  await login();
  await waitStatus(paced.id, ['FINALIZADA'], expectedMs + 60_000, 250);
  const pacedSends = emulator.sent
    .slice(pacingBefore)
    .filter((s) => pacingNumbers.has(s.to) && s.accountId === phoneOf.get(connectionIds[0]))
    .map((s) => ({ to: s.to, at: Date.parse(s.at) }))
    .sort((a, b) => a.at - b.at);
  // the planned times (jitter included), by number, to tell the plan's jitter from the send's lateness
  const { rows: planned } = await db.query(
    `SELECT number, send_at FROM campaigns.campaign_shippings WHERE campaign_id = $1`,
    [paced.id],
  );
  const plannedAt = new Map(planned.map((row) => [row.number, row.send_at.getTime()]));
  const gapErrors = [];
  const planErrors = [];
  const gaps = [];
  for (let i = 1; i < pacedSends.length; i += 1) {
    const sent = i; // the gap after the i-th message (1-based)
    const longer = pacing.longerIntervalAfter > 0 && sent % pacing.longerIntervalAfter === 0;
    const settingMs = (longer ? pacing.greaterInterval : pacing.messageInterval) * 1000;
    const gap = pacedSends[i].at - pacedSends[i - 1].at;
    const plannedGap = plannedAt.get(pacedSends[i].to) - plannedAt.get(pacedSends[i - 1].to);
    gaps.push({ gap_ms: gap, setting_ms: settingMs, planned_ms: plannedGap });
    gapErrors.push(Math.abs(gap - settingMs));
    planErrors.push(Math.abs(gap - plannedGap));
  }
  const lateness = pacedSends.map((s) => s.at - plannedAt.get(s.to));
  const sortedAbs = (values) => Float64Array.from(values).sort();
  const pacingP95 = percentile(sortedAbs(gapErrors), 95);
  console.log(
    `pacing_error_ms_p95: ${pacingP95} (${pacedSends.length} sends, max ${Math.max(...gapErrors)} ms)`,
  );

  const metrics = {
    list_import_s: seconds(bigList.ms),
    prepare_s: seconds(prepareMs),
    dispatch_msgs_per_s: dispatchRate,
    pacing_error_ms_p95: pacingP95,
    pacing_error_ms_max: Math.max(...gapErrors),
    pacing_vs_plan_ms_p95: percentile(sortedAbs(planErrors), 95),
    pacing_lateness_ms_p50: percentile(sortedAbs(lateness), 50),
    pacing_lateness_ms_max: Math.max(...lateness),
    dispatch_sends: dispatchSends.length,
    dispatch_duplicated: duplicated,
    dispatch_missing: missing,
    dispatch_delivered: report.counters.delivered,
    dispatch_post_to_finished_s: seconds(dispatchTotalMs),
  };
  const file = writeResult(name, metrics, {
    bus: 'nats',
    layout:
      'identity, campaigns, connectors and the gateway each in its own process (NATS, one Postgres); the Graph emulator and the HTTP client in the bench process',
    database: database.kind,
    machine: {
      cores: cpus().length,
      memory_gb: Math.round(totalmem() / 2 ** 30),
      load_average_1m_start: Math.round(loadAtStart * 100) / 100,
      load_average_1m_end: Math.round(loadavg()[0] * 100) / 100,
    },
    targets,
    scale,
    list_rows: listRows,
    dispatch: {
      cpu_ms_per_message: dispatchCpuMsPerMessage,
      database_commits_per_message: dispatchCommitsPerMessage,
      contacts: dispatchContacts,
      connections: dispatchConnections,
      governor_rate_per_connection: Number(process.env.CONNECTORS_SEND_RATE_PER_SECOND ?? 80),
    },
    pacing: { ...pacing, contacts: pacingContacts, gaps, lateness_ms: lateness },
  });
  console.log(`wrote ${file}`);
  for (const [metric, target] of Object.entries(targets)) {
    const ok =
      metric === 'dispatch_msgs_per_s' ? metrics[metric] >= target : metrics[metric] <= target;
    console.log(
      `${metric}: ${metrics[metric]} (target ${metric === 'dispatch_msgs_per_s' ? '≥' : '≤'} ${target}) ${ok ? 'ok' : 'MISSED'}`,
    );
  }
} finally {
  for (const close of closers.reverse()) {
    try {
      await close();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
