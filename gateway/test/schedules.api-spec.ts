import type { Socket } from 'socket.io-client';
import { startCampaignsService } from '@sb/campaigns';
import {
  Subjects,
  socketEvent,
  type AuthResult,
  type BusRequest,
  type ConnectionRecord,
  type ScheduleRecord,
  type SchedulesPage,
  type SendMessageCommand,
  type SendMessageResult,
} from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import { startTicketsService } from '@sb/tickets';
import {
  busKinds,
  connectSocket,
  json,
  jwtSecret,
  recordEvents,
  signAccessToken,
  startIdentityStack,
  stopIdentityStack,
  waitFor,
  type IdentityStack,
} from './support/gateway-harness.js';

// Schedules through the gateway with the real identity, tickets and campaigns (its sender polling), and a
// stand-in for connectors (the company's connections and the channel send). Roles: a plain user and an
// admin of company 1, the admin of another company; `noPlan` is company 1's admin on a plan without
// useSchedules. `2xx` means any success, 403 a refused role or plan, 404 another tenant's id.

type Role = 'user' | 'admin' | 'otherAdmin';
type Expected = '2xx' | 403 | 404;
type Fixture = { contactId: number; userScheduleId: number; doomedId: number };
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  expect: [Role, Expected][];
};

const root = { email: 'root@schedules.test', password: 'schedules-root-pw' };
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

const table: Row[] = [
  {
    method: 'GET',
    path: () => '/schedules?searchParam=&pageNumber=1',
    expect: [
      ['user', '2xx'],
      ['admin', '2xx'],
      ['otherAdmin', '2xx'],
    ],
  },
  {
    method: 'GET',
    path: (f) => `/schedules/${f.userScheduleId}`,
    expect: [
      ['user', '2xx'],
      ['admin', '2xx'],
      ['otherAdmin', 404],
    ],
  },
  {
    method: 'POST',
    path: () => '/schedules',
    body: (f) => ({ body: 'Walk schedule', contactId: f.contactId, sendAt: inAnHour() }),
    // another company's admin names a contact of company 1: not found
    expect: [
      ['user', '2xx'],
      ['admin', '2xx'],
      ['otherAdmin', 404],
    ],
  },
  {
    method: 'PUT',
    path: (f) => `/schedules/${f.userScheduleId}`,
    body: (f) => ({ body: 'Walk schedule edited', contactId: f.contactId, sendAt: inAnHour() }),
    expect: [
      ['user', '2xx'],
      ['admin', '2xx'],
      ['otherAdmin', 404],
    ],
  },
  {
    method: 'DELETE',
    path: (f) => `/schedules/${f.doomedId}`,
    expect: [
      ['user', 403],
      ['otherAdmin', 404],
      ['admin', '2xx'],
    ],
  },
];

const kinds = await busKinds();

