import { EventEmitter } from 'node:events';
import type { INestApplicationContext } from '@nestjs/common';
import {
  Subjects,
  type BusRequest,
  type ConnectionRecord,
  type PlanLimitsReply,
  type RequestContext,
  type SendMessageResult,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { RunningService } from '@sb/platform/nest';
import {
  createTestDatabase,
  dropTestNatsNamespace,
  natsUrlOrSkip,
  openTestBus,
  testNatsNamespace,
  type TestDatabase,
} from '@sb/testing';
import pg from 'pg';
import { startConnectorsService } from '../src/index.js';
import { LEASE_RENEW_MS, LEASE_TTL_MS } from '../src/sessions/index.js';
import {
  WHATSAPP_SESSIONS,
  type SocketFactory,
  type WhatsappSessions,
  type WhatsappSocket,
} from '../src/baileys/index.js';

/**
 * Three connectors services (three Nest apps, three NATS connections, one Postgres) with the production
 * lease timings: sessions spread 2/2/2, commands reach the holder whichever worker the bus picks, and a
 * killed worker's sessions are re-opened elsewhere within 30 s. Baileys is replaced by a fake socket.
 */

const S = Subjects.connectors;
const admin: RequestContext = {
  requestId: 't',
  userId: 1,
  super: false,
  lang: 'en',
  companyId: 1,
  profile: 'admin',
};
const SESSIONS = 6;
const MOVE_LIMIT_MS = 30_000;

type FakeSocket = {
  worker: string;
  connectionId: number;
  ended: boolean;
  loggedOut: boolean;
  sent: string[];
  emit(event: string, value: unknown): void;
};

const waitFor = async (check: () => Promise<boolean> | boolean, withinMs: number) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`condition not met within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
};

describe('WhatsApp sessions over three connectors workers (NATS + Postgres)', () => {
  let database: TestDatabase;
  let db: pg.Pool;
  let namespace: string;
  let natsUrl: string | undefined;
  let client: Bus | undefined;
  const buses: Bus[] = [];
  const services: (RunningService & { app: INestApplicationContext })[] = [];
  const sockets: FakeSocket[] = [];
  const ids: number[] = [];

  const factoryFor =
    (worker: string): SocketFactory =>
    async ({ connectionId }) => {
      const events = new EventEmitter();
      const fake: FakeSocket = {
        worker,
        connectionId,
        ended: false,
        loggedOut: false,
        sent: [],
        emit: (event, value) => events.emit(event, value),
      };
      sockets.push(fake);
      const socket = {
        ev: {
          on: (event: string, listener: (value: unknown) => void) => events.on(event, listener),
        },
        user: undefined as { id: string } | undefined,
        end: () => {
          fake.ended = true;
        },
        logout: async () => {
          fake.loggedOut = true;
        },
        sendMessage: async (jid: string, content: { text: string }) => {
          fake.sent.push(content.text);
          return { key: { id: `${worker}-${fake.sent.length}`, remoteJid: jid, fromMe: true } };
        },
        onWhatsApp: async (jid: string) => [{ jid, exists: true }],
      };
      fake.emit = (event, value) => {
        if (
          event === 'connection.update' &&
          (value as { connection?: string }).connection === 'open'
        )
          socket.user = { id: `55110000${connectionId}:1@s.whatsapp.net` };
        events.emit(event, value);
      };
      return socket as unknown as WhatsappSocket;
    };

  /** The live (not ended) socket of a connection, on whichever worker. */
  const live = (connectionId: number) =>
    sockets.filter((socket) => socket.connectionId === connectionId && !socket.ended);
  const holders = async () => {
    const { rows } = await db.query<{ connection_id: number; holder: string }>(
      `SELECT connection_id, holder FROM connectors.session_leases
       WHERE holder IS NOT NULL AND active AND expires_at > now() ORDER BY connection_id`,
    );
    return new Map(rows.map((row) => [row.connection_id, row.holder]));
  };
  const call = <T>(subject: string, data: unknown) =>
    client!.request(subject, { ctx: admin, data }, { timeoutMs: 10_000 }) as Promise<T>;

  beforeAll(async () => {
    natsUrl = await natsUrlOrSkip();
    if (!natsUrl) return;
    namespace = testNatsNamespace('wa-workers');
    database = await createTestDatabase('waw');
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    client = await openTestBus('nats', 'wa-workers-client', { namespace });
    await client!.handle(Subjects.identity.planLimits, (payload: BusRequest) =>
      Promise.resolve({
        companyId: (payload.data as { companyId: number }).companyId,
        planId: 1,
        limits: { users: 5, connections: 20, queues: 5 },
        flags: { useWhatsapp: true, useFacebook: true, useInstagram: true },
      } as PlanLimitsReply),
    );
    // The first one creates the schema; the others then boot side by side.
    for (const worker of ['w-1', 'w-2', 'w-3']) {
      const bus = (await openTestBus('nats', `wa-${worker}`, { namespace }))!;
      buses.push(bus);
      services.push(
        (await startConnectorsService(
          {
            bus,
            databaseUrl: database.url,
            env: { CONNECTORS_WORKER_ID: worker, JWT_SECRET: 'test-secret' },
          },
          { whatsappSocketFactory: factoryFor(worker) },
        )) as RunningService & { app: INestApplicationContext },
      );
    }
  }, 60_000);

  afterAll(async () => {
    for (const service of services) await service.close().catch(() => undefined);
    for (const bus of buses) await bus.close().catch(() => undefined);
    await client?.close();
    if (natsUrl) await dropTestNatsNamespace(natsUrl, namespace);
    await db?.end();
    await database?.drop();
  });

  it('uses leases that move a dead worker’s sessions within 30 s', () => {
    expect(LEASE_TTL_MS + LEASE_RENEW_MS).toBeLessThan(MOVE_LIMIT_MS);
  });

  it('spreads new sessions over the workers, one live socket each, with their status events', async () => {
    if (!natsUrl) return;
    for (let n = 1; n <= SESSIONS; n += 1) {
      const created = await call<ConnectionRecord>(S.connectionCreate, { name: `WA ${n}` });
      ids.push(created.id);
    }
    await waitFor(async () => {
      const held = await holders();
      const perWorker = new Map<string, number>();
      for (const holder of held.values()) perWorker.set(holder, (perWorker.get(holder) ?? 0) + 1);
      return (
        held.size === SESSIONS &&
        [...perWorker.values()].every((count) => count === 2) &&
        ids.every((id) => live(id).length === 1 && live(id)[0].worker === held.get(id))
      );
    }, 6 * LEASE_RENEW_MS);

    // QR, then paired: stored on the connection and published for company-1-whatsappSession.
    for (const id of ids) {
      live(id)[0].emit('connection.update', { qr: `QR-${id}` });
    }
    await waitFor(async () => {
      const { rows } = await db.query<{ status: string }>(
        `SELECT status FROM connectors.connections WHERE status = 'qrcode'`,
      );
      return rows.length === SESSIONS;
    }, 5_000);
    for (const id of ids) live(id)[0].emit('connection.update', { connection: 'open' });
    await waitFor(async () => {
      const { rows } = await db.query<{ status: string }>(
        `SELECT status FROM connectors.connections WHERE status = 'CONNECTED'`,
      );
      return rows.length === SESSIONS;
    }, 5_000);
    const { rows: events } = await db.query<{ subject: string }>(
      `SELECT DISTINCT subject FROM connectors.outbox_event WHERE company_id = 1`,
    );
    expect(events.map((row) => row.subject)).toContain('evt.1.connectors.session.updated');
    const number = await call<ConnectionRecord>(S.connectionGet, { id: ids[0] });
    expect(number).toMatchObject({ status: 'CONNECTED', number: `55110000${ids[0]}` });
  }, 60_000);

  it('delivers every send to the socket of the worker holding the session', async () => {
    if (!natsUrl) return;
    // The bus picks any worker for each request: two thirds of them are handed to the holder.
    for (const id of ids) {
      for (let n = 0; n < 3; n += 1) {
        const result = await call<SendMessageResult>(S.messageSend, {
          connectionId: id,
          peer: { number: '5511999', isGroup: false },
          body: `m${id}-${n}`,
        });
        expect(result.externalId.startsWith(live(id)[0].worker)).toBe(true);
      }
      expect(live(id)[0].sent).toEqual([`m${id}-0`, `m${id}-1`, `m${id}-2`]);
    }
    await expect(
      call(S.contactCheck, { connectionId: ids[0], number: '5511999' }),
    ).resolves.toMatchObject({ exists: true, number: '5511999' });
  }, 30_000);

  it('re-opens a killed worker’s sessions on the others within 30 s; the dead holder is fenced', async () => {
    if (!natsUrl) return;
    const before = await holders();
    const lost = ids.filter((id) => before.get(id) === 'w-2');
    expect(lost).toHaveLength(2);
    const { rows: epochs } = await db.query<{ connection_id: number; epoch: string }>(
      `SELECT connection_id, epoch FROM connectors.session_leases WHERE connection_id = ANY($1)`,
      [lost],
    );

    // Crash w-2: its bus goes away and it stops renewing without releasing anything.
    const killedAt = Date.now();
    await buses[1].close();
    const sessions = services[1].app.get<WhatsappSessions>(WHATSAPP_SESSIONS);
    await sessions.leases.stop({ release: false });

    const elapsed = await waitFor(async () => {
      const held = await holders();
      return lost.every(
        (id) =>
          held.get(id) !== undefined &&
          held.get(id) !== 'w-2' &&
          live(id).some((socket) => socket.worker === held.get(id)),
      );
    }, MOVE_LIMIT_MS);
    expect(Date.now() - killedAt).toBeLessThan(MOVE_LIMIT_MS);
    expect(elapsed).toBeLessThan(MOVE_LIMIT_MS);
    const { rows: after } = await db.query<{ connection_id: number; epoch: string }>(
      `SELECT connection_id, epoch FROM connectors.session_leases WHERE connection_id = ANY($1)`,
      [lost],
    );
    for (const row of after) {
      const old = epochs.find((entry) => entry.connection_id === row.connection_id)!;
      expect(BigInt(row.epoch)).toBeGreaterThan(BigInt(old.epoch));
    }
    // The dead worker's auth writes with its old epoch are refused (fencing).
    const { usePostgresAuthState, AuthCipher, sessionEncryptionKey, WhatsappAuthRepository } =
      await import('../src/baileys/index.js');
    const stale = await usePostgresAuthState({
      auth: services[0].app.get(WhatsappAuthRepository),
      cipher: new AuthCipher(sessionEncryptionKey({ JWT_SECRET: 'test-secret' }).key),
      companyId: 1,
      connectionId: lost[0],
      epoch: BigInt(epochs.find((entry) => entry.connection_id === lost[0])!.epoch),
    });
    await expect(stale.saveCreds()).rejects.toMatchObject({ name: 'StaleLeaseError' });

    // The re-opened session is paired again from the stored auth state and takes sends.
    live(lost[0]).at(-1)!.emit('connection.update', { connection: 'open' });
    await waitFor(async () => {
      const { rows } = await db.query<{ status: string }>(
        `SELECT status FROM connectors.connections WHERE id = $1`,
        [lost[0]],
      );
      return rows[0]?.status === 'CONNECTED';
    }, 5_000);
    const sent = await call<SendMessageResult>(S.messageSend, {
      connectionId: lost[0],
      peer: { number: '5511999', isGroup: false },
      body: 'after the move',
    });
    expect(sent.externalId.startsWith('w-2')).toBe(false);
  }, 60_000);

  it('restarts every session: old sockets closed by their holders, one new socket each', async () => {
    if (!natsUrl) return;
    const before = sockets.filter((socket) => !socket.ended);
    await call(S.restartAll, {});
    await waitFor(async () => {
      const held = await holders();
      return (
        before.every((socket) => socket.ended) &&
        ids.every((id) => live(id).length === 1 && live(id)[0].worker === held.get(id))
      );
    }, 6 * LEASE_RENEW_MS);
    // the sessions were not logged out: their pairing stays
    expect(before.some((socket) => socket.loggedOut)).toBe(false);
  }, 60_000);

  it('deletes a connection with its session, its lease and its auth state', async () => {
    if (!natsUrl) return;
    const id = ids[ids.length - 1];
    const socket = live(id)[0];
    await db.query(
      `INSERT INTO connectors.whatsapp_auth_keys (connection_id, company_id, type, id, value)
       VALUES ($1, 1, 'pre-key', '1', '\\x00') ON CONFLICT DO NOTHING`,
      [id],
    );
    await call(S.connectionDelete, { id });
    await waitFor(() => socket.ended, 5_000);
    expect(socket.loggedOut).toBe(true);
    for (const table of ['session_leases', 'whatsapp_auth_keys', 'whatsapp_auth_creds']) {
      const { rows } = await db.query(
        `SELECT 1 FROM connectors.${table} WHERE connection_id = $1`,
        [id],
      );
      expect(rows).toHaveLength(0);
    }
  }, 30_000);
});
