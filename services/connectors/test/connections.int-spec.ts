import {
  Subjects,
  type BusRequest,
  type CompanyCountsReply,
  type ConnectionRecord,
  type PlanLimitsReply,
  type RequestContext,
  type SendMessageCommand,
  type SendMessageResult,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, openTestBus } from '@sb/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DriverRegistry } from '../src/connections/driver-registry.js';
import { ConnectionsRepository } from '../src/connections/connections.repository.js';
import { ConnectionEventSink } from '../src/connections/connection-event-sink.js';
import type { ChannelDriver, DriverConnection } from '../src/drivers/channel-driver.js';
import { TransientChannelError } from '../src/drivers/channel-driver.js';
import { startConnectorsService } from '../src/index.js';
import { connectorsTenantPart } from '../src/tenant/connectors-tenant-part.js';

const S = Subjects.connectors;
const base = { requestId: 't', userId: 1, super: false, lang: 'en' };
const admin: RequestContext = { ...base, companyId: 1, profile: 'admin' };
const agent: RequestContext = { ...base, companyId: 1, profile: 'user' };
const otherAdmin: RequestContext = { ...base, companyId: 2, profile: 'admin' };
/** a company of its own for the edit-form tests */
const thirdAdmin: RequestContext = { ...base, companyId: 3, profile: 'admin' };
const anonymous = { ...base, companyId: 0, profile: 'anonymous' } as unknown as RequestContext;

/** Records what it was asked; the first send fails transiently once to exercise the governor. */
class FakeDriver implements ChannelDriver {
  readonly kind = 'whatsapp' as const;
  started: number[] = [];
  stopped: { id: number; logout: boolean }[] = [];
  sent: SendMessageCommand[] = [];
  failNext = 0;
  async start(connection: DriverConnection) {
    this.started.push(connection.id);
  }
  async stop(connection: DriverConnection, options: { logout: boolean }) {
    this.stopped.push({ id: connection.id, logout: options.logout });
  }
  async send(_connection: DriverConnection, command: SendMessageCommand) {
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new TransientChannelError('busy', 1);
    }
    this.sent.push(command);
    return {
      externalId: `x${this.sent.length}`,
      ack: 1,
      sentAt: new Date().toISOString(),
    } as const;
  }
  async revoke() {}
  async edit() {}
  async markRead() {}
  async checkContact(_c: DriverConnection, number: string) {
    return { exists: true, number };
  }
  async profilePicture() {
    return null;
  }
}

