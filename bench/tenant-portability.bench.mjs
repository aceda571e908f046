// A company moved between installations (issue 30, "Tests and figures"). Two installations share one
// PostgreSQL server (a database each), one NATS server (a namespace each) and this machine; each runs
// identity, tickets, connectors, campaigns, reporting and a gateway as its own processes, with its own
// disk storage (MEDIA_DIR). On the source, a company at full size: 50,000 contacts, 100,000 tickets,
// 1,000,000 messages (10,000 of them with a media object, a small file under `company-<id>/media/`),
// 20 users, queues, tags and a connection; three companies of normal size beside it, two more on the
// target. The company, its users, queues, tags and connection are created through the API and the bus
// (identity hashes passwords, makes settings); contacts, tickets and messages are seeded with SQL, with
// the secondary indexes rebuilt after the load, as tickets-list.bench.mjs seeds them. Reporting's
// projections of the company stay empty: its tickets were never announced (no events), so its part
// of the bundle is small.
// Measured, as the operator runs a move: the export (`identity.tenant-operation.export` until the
// bundle is in storage), the upload (the bundle copied into the target's storage, as the command line
// puts it there), the import (`identity.tenant-operation.import` until done), the downtime (export start
// to import done) and the erase of the source company (`identity.company.delete`, reason move). Each
// step's time comes from polling the operation (its steps' status every 250 ms), and the CPU seconds of
// the target's processes and database backends over the import say where its time goes. Meanwhile a
// client reads GET /contacts of the other companies through both gateways, once every 100 ms; p99 before
// the move and during it. At the end: messages, tickets, contacts and media objects counted on both
// sides. `BENCH_SCALE=0.01` seeds a hundredth for a quick run.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { envNumber, gatewayCall, latencyMetrics, writeResult } from './bench-harness.mjs';
import {
  benchNatsUrl,
  cpuSecondsOf,
  freePort,
  freshDatabase,
  startProcess,
  waitUntilLoginWorks,
} from './bench-infra.mjs';

const name = 'tenant-portability';
const scale = envNumber('BENCH_SCALE', 1);
const big = {
  contacts: Math.round(50_000 * scale),
  // two tickets per contact, ten messages per ticket
  tickets: Math.round(100_000 * scale),
  messages: Math.round(1_000_000 * scale),
  media: Math.round(10_000 * scale),
  users: 20,
};
/** the other companies: normal size, not scaled */
const other = { contacts: 500, messagesPerTicket: 5, users: 3 };
const othersOnSource = 3;
const othersOnTarget = 2;
/** the other companies' reads: one client, one call every `probeEveryMs` */
const probeEveryMs = 100;
const beforeSeconds = envNumber('BENCH_BEFORE_S', scale >= 1 ? 60 : 20);
const targets = {
  export_s: 120,
  import_s: 120,
  move_downtime_s: 180,
  other_p99_ratio: 1.1,
};
/** an operation still running after this long counts as failed (the run must end) */
const operationTimeoutS = envNumber('BENCH_OPERATION_TIMEOUT_S', 1800);
const bundleSecret = 'bench-operator-bundle-key';
const password = 'bench-password-1';

process.env.LOG_LEVEL ??= 'warn';

const { createBus } = await import('@sb/platform/bus');
const { operatorContext } = await import('@sb/platform/context');
const { Subjects, tenantBundleKey, tenantImportKey } = await import('@sb/contracts');
const { dropTestNatsNamespace } = await import('@sb/testing');
const { createDiskStorage } = await import('@sb/storage');

const loadAtStart = loadavg();
const round = (value, places = 2) => Math.round(value * 10 ** places) / 10 ** places;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (text) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
const natsUrl = await benchNatsUrl();
if (!natsUrl)
  throw new Error('the tenant-portability bench needs NATS (services run as processes)');

