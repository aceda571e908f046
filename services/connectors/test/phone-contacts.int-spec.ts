import {
  Subjects,
  type BusRequest,
  type ConnectionByTokenReply,
  type ConnectionRecord,
  type PhoneContactsResult,
  type PlanLimitsReply,
  type RequestContext,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { RunningService } from '@sb/platform/nest';
import {
  ConnectorsFixtures,
  FakeBaileys,
  createTestDatabase,
  openTestBus,
  type TestDatabase,
} from '@sb/testing';
import pg from 'pg';
import { startConnectorsService } from '../src/index.js';
import type { SocketFactory } from '../src/baileys/index.js';

/**
 * `connectors.contact.list` end to end on one connectors service (in-process bus, real Postgres): a fake
 * Baileys socket reports contacts and chats the way Baileys 7 does, the session keeps them, and the
 * command answers them. And the unique index behind the external API's token lookup.
 */

const S = Subjects.connectors;
const base = { requestId: 't', userId: 1, super: false, lang: 'en' };
const admin: RequestContext = { ...base, companyId: 1, profile: 'admin' };
const otherAdmin: RequestContext = { ...base, companyId: 2, profile: 'admin' };
const anonymous = { ...base, companyId: 0, profile: 'anonymous' } as unknown as RequestContext;
const ownNumber = '5511900000001';

const waitFor = async (check: () => Promise<boolean> | boolean, withinMs = 10_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const codeOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
    return 'resolved';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
};

describe('phone contacts of a Baileys connection (fake socket)', () => {
  let database: TestDatabase;
  let db: pg.Pool;
  let bus: Bus;
  let service: RunningService;
  let connection: ConnectionRecord;
  /** Emits Baileys-shaped events; `user` appears once the connection opens, as with Baileys. */
  const phone = new FakeBaileys(ownNumber);
  const live = (connectionId: number) => phone.live(connectionId);
  const call = <T>(subject: string, data: unknown, ctx: RequestContext = admin) =>
    bus.request(subject, { ctx, data }) as Promise<T>;
  const list = (source: 'contacts' | 'chats', ctx: RequestContext = admin) =>
    call<PhoneContactsResult>(S.contactList, { connectionId: connection.id, source }, ctx);
  const kept = async () =>
    (
      await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM connectors.whatsapp_phone_contacts WHERE connection_id = $1',
        [connection.id],
      )
    ).rows[0].n;

  beforeAll(async () => {
    bus = (await openTestBus('in-process', 'connectors-phone-contacts-int-spec'))!;
    await bus.handle(Subjects.identity.planLimits, (payload: BusRequest) =>
      Promise.resolve({
        companyId: (payload.data as { companyId: number }).companyId,
        planId: 1,
        limits: { users: 5, connections: 5, queues: 5 },
        flags: { useWhatsapp: true, useFacebook: true, useInstagram: true },
      } as PlanLimitsReply),
    );
    database = await createTestDatabase('phone_contacts');
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    service = await startConnectorsService(
      { bus, databaseUrl: database.url, env: { JWT_SECRET: 'test-secret' } },
      { whatsappSocketFactory: phone.factory as SocketFactory },
    );
    connection = await call<ConnectionRecord>(S.connectionCreate, {
      name: 'Phone',
      token: 'phone-contacts-api-token',
    });
    await waitFor(() => Boolean(live(connection.id)));
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    await bus?.close();
    await db?.end();
    await database?.drop();
  });

  it('refuses the list while the phone is not connected', async () => {
    expect(await codeOf(list('contacts'))).toBe('ERR_WAPP_NOT_INITIALIZED');
  });

  it('keeps what the session reports and answers the address book and the chats from it', async () => {
    const socket = live(connection.id)!;
    socket.emit('connection.update', { connection: 'open' });
    await waitFor(async () => {
      const { rows } = await db.query<{ status: string }>(
        'SELECT status FROM connectors.connections WHERE id = $1',
        [connection.id],
      );
      return rows[0].status === 'CONNECTED';
    });

    // the history sync right after pairing: contacts, chats and phone/LID pairs in one report
    socket.emit('messaging-history.set', {
      contacts: [
        { id: '5511999990001@s.whatsapp.net', name: 'Ana' },
        { id: '111@lid', phoneNumber: '5511999990002@s.whatsapp.net', notify: 'Bruno' },
        { id: '120363012345678901@g.us', name: 'Family group' },
        { id: 'status@broadcast' },
        { id: `${ownNumber}@s.whatsapp.net`, name: 'Me' },
      ],
      chats: [
        { id: '5511999990002@s.whatsapp.net', name: 'Bruno chat' },
        { id: '333@lid', name: 'Carla' },
        { id: '120363012345678901@g.us', name: 'Family group' },
        { id: '120363099999999999@newsletter', name: 'News' },
      ],
      lidPnMappings: [{ lid: '333@lid', pn: '5511999990003@s.whatsapp.net' }],
      messages: [],
      isLatest: true,
    });
    // later reports: a saved contact, a renamed one, a new chat, a LID learnt for an old chat peer
    socket.emit('contacts.upsert', [{ id: '5511999990004@s.whatsapp.net', name: 'Davi' }]);
    socket.emit('contacts.update', [{ id: '5511999990001@s.whatsapp.net', name: 'Ana Souza' }]);
    socket.emit('chats.upsert', [{ id: '444@lid' }]);
    socket.emit('lid-mapping.update', { lid: '444@lid', pn: '5511999990005@s.whatsapp.net' });
    await waitFor(async () => (await kept()) === 7);

    expect(await list('contacts')).toEqual({
      contacts: [
        { name: 'Ana Souza', number: '5511999990001', isGroup: false },
        { name: 'Bruno', number: '5511999990002', isGroup: false },
        { name: 'Davi', number: '5511999990004', isGroup: false },
      ],
    });
    expect(await list('chats')).toEqual({
      contacts: [
        { name: 'Bruno', number: '5511999990002', isGroup: false },
        { name: 'Carla', number: '5511999990003', isGroup: false },
        { name: '', number: '5511999990005', isGroup: false },
      ],
    });
    const { rows } = await db.query<{ company_id: number; jid: string }>(
      `SELECT company_id, jid FROM connectors.whatsapp_phone_contacts
        WHERE jid LIKE '%g.us' OR jid LIKE '%broadcast' OR jid LIKE '%newsletter' OR jid LIKE $1`,
      [`${ownNumber}%`],
    );
    expect(rows).toEqual([]);
  });

  it('answers only the caller company, and checks the command', async () => {
    expect(await codeOf(list('contacts', otherAdmin))).toBe('ERR_NO_WAPP_FOUND');
    expect(
      await codeOf(call(S.contactList, { connectionId: connection.id, source: 'everyone' })),
    ).toBe('ERR_VALIDATION');
    expect(await codeOf(call(S.contactList, { source: 'contacts' }))).toBe('ERR_VALIDATION');
  });

  it('answers ERR_WAPP_IMPORT_UNSUPPORTED for channels without a phone', async () => {
    const cloud = await new ConnectorsFixtures(db).newConnection(1, {
      name: 'Cloud',
      channel: 'whatsappapi',
      status: 'CONNECTED',
    });
    expect(await codeOf(call(S.contactList, { connectionId: cloud.id, source: 'contacts' }))).toBe(
      'ERR_WAPP_IMPORT_UNSUPPORTED',
    );
  });

  it('keeps tokens unique: a shared one is refused when saved, the lookup uses the index', async () => {
    const other = await call<ConnectionRecord>(S.connectionCreate, { name: 'Other' });
    const reply = await call<ConnectionByTokenReply>(
      S.connectionByToken,
      { token: 'phone-contacts-api-token' },
      anonymous,
    );
    expect(reply).toMatchObject({ connectionId: connection.id, companyId: 1 });
    expect(
      await codeOf(
        call(
          S.connectionUpdate,
          { id: other.id, name: 'Other', token: 'phone-contacts-api-token' },
          admin,
        ),
      ),
    ).toBe('ERR_VALIDATION');
    // another company cannot take it either, and the answer is a 400, never a 500
    expect(
      await codeOf(
        call(S.connectionCreate, { name: 'Thief', token: 'phone-contacts-api-token' }, otherAdmin),
      ),
    ).toBe('ERR_VALIDATION');
    // empty tokens are not tokens: any number of connections may have none
    await call(S.connectionUpdate, { id: other.id, name: 'Other', token: '' }, admin);
    await call(S.connectionCreate, { name: 'Blank', token: '' }, otherAdmin);
    expect(await codeOf(call(S.connectionByToken, { token: '' }, anonymous))).toBe(
      'ERR_INVALID_API_TOKEN',
    );

    // the lookup's query, planned generically as a prepared statement is after a few runs
    const client = await db.connect();
    try {
      await client.query('SET plan_cache_mode = force_generic_plan');
      await client.query('SET enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM connectors.connections c
          WHERE c.token = $1 AND c.token <> '' ORDER BY c.id LIMIT 2`,
        ['phone-contacts-api-token'],
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('connections_token_uq');
    } finally {
      await client.query('RESET ALL');
      client.release();
    }
  });

  it('forgets the phone contacts with the pairing', async () => {
    expect(await kept()).toBeGreaterThan(0);
    await call(S.sessionDisconnect, { id: connection.id });
    expect(await kept()).toBe(0);
    expect(await codeOf(list('contacts'))).toBe('ERR_WAPP_NOT_INITIALIZED');
  });
});
