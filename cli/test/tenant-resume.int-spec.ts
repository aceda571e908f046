import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  Subjects,
  healthSubject,
  type CompanyView,
  type ServiceName,
  type TenantOperationView,
} from '@sb/contracts';
import { createBus, type Bus } from '@sb/platform/bus';
import { operatorContext } from '@sb/platform/context';
import {
  createTestDatabase,
  dropTestNatsNamespace,
  natsUrlOrSkip,
  testNatsNamespace,
  type TestDatabase,
} from '@sb/testing';
import pg from 'pg';
import { runCli, type CliRun } from './run-cli.js';

const natsUrl = await natsUrlOrSkip();
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const services: ServiceName[] = ['identity', 'tickets', 'connectors', 'campaigns', 'reporting'];
/** a company big enough that tickets' part takes a moment: the kill lands while it works */
const Seed = { contacts: 2_000, ticketsPerContact: 2, messagesPerTicket: 10 };

/** One service as its own process (`node services/<name>/dist/main.js`), as a pod runs it. */
type ServiceProcess = { child: ChildProcess; output: () => string };

// A crash of any process mid-export and mid-import resumes (issue 30): the five services run as
// processes on NATS, as deployed; the operator's command line exports and imports a company while a
// service is killed with SIGKILL in the middle of its step, and started again. The step is asked again
// (tickets) or the operation is resumed by the restarted runner once its claim lapses (identity);
// either way the command ends with 0 and the company arrives whole. The processes share one bus only
// through NATS: without a server natsUrlOrSkip printed why and the file is skipped; CI always has one.
(natsUrl ? describe : describe.skip)('tenant operations resume after kill -9', () => {
  const namespace = testNatsNamespace('resume');
  const key = 'the operator key of the resume test';
  let database: TestDatabase;
  let db: pg.Pool;
  let bus: Bus;
  let work: string;
  let env: Record<string, string>;
  const running = new Map<ServiceName, ServiceProcess>();
  let companyId: number;
  let bundle: string;

  const start = (service: ServiceName) => {
    let output = '';
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, `services/${service}/dist/main.js`)],
      { env: { ...process.env, ...env, METRICS_PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    running.set(service, { child, output: () => output });
  };
  const kill = async (service: ServiceName) => {
    const { child } = running.get(service)!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  const untilHealthy = async (service: ServiceName) => {
    for (let i = 0; i < 600; i++) {
      const ok = await bus
        .request(healthSubject(service), { ctx: operatorContext(), data: {} }, { timeoutMs: 500 })
        .then(
          () => true,
          () => false,
        );
      if (ok) return;
      const { child, output } = running.get(service)!;
      if (child.exitCode !== null) throw new Error(`${service} exited:\n${output()}`);
      await sleep(100);
    }
    throw new Error(`${service} never answered its health check`);
  };
  const operations = () =>
    bus.request(Subjects.identity.tenantOperationList, { ctx: operatorContext(), data: {} });

  /**
   * Runs the command line while `service` is killed once `step` of its operation is under way, and
   * started again; answers the command's run and the operation as it ended.
   */
  const killDuring = async (
    args: string[],
    step: { service: ServiceName; action: string },
    victim: ServiceName,
  ): Promise<{ run: CliRun; operation: TenantOperationView }> => {
    const known = new Set((await operations()).map((operation) => operation.id));
    const command = runCli(args, { ...env, SWITCHBOARD_BUNDLE_KEY: key });
    let operationId: string | undefined;
    for (let i = 0; i < 600 && !operationId; i++) {
      const found = (await operations().catch(() => [])).find(
        (operation) =>
          !known.has(operation.id) &&
          operation.steps.some(
            (s) => s.service === step.service && s.action === step.action && s.status === 'running',
          ),
      );
      operationId = found?.id;
      if (!operationId) await sleep(25);
    }
    if (!operationId) {
      const ended = await command;
      throw new Error(
        `the ${step.service} ${step.action} step never ran: the command ended ${ended.code}\n` +
          `${ended.stdout}\n${ended.stderr}`,
      );
    }
    await kill(victim);
    start(victim);
    const run = await command;
    await untilHealthy(victim);
    const operation = await bus.request(Subjects.identity.tenantOperationGet, {
      ctx: operatorContext(),
      data: { id: operationId },
    });
    return { run, operation };
  };
  const retriesOf = (operation: TenantOperationView, service: ServiceName, action: string) =>
    operation.steps.find((s) => s.service === service && s.action === action)?.retries ?? 0;
  const countsOf = async (company: number) => {
    const { rows } = await db.query<{ contacts: number; tickets: number; messages: number }>(
      `SELECT (SELECT count(*)::int FROM tickets.contacts WHERE company_id = $1) AS contacts,
              (SELECT count(*)::int FROM tickets.tickets WHERE company_id = $1) AS tickets,
              (SELECT count(*)::int FROM tickets.messages WHERE company_id = $1) AS messages`,
      [company],
    );
    return rows[0];
  };

  beforeAll(async () => {
    for (const service of services) {
      const main = path.join(repoRoot, `services/${service}/dist/main.js`);
      if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
    }
    database = await createTestDatabase('resume');
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    work = mkdtempSync(path.join(tmpdir(), 'sb-cli-resume-'));
    bundle = path.join(work, 'company.swb');
    env = {
      DATABASE_URL: database.url,
      NATS_URL: natsUrl!,
      NATS_NAMESPACE: namespace,
      MEDIA_DIR: path.join(work, 'media'),
      JWT_SECRET: 'resume-int-spec-secret-0123456789abcdef',
      ADMIN_EMAIL: 'root@resume.test',
      ADMIN_PASSWORD: 'root-pass-123',
      LOG_LEVEL: 'warn',
      // a dead step is noticed after 6 beats of 200 ms; a dead runner's claim lapses after 3 s
      TENANT_STEP_ALIVE_MS: '200',
      TENANT_CLAIM_SECONDS: '3',
    };
    bus = await createBus({ natsUrl: natsUrl!, namespace, name: 'resume-test' });
    // identity first: it seeds the platform; the others then migrate side by side
    start('identity');
    await untilHealthy('identity');
    for (const service of services.slice(1)) start(service);
    for (const service of services.slice(1)) await untilHealthy(service);

    const platform = await bus.request(Subjects.identity.companyGet, {
      ctx: operatorContext(),
      data: { id: 1 },
    });
    const company: CompanyView = await bus.request(Subjects.identity.companyCreate, {
      ctx: operatorContext(),
      data: {
        name: 'Crashing Co',
        email: 'boss@crashing.test',
        password: 'crashing-1',
        planId: platform.planId,
        status: true,
        recurrence: 'MENSAL',
        phone: null,
        document: null,
        paymentMethod: null,
      },
    });
    companyId = company.id;
    await db.query(
      `INSERT INTO tickets.contacts (company_id, name, number, channel)
       SELECT $1, 'Contact ' || g, (5511900000000 + g)::text, 'whatsapp'
         FROM generate_series(1, $2::int) g`,
      [companyId, Seed.contacts],
    );
    await db.query(
      `INSERT INTO tickets.tickets (uuid, company_id, status, channel, contact_id)
       SELECT gen_random_uuid(), $1, 'closed', 'whatsapp', c.id
         FROM tickets.contacts c CROSS JOIN generate_series(1, $2::int)
        WHERE c.company_id = $1`,
      [companyId, Seed.ticketsPerContact],
    );
    await db.query(
      `INSERT INTO tickets.messages (id, company_id, ticket_id, contact_id, body, from_me, read, ack,
                                    media_type, wid)
       SELECT gen_random_uuid(), $1, t.id, t.contact_id, 'Message ' || k || ' of ' || t.id,
              k % 2 = 0, true, 0, 'chat', 'wamid.resume.' || t.id || '.' || k
         FROM tickets.tickets t CROSS JOIN generate_series(1, $2::int) k
        WHERE t.company_id = $1`,
      [companyId, Seed.messagesPerTicket],
    );
  }, 240_000);

  afterAll(async () => {
    await Promise.all([...running.keys()].map((service) => kill(service).catch(() => undefined)));
    await bus?.close();
    await db?.end();
    await database?.drop();
    await dropTestNatsNamespace(natsUrl!, namespace);
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('exports while tickets is killed mid-step: the step is asked again', async () => {
    const { run, operation } = await killDuring(
      ['tenant', 'export', '--company', String(companyId), '--out', bundle],
      { service: 'tickets', action: 'export' },
      'tickets',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(operation.status).toBe('done');
    expect(retriesOf(operation, 'tickets', 'export')).toBeGreaterThanOrEqual(1);
    expect(statSync(bundle).size).toBeGreaterThan(0);
  }, 120_000);

  it('exports while identity is killed mid-step: the restarted runner resumes it', async () => {
    const again = path.join(work, 'again.swb');
    const { run, operation } = await killDuring(
      ['tenant', 'export', '--company', String(companyId), '--out', again],
      { service: 'tickets', action: 'export' },
      'identity',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(operation.status).toBe('done');
    expect(statSync(again).size).toBeGreaterThan(0);
    // the company works again: the resumed export lifted its fence
    const fenced = await bus.request(Subjects.identity.companyFencedList, {
      ctx: operatorContext(),
      data: {},
    });
    expect(fenced).toEqual([]);
  }, 120_000);

  it('imports while tickets, then identity, is killed mid-step: the company arrives whole', async () => {
    const source = await countsOf(companyId);
    expect(source).toEqual({
      contacts: Seed.contacts,
      tickets: Seed.contacts * Seed.ticketsPerContact,
      messages: Seed.contacts * Seed.ticketsPerContact * Seed.messagesPerTicket,
    });
    // the company moves: it leaves this installation first (its users' e-mails are unique here)
    const erase = async (id: number) => {
      const run = await runCli(['tenant', 'erase', '--company', String(id), '--yes'], env);
      expect(run.code).toBe(0);
    };
    await erase(companyId);

    const first = await killDuring(
      ['tenant', 'import', '--file', bundle],
      { service: 'tickets', action: 'import' },
      'tickets',
    );
    expect(first.run.code).toBe(0);
    expect(first.operation.status).toBe('done');
    expect(retriesOf(first.operation, 'tickets', 'import')).toBeGreaterThanOrEqual(1);
    expect(await countsOf(first.operation.companyId)).toEqual(source);
    await erase(first.operation.companyId);

    // the second export's bundle, imported while the runner dies
    const second = await killDuring(
      ['tenant', 'import', '--file', path.join(work, 'again.swb')],
      { service: 'tickets', action: 'import' },
      'identity',
    );
    expect(second.run.code).toBe(0);
    expect(second.operation.status).toBe('done');
    expect(await countsOf(second.operation.companyId)).toEqual(source);
  }, 180_000);
});