const closers = [];
let failure;
const metrics = {};
const notes = [];
try {
  const source = await startInstallation('a', closers);
  const target = await startInstallation('b', closers);
  log(`installations up: source ${source.apiUrl}, target ${target.apiUrl}`);

  // the companies, through the API; then their rows with SQL
  const seedStarted = performance.now();
  const bigCompany = await createCompany(source, 'Portability Big', big.users);
  const others = [];
  for (let n = 1; n <= othersOnSource; n += 1)
    others.push(await createCompany(source, `Portability Other A${n}`, other.users));
  for (let n = 1; n <= othersOnTarget; n += 1)
    others.push(await createCompany(target, `Portability Other B${n}`, other.users));
  const seedSteps = [];
  await seedRows(source, [bigCompany, ...others.filter((c) => c.installation === source)], {
    seedSteps,
  });
  await seedRows(target, [...others.filter((c) => c.installation === target)], { seedSteps });
  const mediaStarted = performance.now();
  const mediaBytes = await seedMedia(source, bigCompany);
  seedSteps.push(['media files', performance.now() - mediaStarted]);
  const sourceCounts = await companyCounts(source, bigCompany.id);
  log(
    `seeded in ${round((performance.now() - seedStarted) / 1000, 1)} s: ` +
      `${JSON.stringify(sourceCounts)} (${seedSteps
        .map(([step, ms]) => `${step} ${round(ms / 1000, 1)} s`)
        .join(', ')})`,
  );

  // the other companies' reads, before and during the move
  const probe = startProbe(others);
  closers.push(() => probe.stop());
  await sleep(3_000); // warm-up, not counted
  probe.phase('before');
  await sleep(beforeSeconds * 1000);

  // the move: export on the source, upload to the target, import there
  probe.phase('during');
  const moveStarted = performance.now();
  const exported = await runOperation(
    source,
    Subjects.identity.tenantOperationExport,
    {
      id: bigCompany.id,
      key: bundleSecret,
    },
    'export',
  );
  const exportDone = performance.now();
  metrics.export_s = round((exportDone - moveStarted) / 1000);
  Object.assign(metrics, stepMetrics('export', exported));
  if (exported.view.status !== 'done')
    throw new Error(`export failed: ${failedStep(source, exported.view)}`);
  const bundlePath = join(source.mediaDir, tenantBundleKey(exported.view.id));
  metrics.bundle_bytes = (await stat(bundlePath)).size;
  log(`exported in ${metrics.export_s} s: ${metrics.bundle_bytes} bytes`);

  const uploadStarted = performance.now();
  const importKey = tenantImportKey(exported.view.id);
  await target.storage.put(importKey, createReadStream(bundlePath), {
    contentType: 'application/octet-stream',
  });
  const importStarted = performance.now();
  metrics.upload_s = round((importStarted - uploadStarted) / 1000);

  const cpuBefore = cpuOf(target, await backendPids(target));
  const imported = await runOperation(
    target,
    Subjects.identity.tenantOperationImport,
    {
      bundleKey: importKey,
      key: bundleSecret,
    },
    'import',
  );
  const importDone = performance.now();
  probe.phase('after');
  const cpuAfter = cpuOf(target, await backendPids(target));
  metrics.import_s = round((importDone - importStarted) / 1000);
  metrics.move_downtime_s = round((importDone - moveStarted) / 1000);
  Object.assign(metrics, stepMetrics('import', imported));
  for (const [who, seconds] of Object.entries(cpuAfter)) {
    metrics[`import_cpu_${who}_s`] = round(seconds - (cpuBefore[who] ?? 0), 1);
  }
  const latency = probe.summary();
  Object.assign(metrics, latency);
  if (imported.view.status !== 'done') {
    throw new Error(
      `import failed after ${metrics.import_s} s: ${failedStep(target, imported.view)}`,
    );
  }
  const newCompanyId = imported.view.companyId;
  log(`imported in ${metrics.import_s} s as company ${newCompanyId} of the target`);

  // cheap checks, before the erase (a slow erase must not hide them): the counts on both sides
  const targetCounts = await companyCounts(target, newCompanyId);
  for (const [kind, count] of Object.entries(sourceCounts)) {
    metrics[`source_${kind}`] = count;
    metrics[`target_${kind}`] = targetCounts[kind];
  }
  const mismatched = Object.keys(sourceCounts).filter(
    (kind) => sourceCounts[kind] !== targetCounts[kind],
  );
  metrics.counts_match = mismatched.length === 0;
  if (mismatched.length > 0) notes.push(`counts differ: ${mismatched.join(', ')}`);

  // the source company goes: erased because it moved
  const eraseStarted = performance.now();
  const erased = await runOperation(
    source,
    Subjects.identity.companyDelete,
    { id: bigCompany.id, reason: 'move' },
    'erase',
  );
  metrics.erase_s = round((performance.now() - eraseStarted) / 1000);
  Object.assign(metrics, stepMetrics('erase', erased));
  if (erased.view.status !== 'done')
    throw new Error(`erase failed: ${failedStep(source, erased.view)}`);
  log(`erased in ${metrics.erase_s} s`);
  const leftCounts = await companyCounts(source, bigCompany.id);
  for (const [kind, count] of Object.entries(leftCounts))
    metrics[`left_after_erase_${kind}`] = count;
  if (Object.values(leftCounts).some((count) => count !== 0)) notes.push('the erase left rows');
  metrics.media_seeded_bytes = mediaBytes;
} catch (error) {
  failure = error;
  console.error(error instanceof Error ? error.stack : String(error));
} finally {
  metrics.load_avg_1m_start = round(loadAtStart[0]);
  metrics.load_avg_1m_end = round(loadavg()[0]);
  notes.push(
    `the machine (${cpus().length} cores) is shared with other helpers' builds and tests: load ` +
      `average (1 min) ${round(loadAtStart[0])} at the start, ${round(loadavg()[0])} at the end; ` +
      'the figures move with it',
  );
  if (failure) notes.push(`failed: ${failure instanceof Error ? failure.message : failure}`);
  // what the person running it must say about the run (a patch tried, another load)
  if (process.env.BENCH_NOTE) notes.push(process.env.BENCH_NOTE);
  const file = writeResult(name, metrics, {
    scale,
    targets,
    setup:
      'two installations on one PostgreSQL server (a database each) and one NATS server (a namespace ' +
      'each), each with identity, tickets, connectors, campaigns, reporting and a gateway as processes ' +
      'and its own disk storage; the bench process seeds, polls and reads',
    notes,
  });
  log(`wrote ${file}`);
  for (const close of closers.reverse()) {
    try {
      await close();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failure) process.exitCode = 1;
}

/** One installation: its database, namespace, storage and processes, and a bus client of its own. */
async function startInstallation(label, closers) {
  const database = await freshDatabase(`${name.replace('-', '_')}_${label}`);
  closers.push(() => database.drop());
  const mediaDir = await mkdtemp(join(tmpdir(), `sb-bench-portability-${label}-`));
  closers.push(() => rm(mediaDir, { recursive: true, force: true }));
  const namespace = `bench${label}${Date.now()}`;
  closers.push(() => dropTestNatsNamespace(natsUrl, namespace));
  const admin = { email: `root@${label}.portability.test`, password };
  const env = {
    ...process.env,
    // each installation its own secrets: the bundle travels under the operator's key only
    JWT_SECRET: `bench-portability-${label}-secret-bench-portability`,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    AUTH_RATE_LIMIT: '0',
    MEDIA_DIR: mediaDir,
    DATABASE_URL: database.url,
    NATS_URL: natsUrl,
    NATS_NAMESPACE: namespace,
    WEB_ORIGINS: 'http://localhost:3000',
  };
  const children = ['identity', 'tickets', 'connectors', 'campaigns', 'reporting'].map((service) =>
    startProcess(`${label}/${service}`, `services/${service}/dist/main.js`, env),
  );
  const port = await freePort();
  children.push(
    startProcess(`${label}/gateway`, 'gateway/dist/main.js', { ...env, PORT: String(port) }),
  );
  for (const child of children) closers.push(() => child.stop());
  const apiUrl = `http://127.0.0.1:${port}`;
  // long: on a shared machine under load the services can take minutes to start
  await waitUntilLoginWorks(apiUrl, children, { ...admin, timeoutMs: 300_000 });
  const bus = await createBus({ natsUrl, namespace, name: `bench-${label}` });
  closers.push(() => bus.close());
  await waitForServices(bus, children);
  const db = new pg.Pool({ connectionString: database.url, max: 3 });
  closers.push(() => db.end());
  const call = gatewayCall(apiUrl);
  const root = await call(null, 'POST', '/auth/login', admin);
  const storage = await createDiskStorage({ root: mediaDir });
  return {
    label,
    apiUrl,
    bus,
    db,
    call,
    rootToken: root.token,
    mediaDir,
    storage,
    children,
    database,
  };
}

/** Until every service answers its health check on the bus. */
async function waitForServices(bus, children, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (const service of ['identity', 'tickets', 'connectors', 'campaigns', 'reporting']) {
    for (;;) {
      const dead = children.find((child) => child.hasExited());
      if (dead) throw new Error(`${dead.name} exited:\n${dead.output()}`);
      try {
        await bus.request(
          Subjects[service].health,
          { ctx: operatorContext(), data: {} },
          { timeoutMs: 1000 },
        );
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(250);
      }
    }
  }
}

/**
 * A company through the API as super creates one (its admin, settings), its users, three queues, three
 * tags and a Cloud API connection; answers what the seed and the reads need.
 */
async function createCompany(installation, companyName, users) {
  const { call } = installation;
  const slug = companyName.toLowerCase().replaceAll(' ', '-');
  const email = `admin@${slug}.test`;
  const company = await call(installation.rootToken, 'POST', '/companies', {
    name: companyName,
    email,
    password,
    planId: 1,
  });
  const login = await call(null, 'POST', '/auth/login', { email, password });
  const token = login.token;
  const adminId = login.user.id;
  const queueIds = [];
  for (const [queue, color] of [
    ['Vendas', '#336699'],
    ['Suporte', '#993366'],
    ['Financeiro', '#669933'],
  ]) {
    queueIds.push(
      (
        await call(token, 'POST', '/queue', {
          name: queue,
          color,
          greetingMessage: `Bem-vindo ao ${queue}`,
        })
      ).id,
    );
  }
  const tagIds = [];
  for (const [tag, color] of [
    ['Cliente VIP', '#AA3366'],
    ['Atacado', '#3366AA'],
    ['Retorno', '#66AA33'],
  ]) {
    tagIds.push((await call(token, 'POST', '/tags', { name: tag, color })).id);
  }
  const userIds = [adminId];
  for (let n = 1; n < users; n += 1) {
    const user = await call(token, 'POST', '/users', {
      name: `Agent ${n} ${companyName}`,
      email: `agent${n}@${slug}.test`,
      password,
      profile: 'user',
      queueIds: [queueIds[n % queueIds.length]],
    });
    userIds.push(user.id);
  }
  const ctx = {
    companyId: company.id,
    userId: adminId,
    profile: 'admin',
    super: false,
    requestId: `seed-${slug}`,
    lang: 'en',
  };
  const phoneNumberId = String(8_000_000 + company.id * 10 + (installation.label === 'a' ? 1 : 2));
  const connection = await installation.bus.request('connectors.connection.create', {
    ctx,
    data: {
      name: `Bench ${companyName}`,
      channel: 'whatsappapi',
      credentials: { phoneNumberId, accessToken: `token-${phoneNumberId}` },
    },
  });
  return {
    installation,
    id: company.id,
    name: companyName,
    token,
    queueIds,
    tagIds,
    userIds,
    connectionId: connection.id,
  };
}

/**
 * Contacts, tickets (two per contact, the newer open or pending one time in ten), messages (the big
 * company's ten a ticket, the first message of its first `big.media` tickets an image) and tags on one
 * ticket and contact in ten, for each company, with the tickets schema's secondary indexes dropped for
 * the load and rebuilt from their definitions.
 */
async function seedRows(installation, companies, { seedSteps }) {
  const step = async (label, run) => {
    const started = performance.now();
    const result = await run();
    seedSteps.push([`${installation.label} ${label}`, performance.now() - started]);
    return result;
  };
  const client = await installation.db.connect();
  try {
    await client.query('SET search_path TO tickets, public');
    await client.query("SET maintenance_work_mem = '256MB'");
    // the rows are built from their parents: foreign keys are not checked (superuser; else checked)
    await client.query("SET session_replication_role = 'replica'").catch(() => undefined);
    const { rows: indexes } = await client.query(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.schemaname = 'tickets' AND i.tablename IN ('contacts', 'tickets', 'messages')
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                           WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    );
    for (const index of indexes) await client.query(`DROP INDEX tickets.${index.indexname}`);
    for (const company of companies) {
      const isBig = company.name.includes('Big');
      const contacts = isBig ? big.contacts : other.contacts;
      const perTicket = isBig
        ? Math.max(1, Math.round(big.messages / big.tickets))
        : other.messagesPerTicket;
      const media = isBig ? big.media : 0;
      const tag = `${company.name}`;
      await step(`${tag} contacts`, () =>
        client.query(
          `INSERT INTO contacts (company_id, name, number, search_name, email, channel, created_at, updated_at)
           SELECT $1, n.name, (5511900000000 + $3::bigint * 1000000 + g)::text, search_text(n.name),
                  CASE WHEN g % 4 = 0 THEN 'contato' || g || '@exemplo.com.br' ELSE '' END, 'whatsapp',
                  now() - (g % 700) * interval '1 day', now() - (g % 700) * interval '1 day'
             FROM generate_series(1, $2::int) g
            CROSS JOIN LATERAL (SELECT 'Contato ' || g || ' ' ||
                                       (ARRAY['Silva', 'Souza', 'Oliveira', 'Pereira', 'Lima'])[1 + g % 5] AS name) n`,
          [company.id, contacts, company.id],
        ),
      );
      await step(`${tag} tickets`, () =>
        client.query(
          `INSERT INTO tickets (uuid, company_id, status, channel, contact_id, whatsapp_id, queue_id, user_id,
                                unread_messages, last_message, from_me, created_at, updated_at)
           SELECT gen_random_uuid(), $1, s.status, 'whatsapp', s.contact_id, $2,
                  ($3::int[])[1 + s.r % 3],
                  CASE WHEN s.status = 'pending' THEN NULL ELSE ($4::int[])[1 + s.r % array_length($4::int[], 1)] END,
                  CASE WHEN s.status = 'pending' THEN 1 ELSE 0 END, 'Obrigado pelo retorno', s.r % 2 = 0,
                  s.at - interval '2 hours', s.at
             FROM (SELECT c.id AS contact_id, (c.id * 7 + k) % 1000 AS r,
                          CASE WHEN k = 1 THEN 'closed'
                               WHEN (c.id + k) % 10 = 0 THEN 'open'
                               WHEN (c.id + k) % 10 = 1 THEN 'pending'
                               ELSE 'closed' END AS status,
                          CASE WHEN k = 1 THEN now() - interval '30 days' - (c.id % 600) * interval '1 day'
                               ELSE now() - (c.id % 30) * interval '1 day' END AS at
                     FROM contacts c CROSS JOIN generate_series(1, 2) k
                    WHERE c.company_id = $1
                    ORDER BY c.id, k) s`,
          [company.id, company.connectionId, company.queueIds, company.userIds],
        ),
      );
      await step(`${tag} messages`, () =>
        client.query(
          `INSERT INTO messages (id, company_id, ticket_id, contact_id, queue_id, user_id, body, from_me,
                                 read, ack, media_type, media_key, media_name, created_at, updated_at, wid)
           SELECT gen_random_uuid(), $1, t.id, t.contact_id, t.queue_id,
                  CASE WHEN k % 2 = 0 THEN t.user_id END,
                  CASE WHEN m.media THEN '' ELSE
                    (ARRAY['Bom dia, tudo bem?', 'Preciso de ajuda com o pedido ', 'Qual o prazo de entrega?',
                           'Obrigado pelo retorno', 'Enviei o comprovante do pedido '])[1 + (t.n + k) % 5]
                    || (100000 + (t.n * 13 + k) % 900000)::text END,
                  k % 2 = 0, true, CASE WHEN k % 2 = 0 THEN 3 ELSE 0 END,
                  CASE WHEN m.media THEN 'image' ELSE 'chat' END,
                  CASE WHEN m.media THEN 'company-' || $1 || '/media/' || t.id || '.jpg' END,
                  CASE WHEN m.media THEN 'foto-' || t.id || '.jpg' END,
                  t.created_at + k * interval '1 minute', t.created_at + k * interval '1 minute',
                  'wamid.seed' || t.id || '.' || k
             FROM (SELECT id, contact_id, queue_id, user_id, created_at,
                          row_number() OVER (ORDER BY id) AS n
                     FROM tickets WHERE company_id = $1) t
            CROSS JOIN generate_series(1, $2::int) k
            CROSS JOIN LATERAL (SELECT k = 1 AND t.n <= $3 AS media) m`,
          [company.id, perTicket, media],
        ),
      );
      await step(`${tag} tags`, async () => {
        await client.query(
          `INSERT INTO ticket_tags (ticket_id, tag_id, company_id)
           SELECT id, ($2::int[])[1 + id % 3], $1 FROM tickets WHERE company_id = $1 AND id % 10 = 0`,
          [company.id, company.tagIds],
        );
        await client.query(
          `INSERT INTO contact_tags (contact_id, tag_id)
           SELECT id, ($2::int[])[1 + id % 3] FROM contacts WHERE company_id = $1 AND id % 10 = 0`,
          [company.id, company.tagIds],
        );
      });
    }
    await client.query(`SET session_replication_role = 'origin'`).catch(() => undefined);
    await step('indexes', async () => {
      for (const index of indexes) await client.query(index.indexdef);
    });
    await step('analyze', () =>
      client.query('VACUUM (ANALYZE) tickets.contacts, tickets.tickets, tickets.messages'),
    );
    // the load's dirty pages written out now, not while the reads are timed
    await step('checkpoint', () => client.query('CHECKPOINT'));
  } finally {
    client.release();
  }
}

/** The objects the big company's image messages name: small files, 1 to 4 KB. */
async function seedMedia(installation, company) {
  const { rows } = await installation.db.query(
    `SELECT media_key FROM tickets.messages WHERE company_id = $1 AND media_key IS NOT NULL`,
    [company.id],
  );
  const keys = rows.map((row) => row.media_key);
  let bytes = 0;
  const worker = async () => {
    for (let key = keys.pop(); key; key = keys.pop()) {
      const size = 1024 + ((key.length * 97) % 3072);
      bytes += size;
      await installation.storage.put(key, Buffer.alloc(size, key), { contentType: 'image/jpeg' });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return bytes;
}

/** The company's messages, tickets and contacts, and its objects in storage. */
async function companyCounts(installation, companyId) {
  const count = async (table) =>
    Number(
      (
        await installation.db.query(
          `SELECT count(*) AS n FROM tickets.${table} WHERE company_id = $1`,
          [companyId],
        )
      ).rows[0].n,
    );
  return {
    messages: await count('messages'),
    tickets: await count('tickets'),
    contacts: await count('contacts'),
    media_objects: (await installation.storage.list(`company-${companyId}/`)).length,
  };
}

/**
 * Starts an operation on the bus as the operator and polls it until it ends; answers its last view and
 * when each step was first seen running and done (ms since the start). The start answers only after up
 * to 5 s, so the new operation is found in the list meanwhile: its first steps are timed too.
 */
async function runOperation(installation, subject, data, kind) {
  const request = (subj, body, timeoutMs = 10_000) =>
    installation.bus.request(subj, { ctx: operatorContext(), data: body }, { timeoutMs });
  const known = new Set(
    (await request(Subjects.identity.tenantOperationList, {})).map((o) => o.id),
  );
  const started = performance.now();
  let answered;
  const answer = request(subject, data, 60_000).then((reply) => {
    answered = reply.operation ?? reply;
    return answered;
  });
  const seen = new Map();
  const note = (current) => {
    const at = performance.now() - started;
    current.steps.forEach((step, index) => {
      const key = `${step.service}.${step.action}`;
      const entry = seen.get(key) ?? { index, firstRunning: undefined, done: undefined };
      if (step.status === 'running' && entry.firstRunning === undefined) entry.firstRunning = at;
      if ((step.status === 'done' || step.status === 'failed') && entry.done === undefined)
        entry.done = at;
      seen.set(key, entry);
    });
  };
  let view;
  while (!view && !answered) {
    view = (await request(Subjects.identity.tenantOperationList, {})).find(
      (o) => o.kind === kind && !known.has(o.id),
    );
    if (!view) await sleep(100);
  }
  view ??= answered;
  note(view);
  const deadline = Date.now() + operationTimeoutS * 1000;
  while (view.status === 'running' && Date.now() < deadline) {
    await sleep(250);
    view = await request(Subjects.identity.tenantOperationGet, { id: view.id });
    note(view);
  }
  await answer;
  return { view, seen };
}

/**
 * Each step's seconds, as the polls saw it: from the previous step's end (or the start) to its own;
 * polled every 250 ms, so each figure is within about a quarter of a second.
 */
function stepMetrics(prefix, { seen }) {
  const out = {};
  let previous = 0;
  for (const [key, entry] of [...seen].sort((a, b) => a[1].index - b[1].index)) {
    if (entry.done === undefined) continue;
    out[`${prefix}_step_${key.replace('.', '_')}_s`] = round((entry.done - previous) / 1000);
    previous = entry.done;
  }
  return out;
}

/** The step that failed, its error, and the error lines its service logged (the bus hides them). */
function failedStep(installation, view) {
  const step = view.steps.find((s) => s.status === 'failed');
  if (!step) return view.error ?? `ended ${view.status}`;
  const child = installation.children.find(
    (c) => c.name === `${installation.label}/${step.service}`,
  );
  const logged = (child?.output() ?? '')
    .split('\n')
    .map((line) => /"err":\{"type":"(\w+)","message":"((?:[^"\\]|\\.)*)"/.exec(line))
    .filter((match) => match && match[1] !== 'AppError')
    .map((match) => `${match[1]}: ${match[2]}`);
  return `${step.service} ${step.action}: ${logged.at(-1) ?? step.error}`;
}

/** The database backends of an installation (its pools), by process id. */
async function backendPids(installation) {
  const { rows } = await installation.db.query(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  return rows.map((row) => row.pid);
}

/** CPU seconds so far of each process of an installation and of its database backends together. */
function cpuOf(installation, pids) {
  const out = {};
  for (const child of installation.children)
    out[child.name.split('/')[1]] = cpuSecondsOf(child.pid);
  out.postgres = pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
  return out;
}

/**
 * GET /contacts of the other companies through their installation's gateway, one call every
 * `probeEveryMs` in turn, each latency kept under the phase it started in.
 */
function startProbe(companies) {
  let phase = 'warmup';
  let stopped = false;
  const samples = { before: [], during: [], after: [] };
  const errors = { before: 0, during: 0, after: 0 };
  const done = (async () => {
    for (let i = 0; !stopped; i += 1) {
      const company = companies[i % companies.length];
      const inPhase = phase;
      const started = performance.now();
      try {
        await company.installation.call(company.token, 'GET', '/contacts?pageNumber=1');
        samples[inPhase]?.push({
          ms: performance.now() - started,
          label: company.installation.label,
        });
      } catch {
        if (errors[inPhase] !== undefined) errors[inPhase] += 1;
      }
      const wait = probeEveryMs - (performance.now() - started);
      if (wait > 0) await sleep(wait);
    }
  })();
  const p99 = (list) =>
    latencyMetrics(
      '',
      list.map((s) => s.ms),
    ).p99_ms;
  return {
    phase: (next) => {
      phase = next;
    },
    stop: async () => {
      stopped = true;
      await done;
    },
    summary: () => {
      const before = p99(samples.before);
      const during = p99(samples.during);
      const of = (list, label) => list.filter((s) => s.label === label);
      return {
        other_p99_ms_before: before,
        other_p99_ms_during: during,
        other_p99_ratio: before > 0 ? round(during / before) : 0,
        other_p50_ms_before: latencyMetrics(
          '',
          samples.before.map((s) => s.ms),
        ).p50_ms,
        other_p50_ms_during: latencyMetrics(
          '',
          samples.during.map((s) => s.ms),
        ).p50_ms,
        other_p99_ms_before_source: p99(of(samples.before, 'a')),
        other_p99_ms_during_source: p99(of(samples.during, 'a')),
        other_p99_ms_before_target: p99(of(samples.before, 'b')),
        other_p99_ms_during_target: p99(of(samples.during, 'b')),
        other_calls_before: samples.before.length,
        other_calls_during: samples.during.length,
        other_errors_during: errors.during,
      };
    },
  };
}
