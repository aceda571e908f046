import {
  CloseImportedTicketsStatus,
  Subjects,
  type BusRequest,
  type ConnectionRecord,
  type DomainEvent,
  type HistoryImportEventData,
  type InboundMessageEventData,
  type PlanLimitsReply,
  type RequestContext,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { RunningService } from '@sb/platform/nest';
import { FakeBaileys, createTestDatabase, openTestBus, type TestDatabase } from '@sb/testing';
import pg from 'pg';
import { startConnectorsService } from '../src/index.js';
import type { SocketFactory } from '../src/baileys/index.js';

/**
 * The Baileys history import (spec 2 §3 import fields, §4 "Message import"; BEHAVIOUR.md §10): the
 * history a new pairing reports is kept between the two import dates, replayed after a quiet as
 * imported inbound messages, with its progress (company-<id>-importMessages) and the connection's
 * import state; on real Postgres and NATS (the in-process bus when no NATS answers).
 */

const S = Subjects.connectors;
const base = { requestId: 't', userId: 1, super: false, lang: 'en' };
const admin: RequestContext = { ...base, companyId: 1, profile: 'admin' };
const otherAdmin: RequestContext = { ...base, companyId: 2, profile: 'admin' };
const day = 86_400_000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

const waitFor = async (check: () => Promise<boolean> | boolean, withinMs = 15_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('history import of a Baileys connection (fake Baileys)', () => {
  let database: TestDatabase;
  let db: pg.Pool;
  let bus: Bus;
  let service: RunningService;
  const phone = new FakeBaileys();
  const progress: DomainEvent<HistoryImportEventData>[] = [];

  const call = <T>(subject: string, data: unknown, ctx: RequestContext = admin) =>
    bus.request(subject, { ctx, data }) as Promise<T>;
  const stored = async (id: number) =>
    (
      await db.query<{
        status_import_messages: string | null;
        import_old_messages: string | null;
        import_recent_messages: string | null;
        status: string;
      }>('SELECT * FROM connectors.connections WHERE id = $1', [id])
    ).rows[0]!;
  const imported = async (connectionId: number) =>
    (
      await db.query<{ payload: DomainEvent<InboundMessageEventData>['data'] }>(
        `SELECT payload FROM connectors.outbox_event
          WHERE subject LIKE 'evt.%.connectors.message.received'
            AND (payload->>'connectionId')::int = $1 ORDER BY seq`,
        [connectionId],
      )
    ).rows.map((row) => row.payload);
  /** pairs the connection's session: the fake phone opens it */
  const pair = async (connection: ConnectionRecord) => {
    await waitFor(() => Boolean(phone.live(connection.id)));
    phone.live(connection.id)!.emit('connection.update', { connection: 'open' });
    await waitFor(async () => (await stored(connection.id)).status === 'CONNECTED');
    return phone.live(connection.id)!;
  };

  beforeAll(async () => {
    bus =
      (await openTestBus('nats', 'connectors-history-import-int-spec')) ??
      (await openTestBus('in-process', 'connectors-history-import-int-spec'))!;
    await bus.handle(Subjects.identity.planLimits, (payload: BusRequest) =>
      Promise.resolve({
        companyId: (payload.data as { companyId: number }).companyId,
        planId: 1,
        limits: { users: 5, connections: 5, queues: 5 },
        flags: { useWhatsapp: true, useFacebook: true, useInstagram: true },
      } as PlanLimitsReply),
    );
    await bus.subscribe('evt.*.connectors.history-import.progress', (event) => {
      progress.push(event as DomainEvent<HistoryImportEventData>);
    });
    database = await createTestDatabase('history_import');
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    service = await startConnectorsService(
      {
        bus,
        databaseUrl: database.url,
        env: { JWT_SECRET: 'test-secret', WHATSAPP_HISTORY_QUIET_MS: '400' },
      },
      { whatsappSocketFactory: phone.factory as SocketFactory },
    );
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    await bus?.close();
    await db?.end();
    await database?.drop();
  });

  it('replays the history between the import dates as imported messages, with its progress', async () => {
    const now = Date.now();
    const connection = await call<ConnectionRecord>(S.connectionCreate, {
      name: 'Imported line',
      importOldMessages: isoDay(now - 10 * day),
      importRecentMessages: isoDay(now),
      importOldMessagesGroups: false,
    });
    const socket = await pair(connection);
    const at = (daysAgo: number) => new Date(now - daysAgo * day);
    // Baileys reports the history in parts: 12 messages of the window in two conversations (one
    // repeated in the second part), one too old, one of a group (not asked), one status broadcast
    const inWindow = Array.from({ length: 12 }, (_, i) =>
      FakeBaileys.message(`h-${i}`, i % 2 ? '5511977771001' : '5511977771002', at(9 - i * 0.5), {
        fromMe: i % 3 === 0,
        name: 'Cliente',
      }),
    );
    socket.emit('messaging-history.set', {
      contacts: [],
      chats: [],
      messages: [
        ...inWindow.slice(0, 8),
        FakeBaileys.message('too-old', '5511977771001', at(30)),
        FakeBaileys.message('in-group', '120363012345678901@g.us', at(2)),
        FakeBaileys.message('status', 'status@broadcast', at(2)),
      ],
      isLatest: false,
    });
    // preparing: the start time is stored (spec 2 §4's 35 s window counts from it)
    await waitFor(async () =>
      /^\d+$/.test((await stored(connection.id)).status_import_messages ?? ''),
    );
    expect(Number((await stored(connection.id)).status_import_messages)).toBeGreaterThanOrEqual(
      now,
    );
    socket.emit('messaging-history.set', {
      contacts: [],
      chats: [],
      messages: inWindow.slice(7),
      isLatest: true,
    });
    await waitFor(
      async () =>
        (await stored(connection.id)).status_import_messages === CloseImportedTicketsStatus,
    );

    const messages = await imported(connection.id);
    expect(messages.map((m) => m.externalId)).toEqual(inWindow.map((m) => m.key.id));
    expect(messages.every((m) => m.imported === true)).toBe(true);
    expect(messages[0]).toMatchObject({
      peer: { number: '5511977771002', isGroup: false },
      fromMe: true,
      body: 'message h-0',
      sentAt: new Date(Math.floor(at(9).getTime() / 1000) * 1000).toISOString(),
    });
    // the import ran once: its dates are cleared
    expect(await stored(connection.id)).toMatchObject({
      import_old_messages: null,
      import_recent_messages: null,
    });
    await waitFor(() => progress.some((e) => e.data.action === 'refresh'));
    const ofThis = progress.filter((e) => e.data.connectionId === connection.id);
    expect(ofThis.every((e) => e.companyId === 1)).toBe(true);
    expect(ofThis.map((e) => [e.data.action, e.data.status?.this, e.data.status?.all])).toEqual([
      ['update', 1, 12],
      ['update', 10, 12],
      ['update', 12, 12],
      ['refresh', undefined, undefined],
    ]);
    expect(ofThis[2]!.data.status!.date).toBe(messages[11]!.sentAt);

    // a later history report imports nothing more
    socket.emit('messaging-history.set', {
      contacts: [],
      chats: [],
      messages: [FakeBaileys.message('late', '5511977771001', at(1))],
      isLatest: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await imported(connection.id)).toHaveLength(12);
  });

  it('imports nothing for a connection without import dates, and another company sees none of it', async () => {
    const connection = await call<ConnectionRecord>(
      S.connectionCreate,
      { name: 'No import' },
      otherAdmin,
    );
    const socket = await pair(connection);
    socket.emit('messaging-history.set', {
      contacts: [],
      chats: [],
      messages: [FakeBaileys.message('no-1', '5511977772001', new Date(Date.now() - day))],
      isLatest: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await imported(connection.id)).toEqual([]);
    expect((await stored(connection.id)).status_import_messages).toBeNull();
    expect(progress.filter((e) => e.companyId === 2)).toEqual([]);
  });

  it('leaves no close button when the import found nothing in its window', async () => {
    const now = Date.now();
    const connection = await call<ConnectionRecord>(S.connectionCreate, {
      name: 'Empty window',
      importOldMessages: isoDay(now - 3 * day),
    });
    const socket = await pair(connection);
    socket.emit('messaging-history.set', {
      contacts: [],
      chats: [],
      messages: [FakeBaileys.message('old-1', '5511977773001', new Date(now - 20 * day))],
      isLatest: true,
    });
    await waitFor(async () => (await stored(connection.id)).import_old_messages === null);
    expect((await stored(connection.id)).status_import_messages).toBeNull();
    expect(await imported(connection.id)).toEqual([]);
  });
});
