import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Subjects,
  type BusRequest,
  type ConnectionRecord,
  type PlanLimitsReply,
  type RequestContext,
  type SendMessageCommand,
  type SendMessageResult,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { AppError } from '@sb/platform/errors';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, openTestBus, type TestDatabase } from '@sb/testing';
import { GraphEmulator } from '@sb/testing/channel-emulator';
import pg from 'pg';
import { startConnectorsService } from '../src/index.js';

// connectors.message.send with an idempotency key, against the Graph emulator over real HTTP: the
// channel is called once per company and key, whatever the senders repeat or race.

const S = Subjects.connectors;
const base = { requestId: 't', userId: 1, super: false, lang: 'en', profile: 'admin' as const };
const company1: RequestContext = { ...base, companyId: 1 };
const company2: RequestContext = { ...base, companyId: 2 };
const token = 'cloud-token';

describe('idempotent sends (connectors, Graph emulator)', () => {
  let bus: Bus;
  let service: RunningService;
  let database: TestDatabase;
  let db: pg.Pool;
  let emulator: GraphEmulator;
  let mediaDir: string;
  const connections = new Map<number, ConnectionRecord>();

  const call = <T>(subject: string, data: unknown, ctx: RequestContext) =>
    bus.request(subject, { ctx, data }) as Promise<T>;
  const send = (ctx: RequestContext, fields: Partial<SendMessageCommand> & { body: string }) =>
    call<SendMessageResult>(
      S.messageSend,
      {
        connectionId: connections.get(ctx.companyId)!.id,
        peer: { number: '5511999990001', isGroup: false },
        ...fields,
      },
      ctx,
    );
  const sentWith = (text: string) => emulator.sent.filter((sent) => sent.text === text);
  const failure = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (err) {
      return err as AppError;
    }
    throw new Error('the send succeeded');
  };
  const storedKey = async (companyId: number, key: string) =>
    (
      await db.query(
        `SELECT * FROM connectors.message_send_keys WHERE company_id = $1 AND idempotency_key = $2`,
        [companyId, key],
      )
    ).rows[0] as { sent_at: Date | null; external_id: string | null } | undefined;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'sb-send-keys-'));
    bus = (await openTestBus('in-process', 'connectors-idempotent-sends'))!;
    await bus.handle(Subjects.identity.planLimits, (payload: BusRequest) =>
      Promise.resolve({
        companyId: (payload.data as { companyId: number }).companyId,
        planId: 1,
        limits: { users: 5, connections: 10, queues: 5 },
        flags: { useWhatsapp: true },
      } as PlanLimitsReply),
    );
    // the contacts of these tests never wrote: every window counts as open
    emulator = await new GraphEmulator({
      appSecret: 'send-keys-secret',
      openWindows: true,
      phoneNumbers: [
        { phoneNumberId: '4440001', accessToken: token, displayPhoneNumber: '15550004441' },
        { phoneNumberId: '4440002', accessToken: token, displayPhoneNumber: '15550004442' },
      ],
    }).start();
    database = await createTestDatabase();
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    service = await startConnectorsService({
      bus,
      databaseUrl: database.url,
      env: {
        META_GRAPH_URL: emulator.graphUrl,
        MEDIA_DIR: mediaDir,
        CONNECTORS_SEND_RETRY_BASE_MS: '1',
        CONNECTORS_SEND_MAX_ATTEMPTS: '1',
        JWT_SECRET: 'send-keys-spec-secret-0123456789abcdef',
      },
    });
    for (const [ctx, phoneNumberId] of [
      [company1, '4440001'],
      [company2, '4440002'],
    ] as const) {
      const created = await call<ConnectionRecord>(
        S.connectionCreate,
        {
          name: 'Cloud',
          channel: 'whatsappapi',
          credentials: { phoneNumberId, accessToken: token },
        },
        ctx,
      );
      const deadline = Date.now() + 8_000;
      let record = created;
      while (record.status !== 'CONNECTED' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        record = await call<ConnectionRecord>(S.connectionGet, { id: created.id }, ctx);
      }
      expect(record.status).toBe('CONNECTED');
      connections.set(ctx.companyId, record);
    }
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    await db?.end();
    await database?.drop();
    await bus?.close();
    await emulator?.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('answers a repeated key with the stored result, without calling the channel again', async () => {
    const first = await send(company1, { body: 'Once', idempotencyKey: 'k-once' });
    const again = await send(company1, { body: 'Once', idempotencyKey: 'k-once' });
    expect(again).toEqual(first);
    expect(sentWith('Once')).toHaveLength(1);
    expect(sentWith('Once')[0]!.id).toBe(first.externalId);
    expect(await storedKey(1, 'k-once')).toMatchObject({ external_id: first.externalId });
    // without a key every call is a send
    await send(company1, { body: 'Plain' });
    await send(company1, { body: 'Plain' });
    expect(sentWith('Plain')).toHaveLength(2);
  });

  it('lets one of several concurrent sends with one key reach the channel; all get its answer', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => send(company1, { body: 'Race', idempotencyKey: 'k-race' })),
    );
    expect(sentWith('Race')).toHaveLength(1);
    expect(new Set(results.map((result) => result.externalId))).toEqual(
      new Set([sentWith('Race')[0]!.id]),
    );
  });

  it("keeps each company's keys apart", async () => {
    const mine = await send(company1, { body: 'Shared key', idempotencyKey: 'k-shared' });
    const theirs = await send(company2, { body: 'Shared key', idempotencyKey: 'k-shared' });
    expect(theirs.externalId).not.toBe(mine.externalId);
    expect(
      sentWith('Shared key')
        .map((sent) => sent.accountId)
        .sort(),
    ).toEqual(['4440001', '4440002']);
    // company 2 cannot read company 1's key under row-level security
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `SET LOCAL ROLE sb_tenant; SELECT set_config('app.company_id', '2', true)`,
      );
      const { rows } = await client.query(
        `SELECT company_id FROM connectors.message_send_keys WHERE idempotency_key = 'k-shared'`,
      );
      expect(rows).toEqual([{ company_id: 2 }]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('frees the key of an attempt the channel refused, so the next one sends', async () => {
    emulator.failNext({ status: 400, code: 100, message: 'Invalid parameter' });
    const refused = await failure(send(company1, { body: 'Retry', idempotencyKey: 'k-retry' }));
    expect(refused.code).toBe('ERR_SENDING_WAPP_MSG');
    expect(await storedKey(1, 'k-retry')).toBeUndefined();
    const sent = await send(company1, { body: 'Retry', idempotencyKey: 'k-retry' });
    expect(sentWith('Retry').map((one) => one.id)).toEqual([sent.externalId]);
  });

  it('waits for an attempt in flight and answers its outcome', async () => {
    // another worker holds the key and is calling the channel; it answers 300 ms later
    await db.query(
      `INSERT INTO connectors.message_send_keys
         (company_id, idempotency_key, connection_id, peer, claim, claimed_until)
       VALUES (1, 'k-flight', $1, '5511999990001', gen_random_uuid(), now() + interval '1 minute')`,
      [connections.get(1)!.id],
    );
    setTimeout(() => {
      void db.query(
        `UPDATE connectors.message_send_keys SET sent_at = now(), external_id = 'wamid.OTHER',
                ack = 1, claim = NULL, claimed_until = NULL WHERE idempotency_key = 'k-flight'`,
      );
    }, 300);
    const result = await send(company1, { body: 'Flight', idempotencyKey: 'k-flight' });
    expect(result.externalId).toBe('wamid.OTHER');
    expect(sentWith('Flight')).toEqual([]);
  });

  it('never sends again a key whose attempt died while calling the channel', async () => {
    // the state a killed worker leaves: the key claimed, its lease over, no answer recorded
    await db.query(
      `INSERT INTO connectors.message_send_keys
         (company_id, idempotency_key, connection_id, peer, claim, claimed_until)
       VALUES (1, 'k-dead', $1, '5511999990001', gen_random_uuid(), now() - interval '1 second')`,
      [connections.get(1)!.id],
    );
    const unknown = await failure(send(company1, { body: 'Dead', idempotencyKey: 'k-dead' }));
    expect(unknown.code).toBe('ERR_SENDING_WAPP_MSG');
    expect(unknown.details).toEqual({ refused: true, reason: 'outcome_unknown' });
    expect(sentWith('Dead')).toEqual([]);
  });

  it('refuses a key used for another message, and one too long', async () => {
    await send(company1, { body: 'Owner', idempotencyKey: 'k-owner' });
    const other = await failure(
      send(company1, {
        body: 'Owner',
        idempotencyKey: 'k-owner',
        peer: { number: '5511999990002', isGroup: false },
      }),
    );
    expect(other.code).toBe('ERR_VALIDATION');
    const long = await failure(send(company1, { body: 'Long', idempotencyKey: 'k'.repeat(201) }));
    expect(long.code).toBe('ERR_VALIDATION');
    expect(sentWith('Long')).toEqual([]);
  });
});