describe('connections over the in-process bus', () => {
  let bus: Bus;
  let service: RunningService & { app: INestApplicationContext };
  let db: pg.Pool;
  const driver = new FakeDriver();
  const planFor: Record<number, PlanLimitsReply> = {};

  beforeAll(async () => {
    bus = (await openTestBus('in-process', 'connectors-connections-int-spec'))!;
    for (const companyId of [1, 2, 3]) {
      planFor[companyId] = {
        companyId,
        planId: 1,
        limits: { users: 5, connections: 2, queues: 5 },
        flags: { useWhatsapp: true, useFacebook: false, useInstagram: false },
      } as PlanLimitsReply;
    }
    await bus.handle(Subjects.identity.planLimits, (payload: BusRequest) =>
      Promise.resolve(planFor[(payload.data as { companyId: number }).companyId]),
    );
    const database = await createTestDatabase();
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    service = (await startConnectorsService({
      bus,
      databaseUrl: database.url,
      env: { CONNECTORS_SEND_RETRY_BASE_MS: '1', JWT_SECRET: 'connections-int-spec-secret' },
    })) as RunningService & { app: INestApplicationContext };
    service.app.get(DriverRegistry).register(driver);
  });

  afterAll(async () => {
    await service?.close();
    await db?.end();
    await bus?.close();
  });

  const call = <T>(subject: string, data: unknown, ctx: RequestContext) =>
    bus.request(subject, { ctx, data }) as Promise<T>;
  const events = async (companyId: number) => {
    const { rows } = await db.query<{ subject: string }>(
      `SELECT subject FROM connectors.outbox_event WHERE company_id = $1 ORDER BY seq`,
      [companyId],
    );
    return rows.map((row) => row.subject);
  };

  let first: ConnectionRecord;
  let second: ConnectionRecord;

  it('creates the first connection as the default and starts its session', async () => {
    first = await call<ConnectionRecord>(S.connectionCreate, { name: 'Main' }, admin);
    expect(first).toMatchObject({
      name: 'Main',
      channel: 'whatsapp',
      isDefault: true,
      maxUseBotQueues: 3,
      provider: 'beta',
      queueIds: [],
    });
    expect(driver.started).toContain(first.id);
    expect(await events(1)).toContain('evt.1.connectors.connection.created');
  });

  it('moves the default to a new default connection and keeps secrets out of answers', async () => {
    second = await call<ConnectionRecord>(
      S.connectionCreate,
      {
        name: 'Cloud',
        channel: 'whatsappapi',
        isDefault: true,
        credentials: { phoneNumberId: '555', accessToken: 'secret' },
      },
      admin,
    );
    expect(second.isDefault).toBe(true);
    expect(JSON.stringify(second)).not.toContain('secret');
    // its ids come back for the edit dialog; the access token never does
    expect(second.cloudApi).toEqual({ phoneNumberId: '555', businessAccountId: '' });
    const list = await call<ConnectionRecord[]>(S.connectionList, {}, agent);
    expect(list.map((c) => [c.name, c.isDefault])).toEqual([
      ['Cloud', true],
      ['Main', false],
    ]);
    const { rows } = await db.query(
      `SELECT external_id FROM connectors.connections WHERE id = $1`,
      [second.id],
    );
    expect(rows[0].external_id).toBe('555');
  });

  it('stores the Cloud API token sealed, reads it back for the driver, and upgrades plain rows', async () => {
    const stored = async () =>
      (
        await db.query<{ credentials: Record<string, string> }>(
          'SELECT credentials FROM connectors.connections WHERE id = $1',
          [second.id],
        )
      ).rows[0]!.credentials;
    const sealed = await stored();
    expect(sealed.phoneNumberId).toBe('555');
    expect(sealed.accessToken).toMatch(/^enc:v1:0:/);
    expect(JSON.stringify(sealed)).not.toContain('secret');
    const repository = service.app.get(ConnectionsRepository);
    expect((await repository.getById(1, second.id)).credentials.accessToken).toBe('secret');
    // a row written before encryption: read as it is, sealed by the boot-time sweep
    await db.query(
      `UPDATE connectors.connections SET credentials = '{"phoneNumberId":"555","accessToken":"plain-old"}' WHERE id = $1`,
      [second.id],
    );
    expect((await repository.getById(1, second.id)).credentials.accessToken).toBe('plain-old');
    expect(await repository.resealCredentials()).toBe(1);
    expect((await stored()).accessToken).toMatch(/^enc:v1:0:/);
    expect((await repository.getById(1, second.id)).credentials.accessToken).toBe('plain-old');
    expect(await repository.resealCredentials()).toBe(0);
  });

  it('answers the external-API token to admins only', async () => {
    const withToken = await call<ConnectionRecord>(
      S.connectionUpdate,
      { id: second.id, token: 'ext-api-token-1' },
      admin,
    );
    expect(withToken.token).toBe('ext-api-token-1');
    expect((await call<ConnectionRecord>(S.connectionGet, { id: second.id }, admin)).token).toBe(
      'ext-api-token-1',
    );
    const asAgent = await call<ConnectionRecord>(S.connectionGet, { id: second.id }, agent);
    expect(asAgent.token).toBeNull();
    const list = await call<ConnectionRecord[]>(S.connectionList, {}, agent);
    expect(JSON.stringify(list)).not.toContain('ext-api-token-1');
  });

  it('records connection changes for the audit log, secrets masked', async () => {
    const { rows } = await db.query<{
      payload: { action: string; before: unknown; after: unknown };
    }>(
      `SELECT payload FROM connectors.outbox_event
        WHERE subject = 'evt.1.connectors.audit.recorded' ORDER BY seq`,
    );
    expect(rows.map((r) => r.payload.action)).toEqual(expect.arrayContaining(['create', 'update']));
    const text = JSON.stringify(rows);
    expect(text).not.toContain('ext-api-token-1');
    expect(text).not.toContain('"secret"');
    expect(text).toContain('"phoneNumberId":"555"');
  });

  it('applies the rules of the edit form', async () => {
    await expect(
      call(S.connectionUpdate, { id: second.id, name: 'Cloud', isDefault: false }, admin),
    ).rejects.toMatchObject({ code: 'ERR_NO_OTHER_WHATSAPP' });
    await expect(
      call(S.connectionUpdate, { id: first.id, name: 'Main', queueIds: [1, 2] }, admin),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_GREETING_REQUIRED' });
    const updated = await call<ConnectionRecord>(
      S.connectionUpdate,
      { id: first.id, name: 'Main', queueIds: [2, 1], greetingMessage: 'Hello' },
      admin,
    );
    expect(updated.queueIds).toEqual([1, 2]);
  });

  it('changes on update only the fields the request names, defaults apply on create only', async () => {
    const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const settings = {
      greetingMessage: 'Pick a queue',
      complationMessage: 'Bye',
      outOfHoursMessage: 'Closed',
      ratingMessage: 'Rate us 0 to 10',
      token: 'edit-form-token',
      provider: 'stable',
      maxUseBotQueues: 5,
      timeUseBotQueues: 2,
      expiresTicket: 60,
      expiresTicketNPS: 30,
      whenExpiresTicket: '1',
      expiresInactiveMessage: 'Closed for inactivity',
      timeInactiveMessage: 10,
      inactiveMessage: 'Still there?',
      maxUseBotQueuesNPS: 4,
      timeSendQueue: 15,
      sendIdQueue: 2,
      timeCreateNewTicket: 20,
      allowGroup: true,
      groupAsTicket: 'enabled',
      importOldMessages: monthAgo,
      importOldMessagesGroups: true,
      closedTicketsPostImported: true,
      integrationId: 7,
      promptId: 8,
      queueIds: [1, 2],
      schedules: [
        {
          weekday: 'Segunda-feira',
          weekdayEn: 'monday',
          startTimeA: '08:00',
          endTimeA: '12:00',
          startTimeB: '13:00',
          endTimeB: '18:00',
        },
      ],
      sendLimits: {
        days: [1, 2, 3, 4, 5],
        periods: [
          { start: '08:00', end: '12:00' },
          { start: '13:00', end: '18:00' },
        ],
        dailyCap: 500,
        warmUpDays: 7,
      },
    } as const;
    const created = await call<ConnectionRecord>(
      S.connectionCreate,
      { name: 'Tuned', ...settings },
      thirdAdmin,
    );
    expect(created).toMatchObject({ name: 'Tuned', isDefault: true, ...settings });

    const renamed = await call<ConnectionRecord>(
      S.connectionUpdate,
      { id: created.id, name: 'Renamed' },
      thirdAdmin,
    );
    const { updatedAt: _before, ...kept } = created;
    const { updatedAt: _after, ...stored } = await call<ConnectionRecord>(
      S.connectionGet,
      { id: created.id },
      thirdAdmin,
    );
    expect(stored).toEqual({ ...kept, name: 'Renamed' });
    expect(renamed).toMatchObject({ ...kept, name: 'Renamed' });

    // the rules that tie fields together see the stored connection with the change applied
    await expect(
      call(S.connectionUpdate, { id: created.id, greetingMessage: '' }, thirdAdmin),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_GREETING_REQUIRED' });
    await expect(
      call(S.connectionUpdate, { id: created.id, isDefault: false }, thirdAdmin),
    ).rejects.toMatchObject({ code: 'ERR_NO_OTHER_WHATSAPP' });
    await expect(
      call(S.connectionUpdate, { id: created.id, importRecentMessages: '2001-01-01' }, thirdAdmin),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    await expect(
      call(S.connectionUpdate, { id: created.id, timeCreateNewTicket: -1 }, thirdAdmin),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    // a warm-up needs a daily cap; a period ends after it starts
    const limits = settings.sendLimits;
    for (const sendLimits of [
      { ...limits, dailyCap: null },
      { ...limits, periods: [{ start: '18:00', end: '08:00' }] },
    ]) {
      await expect(
        call(S.connectionUpdate, { id: created.id, sendLimits }, thirdAdmin),
      ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    }
    const cleared = await call<ConnectionRecord>(
      S.connectionUpdate,
      { id: created.id, queueIds: [1], greetingMessage: null, sendIdQueue: null },
      thirdAdmin,
    );
    expect(cleared).toMatchObject({
      name: 'Renamed',
      queueIds: [1],
      greetingMessage: null,
      sendIdQueue: null,
      groupAsTicket: 'enabled',
      integrationId: 7,
      promptId: 8,
    });
  });

  // the limit counts connections per channel: Main and Second are both whatsapp
  it('enforces plan flags and limits', async () => {
    await expect(
      call(S.connectionCreate, { name: 'Page', channel: 'facebook' }, admin),
    ).rejects.toMatchObject({ code: 'ERR_PLAN_FEATURE_DISABLED' });
    await call(S.connectionCreate, { name: 'Second' }, admin);
    await expect(call(S.connectionCreate, { name: 'Third' }, admin)).rejects.toMatchObject({
      code: 'ERR_PLAN_LIMIT_REACHED',
    });
  });

  it('keeps users and other companies out', async () => {
    await expect(call(S.connectionCreate, { name: 'Nope' }, agent)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await expect(call(S.connectionGet, { id: first.id }, otherAdmin)).rejects.toMatchObject({
      code: 'ERR_NO_WAPP_FOUND',
    });
    await expect(call(S.connectionDelete, { id: first.id }, otherAdmin)).rejects.toMatchObject({
      code: 'ERR_NO_WAPP_FOUND',
    });
  });

  it('stores what the driver reports and hides the QR with session=0', async () => {
    const sink = service.app.get(ConnectionEventSink);
    await sink.sessionStatus(first.id, { status: 'qrcode', qrcode: 'QR-DATA', retries: 1 });
    expect(await call<ConnectionRecord>(S.connectionGet, { id: first.id }, agent)).toMatchObject({
      status: 'qrcode',
      qrcode: 'QR-DATA',
      retries: 1,
    });
    expect(
      (await call<ConnectionRecord>(S.connectionGet, { id: first.id, session: 0 }, agent)).qrcode,
    ).toBeNull();
    expect(await events(1)).toContain('evt.1.connectors.session.updated');
  });

  it('sends only through a connected session, retrying transient failures', async () => {
    const command = {
      connectionId: first.id,
      peer: { number: '5511', isGroup: false },
      body: 'hi',
    };
    await expect(call(S.messageSend, command, agent)).rejects.toMatchObject({
      code: 'ERR_WAPP_NOT_INITIALIZED',
    });
    await service.app
      .get(ConnectionEventSink)
      .sessionStatus(first.id, { status: 'CONNECTED', qrcode: null, number: '5500' });
    driver.failNext = 1;
    const result = await call<SendMessageResult>(S.messageSend, command, agent);
    expect(result.externalId).toBe('x1');
    await expect(call(S.messageSend, command, otherAdmin)).rejects.toMatchObject({
      code: 'ERR_NO_WAPP_FOUND',
    });
  });

  it("counts each company's connections for the super user only (the companies screen)", async () => {
    const own = (await call<ConnectionRecord[]>(S.connectionList, {}, admin)).length;
    const others = (await call<ConnectionRecord[]>(S.connectionList, {}, otherAdmin)).length;
    const superUser = { ...admin, super: true };
    const reply = await call<CompanyCountsReply>(
      S.connectionCount,
      { companyIds: [1, 2, 999] },
      superUser,
    );
    expect(own).toBeGreaterThan(0);
    expect(reply.counts).toEqual([
      { companyId: 1, count: own },
      { companyId: 2, count: others },
      { companyId: 999, count: 0 },
    ]);
    await expect(call(S.connectionCount, { companyIds: [1] }, admin)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await expect(call(S.connectionCount, { companyIds: ['x'] }, superUser)).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
    });
  });

  it('answers notification.send from the default connection', async () => {
    // the default (Cloud) has no driver here and is not connected
    await expect(
      call(S.notificationSend, { companyId: 1, to: '+55 11 9999', body: 'code' }, anonymous),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
    await call(S.connectionUpdate, { id: first.id, name: 'Main', isDefault: true }, admin);
    await call(S.notificationSend, { companyId: 1, to: '+55 11 9999', body: 'code' }, anonymous);
    expect(driver.sent.at(-1)).toMatchObject({ peer: { number: '55119999' }, body: 'code' });
    await expect(
      call(S.notificationSend, { companyId: 2, to: '1', body: 'x' }, anonymous),
    ).rejects.toMatchObject({ code: 'ERR_NO_DEF_WAPP_FOUND' });
  });

  it('closes the imported tickets through the tickets service and clears the import status', async () => {
    const asked: unknown[] = [];
    await bus.handle(Subjects.tickets.ticketCloseImported, (payload: BusRequest) => {
      asked.push(payload.data);
      return Promise.resolve({ closed: 4 });
    });
    await db.query(
      `UPDATE connectors.connections SET status_import_messages = 'renderButtonCloseTickets' WHERE id = $1`,
      [second.id],
    );
    await expect(call(S.closeImported, { id: second.id }, agent)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
    await expect(call(S.closeImported, { id: second.id }, otherAdmin)).rejects.toMatchObject({
      code: 'ERR_NO_WAPP_FOUND',
    });
    await expect(call(S.closeImported, { id: second.id }, admin)).resolves.toEqual({ closed: 4 });
    expect(asked).toEqual([{ connectionId: second.id }]);
    expect(
      (await call<ConnectionRecord>(S.connectionGet, { id: second.id }, admin))
        .statusImportMessages,
    ).toBeNull();
  });

  it("starts an imported company's live sessions with their pairing, not the disconnected", async () => {
    const { rows } = await db.query<{ id: number; status: string }>(
      `INSERT INTO connectors.connections (company_id, name, channel, status)
       VALUES (4, 'Live', 'whatsapp', 'CONNECTED'), (4, 'Off', 'whatsapp', 'DISCONNECTED')
       RETURNING id, status`,
    );
    const live = rows.find((row) => row.status === 'CONNECTED')!.id;
    const off = rows.find((row) => row.status === 'DISCONNECTED')!.id;
    const request = { operationId: randomUUID(), bundleId: randomUUID(), sourceCompanyId: 9 };
    await connectorsTenantPart.afterImport!({ ...request, companyId: 4 }, service.app);
    expect(driver.started).toContain(live);
    expect(driver.started).not.toContain(off);
  });

  it('disconnects with a logout and deletes, handing the default on', async () => {
    await call(S.sessionDisconnect, { id: first.id }, admin);
    expect(driver.stopped).toContainEqual({ id: first.id, logout: true });
    expect((await call<ConnectionRecord>(S.connectionGet, { id: first.id }, admin)).status).toBe(
      'DISCONNECTED',
    );
    await call(S.connectionDelete, { id: first.id }, admin);
    const list = await call<ConnectionRecord[]>(S.connectionList, {}, admin);
    expect(list.filter((c) => c.isDefault)).toHaveLength(1);
    expect(await events(1)).toContain('evt.1.connectors.connection.deleted');
  });
});
