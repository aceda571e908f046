import pg from 'pg';
import { startIdentityService } from '@sb/identity';
import { startReportingService } from '@sb/reporting';
import type { AuthResult, DomainEvent, UserCreatedEventData } from '@sb/contracts';
import { createLogger } from '@sb/platform/logger';
import type { RunningService } from '@sb/platform/nest';
import { IdentityDirectory, systemContext } from '@sb/tickets/directories';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import {
  busKinds,
  json,
  jwtSecret,
  startIdentityStack,
  stopIdentityStack,
  waitFor,
  type IdentityStack,
} from './support/gateway-harness.js';

/**
 * Every way a user comes to exist publishes identity.user.created, which the replicas of tickets (the
 * users replica of its IdentityDirectory) and reporting (user_directory: the attendants table,
 * ticketsUsers) are built from: the seeded super admin, a public signup's admin, the first admin of a company the super
 * user creates, a user of the users screen, and the users of an older installation, published once on
 * start. Over NATS, where reporting reads the event stream from its start as in production.
 */

const kinds = (await busKinds()).filter((kind) => kind.name === 'NATS');
const humanToken = 'human';

describe.each(kinds)('user creation reaches the replicas over $name', (kind) => {
  let stack: IdentityStack;
  let reportingDb: TestDatabase;
  let reporting: RunningService | undefined;
  let identityDb: pg.Pool;
  let reportingRows: pg.Pool;
  let superToken: string;
  /** the identity.user.created events on the bus */
  const created: DomainEvent<UserCreatedEventData>[] = [];
  /**
   * tickets' users replica, loaded for a company before its user is made (a company the form or signup
   * makes next is loaded empty beforehand), and resynced never: only the event can bring the user in
   */
  let tickets: IdentityDirectory;
  const env = {
    JWT_SECRET: jwtSecret,
    ADMIN_EMAIL: 'root@replicas.test',
    ADMIN_PASSWORD: 'root-replicas-pw',
    AUTH_RATE_LIMIT: '0',
    REPLICA_RESYNC_MS: String(3_600_000),
  };

  const api = async (path: string, method: string, body?: unknown, token?: string) => {
    const res = await fetch(`${stack.gateway.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return json(res);
  };
  const login = async (email: string, password: string) =>
    (await api('/auth/login', 'POST', {
      email,
      password,
      'cf-turnstile-response': humanToken,
    })) as AuthResult;

  /** reporting's row of the user, once the projection has it (undefined after 10 s) */
  const inReporting = async (companyId: number, userId: number) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await reportingRows.query<{ name: string; profile: string }>(
        `SELECT name, profile FROM reporting.user_directory WHERE company_id = $1 AND user_id = $2`,
        [companyId, userId],
      );
      if (rows[0] || Date.now() > deadline) return rows[0];
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** tickets' replica of the company's users (the copy it holds: no lookup for a missing id) */
  const ticketsUsers = (companyId: number) => tickets.users(systemContext(companyId));
  /** whether tickets' replica holds the user within 10 s */
  const inTickets = async (companyId: number, userId: number) => {
    const deadline = Date.now() + 10_000;
    while (!(await ticketsUsers(companyId)).has(userId) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return (await ticketsUsers(companyId)).get(userId);
  };
  /** the id the next company gets, its replica in tickets loaded (empty) before it exists */
  const nextCompanyLoaded = async () => {
    const { rows } = await identityDb.query<{ id: number }>(
      `SELECT coalesce(max(id), 0) + 1 AS id FROM identity.companies`,
    );
    const id = rows[0]!.id;
    expect((await ticketsUsers(id)).size).toBe(0);
    return id;
  };

  /** the user's identity.user.created event, once it went out */
  const publishedFor = async (userId: number) => {
    await waitFor(
      () => created.some((event) => event.data.user.id === userId),
      10_000,
      `identity.user.created of ${userId}`,
    );
    return created.filter((event) => event.data.user.id === userId);
  };

  beforeAll(async () => {
    reportingDb = await createTestDatabase('gateway_user_replicas_reporting');
    stack = await startIdentityStack(kind, {
      database: 'gateway_user_replicas',
      env,
      gateway: { botVerifier: { enabled: true, verify: async (t?: string) => t === humanToken } },
      beforeGateway: async (buses) => {
        await buses.serviceBus.subscribe('evt.*.identity.user.created', (event: DomainEvent) => {
          created.push(event as DomainEvent<UserCreatedEventData>);
        });
        reporting = await startReportingService({
          bus: buses.serviceBus,
          databaseUrl: reportingDb.url,
          env,
        });
      },
    });
    tickets = new IdentityDirectory(stack.buses.serviceBus, createLogger('tickets-replica'), env);
    await tickets.onApplicationBootstrap();
    identityDb = new pg.Pool({ connectionString: stack.database.url, max: 2 });
    reportingRows = new pg.Pool({ connectionString: reportingDb.url, max: 2 });
    superToken = (await login(env.ADMIN_EMAIL, env.ADMIN_PASSWORD)).token;
  }, 120_000);

  afterAll(async () => {
    await tickets?.onModuleDestroy();
    await identityDb?.end();
    await reportingRows?.end();
    await reporting?.close();
    await stopIdentityStack(stack ?? {});
    await reportingDb?.drop();
  });

  it('the seeded super admin', async () => {
    const root = (await login(env.ADMIN_EMAIL, env.ADMIN_PASSWORD)).user;
    expect(await inReporting(1, root.id)).toEqual({ name: root.name, profile: 'admin' });
    // loaded here after the seed: tickets learns the seeded admin from its load, not the event
    expect(await inTickets(1, root.id)).toMatchObject({ profile: 'admin' });
  });

  it("the first admin of a company made with the super user's form", async () => {
    const plan = (await login(env.ADMIN_EMAIL, env.ADMIN_PASSWORD)).user.company.planId;
    const nextId = await nextCompanyLoaded();
    const company = (await api(
      '/companies',
      'POST',
      {
        name: 'Replica Co',
        email: 'first-admin@replicas.test',
        password: 'first-pw-1',
        planId: plan,
      },
      superToken,
    )) as { id: number };
    const admin = (await login('first-admin@replicas.test', 'first-pw-1')).user;
    expect(company.id).toBe(nextId);
    expect(admin.company.id).toBe(company.id);
    const [event, ...again] = await publishedFor(admin.id);
    expect(again).toEqual([]);
    expect(event).toMatchObject({
      companyId: company.id,
      data: { user: { id: admin.id, companyId: company.id, profile: 'admin', queueIds: [] } },
    });
    expect(await inReporting(company.id, admin.id)).toEqual({
      name: 'Replica Co',
      profile: 'admin',
    });
    expect(await inTickets(company.id, admin.id)).toMatchObject({
      name: 'Replica Co',
      profile: 'admin',
    });
  });

  it('the admin of a public signup', async () => {
    const planId = (
      await identityDb.query<{ id: number }>(
        `INSERT INTO identity.plans (name, users, connections, queues, amount, is_public)
         VALUES ('Replica Start', 3, 1, 2, 49.90, true) RETURNING id`,
      )
    ).rows[0]!.id;
    const nextId = await nextCompanyLoaded();
    const answer = (await api('/auth/signup', 'POST', {
      name: 'Sol Signup',
      companyName: 'Signup Co',
      email: 'sol@replicas.test',
      password: 'sol-password',
      phone: '+55 11 97777-0001',
      planId,
      'cf-turnstile-response': humanToken,
    })) as unknown;
    expect(answer).toBeDefined();
    const admin = (await login('sol@replicas.test', 'sol-password')).user;
    const [event] = await publishedFor(admin.id);
    expect(event?.data.user).toMatchObject({ id: admin.id, name: 'Sol Signup', profile: 'admin' });
    expect(admin.company.id).toBe(nextId);
    expect(await inReporting(admin.company.id, admin.id)).toEqual({
      name: 'Sol Signup',
      profile: 'admin',
    });
    expect(await inTickets(nextId, admin.id)).toMatchObject({
      name: 'Sol Signup',
      profile: 'admin',
    });
  });

  it('a user of the users screen', async () => {
    const before = new Set((await ticketsUsers(1)).keys());
    const user = (await api(
      '/users',
      'POST',
      { name: 'Ugo Agent', email: 'ugo@replicas.test', password: 'ugo-pass-1', profile: 'user' },
      superToken,
    )) as { id: number };
    const [event] = await publishedFor(user.id);
    expect(event?.data.user).toMatchObject({ id: user.id, companyId: 1, profile: 'user' });
    expect(before.has(user.id)).toBe(false);
    expect(await inReporting(1, user.id)).toEqual({ name: 'Ugo Agent', profile: 'user' });
    expect(await inTickets(1, user.id)).toMatchObject({ name: 'Ugo Agent', profile: 'user' });
  });

  it('the users of an older installation, published once when identity starts', async () => {
    // a user the old company form wrote without its event, queued as migration 1800000160000 does
    const { id } = (
      await identityDb.query<{ id: number }>(
        `INSERT INTO identity.users (company_id, name, email, password_hash, profile)
         VALUES (1, 'Old Admin', 'old-admin@replicas.test', 'x', 'admin') RETURNING id`,
      )
    ).rows[0]!;
    await identityDb.query(
      `INSERT INTO identity.pending_user_events (user_id, company_id) VALUES ($1, 1)`,
      [id],
    );
    // tickets loaded company 1 before this user existed
    expect((await ticketsUsers(1)).has(id)).toBe(false);
    await stack.identity.close();
    stack.identity = await startIdentityService({
      bus: stack.buses.serviceBus,
      databaseUrl: stack.database.url,
      env,
    });
    expect(await publishedFor(id)).toHaveLength(1);
    expect(await inReporting(1, id)).toEqual({ name: 'Old Admin', profile: 'admin' });
    expect(await inTickets(1, id)).toMatchObject({ name: 'Old Admin', profile: 'admin' });
    const left = await identityDb.query(`SELECT user_id FROM identity.pending_user_events`);
    expect(left.rows).toEqual([]);
  });
});