describe.each(kinds)('schedules over the $name', (kind) => {
  let stack: IdentityStack;
  let ticketsDb: TestDatabase;
  let campaignsDb: TestDatabase;
  let tickets: RunningService;
  let campaigns: RunningService;
  const tokens = {} as Record<Role | 'super' | 'noPlan', string>;
  let fixture: Fixture;
  let adminSession: AuthResult;
  /** the default connection connectors reports; its status decides whether sends are refused */
  const defaultConnection = { status: 'CONNECTED' as ConnectionRecord['status'] };
  const channelSends: SendMessageCommand[] = [];
  const sockets: Socket[] = [];

  const url = (path: string) => `${stack.gateway.url}${path}`;
  const call = (role: keyof typeof tokens, method: string, path: string, body?: unknown) =>
    fetch(url(path), {
      method,
      headers: {
        authorization: `Bearer ${tokens[role]}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const ok = async <T>(res: Response): Promise<T> => {
    if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
    return (await json(res)) as T;
  };
  const login = async (email: string, password: string): Promise<AuthResult> =>
    ok<AuthResult>(
      await fetch(url('/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }),
    );
  const schedule = (role: Role, body: string, sendAt = inAnHour()) =>
    call(role, 'POST', '/schedules', { body, contactId: fixture.contactId, sendAt }).then((res) =>
      ok<ScheduleRecord>(res),
    );
  const statusOf = async (id: number) =>
    (await ok<ScheduleRecord>(await call('admin', 'GET', `/schedules/${id}`))).status;

  beforeAll(async () => {
    const env = {
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: root.email,
      ADMIN_PASSWORD: root.password,
      AUTH_RATE_LIMIT: '0',
      SCHEDULE_POLL_MS: '100',
    };
    ticketsDb = await createTestDatabase('gateway_schedules_tickets');
    campaignsDb = await createTestDatabase('gateway_schedules_campaigns');
    stack = await startIdentityStack(kind, {
      database: 'gateway_schedules',
      env,
      beforeGateway: async (buses) => {
        // connectors stand-in: one default WhatsApp connection and a channel that accepts every send
        await buses.serviceBus.handle(
          Subjects.connectors.connectionList,
          (payload: BusRequest) =>
            Promise.resolve([
              {
                id: 1,
                companyId: payload.ctx.companyId,
                name: 'Main phone',
                channel: 'whatsapp',
                status: defaultConnection.status,
                isDefault: true,
              } as ConnectionRecord,
            ]),
          { queue: 'connectors' },
        );
        await buses.serviceBus.handle(
          Subjects.connectors.messageSend,
          (payload: BusRequest) => {
            channelSends.push(payload.data as SendMessageCommand);
            const reply: SendMessageResult = {
              externalId: `wamid.${channelSends.length}`,
              ack: 1,
              sentAt: new Date().toISOString(),
            };
            return Promise.resolve(reply);
          },
          { queue: 'connectors' },
        );
        tickets = await startTicketsService({
          bus: buses.serviceBus,
          databaseUrl: ticketsDb.url,
          env,
        });
        campaigns = await startCampaignsService({
          bus: buses.serviceBus,
          databaseUrl: campaignsDb.url,
          env,
        });
      },
    });
    const superSession = await login(root.email, root.password);
    tokens.super = superSession.token;
    const planId = superSession.user.company.planId;
    await ok(
      await call('super', 'POST', '/companies', {
        name: 'Schedules Other Co',
        email: 'other-admin@schedules.test',
        password: 'other-pass-1',
        planId,
      }),
    );
    tokens.otherAdmin = (await login('other-admin@schedules.test', 'other-pass-1')).token;
    for (const profile of ['admin', 'user'] as const) {
      await ok(
        await call('super', 'POST', '/users', {
          name: `Schedules ${profile}`,
          email: `${profile}@schedules.test`,
          password: 'schedules-pass-1',
          profile,
        }),
      );
      const session = await login(`${profile}@schedules.test`, 'schedules-pass-1');
      tokens[profile] = session.token;
      if (profile === 'admin') adminSession = session;
    }
    // the same admin on a plan without useSchedules (the guard reads the token's plan flags)
    tokens.noPlan = await signAccessToken({
      sub: String(adminSession.user.id),
      cid: adminSession.user.companyId,
      profile: 'admin',
      flags: [],
    });
    const contact = await ok<{ id: number }>(
      await call('admin', 'POST', '/contacts', { name: 'Scheduled Sam', number: '5511955550001' }),
    );
    fixture = { contactId: contact.id, userScheduleId: 0, doomedId: 0 };
    fixture.userScheduleId = (await schedule('user', 'Kept user schedule')).id;
    fixture.doomedId = (await schedule('user', 'Doomed user schedule')).id;
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await campaigns?.close();
    await tickets?.close();
    await stopIdentityStack(stack ?? {});
    await ticketsDb?.drop();
    await campaignsDb?.drop();
  }, 30_000);

  const named = new Proxy({} as Fixture, { get: (_t, key) => `:${String(key)}` });
  const label = (row: Row) => `${row.method} ${row.path(named)}`;

  describe('permission walk', () => {
    it.each(table.map((row) => [label(row), row] as const))('%s', async (_label, row) => {
      for (const [role, expected] of row.expect) {
        const res = await call(role, row.method, row.path(fixture), row.body?.(fixture));
        const body = await res.text();
        const got = res.status >= 200 && res.status < 300 ? '2xx' : res.status;
        expect({ role, status: got, body: got === expected ? '' : body }).toEqual({
          role,
          status: expected,
          body: '',
        });
      }
    });

    it.each(table.map((row) => [label(row), row] as const))(
      '%s is refused without useSchedules',
      async (_label, row) => {
        const res = await call('noPlan', row.method, row.path(fixture), row.body?.(fixture));
        expect(res.status).toBe(403);
        expect(await json(res)).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED' });
      },
    );
  });

  it('keeps an agent to their own schedules and shows an admin the company', async () => {
    const adminOwn = await schedule('admin', 'Admin own schedule');
    const mine = await ok<SchedulesPage>(await call('user', 'GET', '/schedules'));
    expect(mine.schedules.map((s) => s.id)).not.toContain(adminOwn.id);
    expect(mine.schedules.map((s) => s.id)).toContain(fixture.userScheduleId);
    const all = await ok<SchedulesPage>(await call('admin', 'GET', '/schedules'));
    expect(all.schedules.map((s) => s.id)).toEqual(
      expect.arrayContaining([adminOwn.id, fixture.userScheduleId]),
    );
    expect((await call('user', 'GET', `/schedules/${adminOwn.id}`)).status).toBe(404);
    const other = await ok<SchedulesPage>(await call('otherAdmin', 'GET', '/schedules'));
    expect(other.schedules).toEqual([]);
    const record = all.schedules.find((s) => s.id === fixture.userScheduleId)!;
    expect(record).toMatchObject({
      contact: { id: fixture.contactId, name: 'Scheduled Sam' },
      user: { name: 'Schedules user' },
      status: 'PENDENTE',
    });
  });

  it('answers bad input with 400 and the failing fields', async () => {
    const short = await call('user', 'POST', '/schedules', {
      body: 'Hey',
      contactId: fixture.contactId,
      sendAt: inAnHour(),
    });
    expect(short.status).toBe(400);
    expect(await json(short)).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { body: ['Mensagem muito curta'] },
    });
    const missing = await call('user', 'POST', '/schedules', { body: 'Hello there' });
    expect(missing.status).toBe(400);
    expect(await json(missing)).toMatchObject({
      fields: { contactId: ['Obrigatório'], sendAt: ['Obrigatório'] },
    });
    const unknown = await call('user', 'GET', '/schedules/999999');
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ error: 'ERR_NO_SCHEDULE_FOUND' });
  });

  it('sends a due schedule through tickets and tells the company, without the body', async () => {
    const socket = await connectSocket(stack.gateway.url, {
      token: tokens.admin,
      query: {
        companyId: String(adminSession.user.companyId),
        userId: String(adminSession.user.id),
      },
    });
    sockets.push(socket);
    const received = recordEvents(socket);
    const due = await schedule('user', 'Your parcel left today', new Date().toISOString());
    await waitFor(
      () =>
        received.some(
          (r) =>
            r.event === socketEvent.company(adminSession.user.companyId, 'schedule') &&
            (r.payload as { scheduleId: number; status?: string }).scheduleId === due.id &&
            (r.payload as { status?: string }).status === 'ENVIADA',
        ),
      15_000,
      'the schedule sent event',
    );
    const sent = await ok<ScheduleRecord>(await call('user', 'GET', `/schedules/${due.id}`));
    expect(sent).toMatchObject({ status: 'ENVIADA', error: null });
    expect(sent.sentAt).not.toBeNull();
    const created = received.find(
      (r) => (r.payload as { action?: string; scheduleId?: number }).scheduleId === due.id,
    )!;
    expect(created.payload).toEqual({
      action: 'create',
      scheduleId: due.id,
      userId: due.userId,
      status: 'PENDENTE',
    });
    // the message reached the channel from the contact's ticket on the default connection
    await waitFor(
      () => channelSends.some((s) => s.body.includes('Your parcel left today')),
      5_000,
      'the channel send',
    );
    expect(channelSends.find((s) => s.body.includes('Your parcel left today'))).toMatchObject({
      connectionId: 1,
      peer: expect.objectContaining({ number: '5511955550001' }),
    });
    // and the sent schedule is history
    const edit = await call('user', 'PUT', `/schedules/${due.id}`, {
      body: 'Too late to change',
      contactId: fixture.contactId,
      sendAt: inAnHour(),
    });
    expect(edit.status).toBe(409);
    expect(await json(edit)).toMatchObject({ error: 'ERR_SCHEDULE_NOT_EDITABLE' });
  });

  it('records ERRO with the reason when the default connection is down', async () => {
    defaultConnection.status = 'DISCONNECTED';
    try {
      const due = await schedule('user', 'Nobody is connected', new Date().toISOString());
      const deadline = Date.now() + 15_000;
      while ((await statusOf(due.id)) === 'PENDENTE' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const failed = await ok<ScheduleRecord>(await call('user', 'GET', `/schedules/${due.id}`));
      expect(failed).toMatchObject({
        status: 'ERRO',
        error: 'ERR_WAPP_NOT_INITIALIZED',
        sentAt: null,
      });
      expect(channelSends.some((s) => s.body.includes('Nobody is connected'))).toBe(false);
    } finally {
      defaultConnection.status = 'CONNECTED';
    }
  });
});
