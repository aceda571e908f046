import { openTestDataSource, type TestDataSource } from '@sb/testing';
import type { DataSource } from 'typeorm';
import { connectorsMigrations } from '../src/migrations/index.js';
import {
  assertLeaseEpoch,
  LeaseManager,
  SessionLeasesRepository,
  StaleLeaseError,
  type HeldLease,
} from '../src/sessions/index.js';
import {
  AuthCipher,
  sessionEncryptionKey,
  usePostgresAuthState,
  WhatsappAuthRepository,
} from '../src/baileys/index.js';

// Short TTL so the test runs in seconds; production uses 30 s / 10 s with the same code.
const TTL_MS = 3_000;
const RENEW_MS = 1_000;
const SESSIONS = 9;

const TEST_TIMEOUT_MS = 60_000;

describe('session leases across three workers (real Postgres)', () => {
  let database: TestDataSource | undefined;
  let dataSource: DataSource;
  const workers: LeaseManager[] = [];
  const open = new Map<number, string>();
  const opened: { worker: string; lease: HeldLease }[] = [];

  const worker = (id: string): LeaseManager => {
    const manager = new LeaseManager({
      leases: new SessionLeasesRepository(dataSource),
      workerId: id,
      ttlMs: TTL_MS,
      renewMs: RENEW_MS,
      onAcquired: async (lease) => {
        // A session must never be live on two workers at once.
        expect(open.get(lease.connectionId)).toBeUndefined();
        open.set(lease.connectionId, id);
        opened.push({ worker: id, lease });
      },
      onReleased: async (lease) => {
        if (open.get(lease.connectionId) === id) open.delete(lease.connectionId);
      },
      onError: (error) => {
        throw error;
      },
    });
    workers.push(manager);
    return manager;
  };

  const holders = async (): Promise<Map<string, number[]>> => {
    const rows = (await dataSource.query(
      `SELECT connection_id, holder FROM session_leases WHERE holder IS NOT NULL AND expires_at > now()
       ORDER BY connection_id`,
    )) as { connection_id: number; holder: string }[];
    const byHolder = new Map<string, number[]>();
    for (const row of rows)
      byHolder.set(row.holder, [...(byHolder.get(row.holder) ?? []), row.connection_id]);
    return byHolder;
  };

  const waitFor = async (check: () => Promise<boolean>, withinMs: number): Promise<number> => {
    const started = Date.now();
    while (Date.now() - started < withinMs) {
      if (await check()) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`condition not met within ${withinMs} ms`);
  };

  beforeAll(async () => {
    database = await openTestDataSource('leases', {
      schema: 'connectors',
      migrations: connectorsMigrations,
    });
    dataSource = database.dataSource;
  });

  afterAll(async () => {
    for (const manager of workers) await manager.stop({ release: false });
    await database?.close();
  });

  it(
    'spreads sessions fairly, moves a dead worker’s sessions within the TTL, rebalances on join and fences stale writes',
    async () => {
      const [a, b, c] = [worker('w-a'), worker('w-b'), worker('w-c')];
      for (let id = 1; id <= SESSIONS; id += 1) await a.ensureSession(1, id);
      // Every worker beats once before any claims, so the first share is already fair.
      await Promise.all([a, b, c].map((manager) => manager.tick()));
      a.start();
      b.start();
      c.start();

      await waitFor(async () => {
        const byHolder = await holders();
        return (
          [...byHolder.values()].flat().length === SESSIONS &&
          [...byHolder.values()].every((ids) => ids.length === 3)
        );
      }, 10_000);
      expect(open.size).toBe(SESSIONS);

      // Auth state written by b's current holder is readable and encrypted at rest.
      const cipher = new AuthCipher(sessionEncryptionKey({ JWT_SECRET: 'test-secret' }).key);
      const victim = b.heldLeases()[0];
      const auth = await usePostgresAuthState({
        auth: new WhatsappAuthRepository(dataSource),
        cipher,
        companyId: 1,
        connectionId: victim.connectionId,
        epoch: victim.epoch,
      });
      await auth.saveCreds();
      await auth.state.keys.set({
        'pre-key': { '1': { public: Buffer.from('pub'), private: Buffer.from('priv') } },
      });

      // Kill b: it stops renewing without releasing anything (a crashed process).
      const killedAt = Date.now();
      const lost = b.heldLeases().map((lease) => lease.connectionId);
      await b.stop({ release: false });
      for (const id of lost) open.delete(id);
      await waitFor(
        async () => {
          const byHolder = await holders();
          return lost.every((id) =>
            [...byHolder.entries()].some(([holder, ids]) => holder !== 'w-b' && ids.includes(id)),
          );
        },
        TTL_MS + 3 * RENEW_MS,
      );
      expect(Date.now() - killedAt).toBeLessThan(TTL_MS + 3 * RENEW_MS);
      const moved = await holders();
      expect(moved.get('w-b')).toBeUndefined();
      expect([...moved.values()].flat()).toHaveLength(SESSIONS);

      // The new holder took the session with a newer epoch: b's writes are refused.
      const takeover = opened
        .filter((entry) => entry.lease.connectionId === victim.connectionId)
        .at(-1);
      expect(takeover?.lease.epoch).toBeGreaterThan(victim.epoch);
      await expect(auth.saveCreds()).rejects.toBeInstanceOf(StaleLeaseError);
      await expect(auth.state.keys.set({ 'pre-key': { '2': null } })).rejects.toBeInstanceOf(
        StaleLeaseError,
      );
      await expect(
        new WhatsappAuthRepository(dataSource).clear(victim.connectionId, victim.epoch),
      ).rejects.toBeInstanceOf(StaleLeaseError);

      // The new holder reads what b wrote before dying, and may write.
      const current = await usePostgresAuthState({
        auth: new WhatsappAuthRepository(dataSource),
        cipher,
        companyId: 1,
        connectionId: victim.connectionId,
        epoch: takeover!.lease.epoch,
      });
      expect(current.state.creds.registrationId).toBe(auth.state.creds.registrationId);
      const keys = await current.state.keys.get('pre-key', ['1', 'missing']);
      expect(Buffer.from(keys['1'].private).toString()).toBe('priv');
      expect(keys.missing).toBeUndefined();
      await current.saveCreds();
      const [row] = (await dataSource.query(
        `SELECT value FROM whatsapp_auth_creds WHERE connection_id = $1`,
        [victim.connectionId],
      )) as { value: Buffer }[];
      expect(row.value.toString('utf8')).not.toContain('registrationId');

      // A fourth worker joins: the others shed down to ceil(9 / 3) = 3 and it takes the rest.
      const d = worker('w-d');
      d.start();
      await waitFor(async () => {
        const byHolder = await holders();
        return (
          (byHolder.get('w-d')?.length ?? 0) >= 2 &&
          [...byHolder.values()].every((ids) => ids.length <= 3) &&
          [...byHolder.values()].flat().length === SESSIONS
        );
      }, 4 * TTL_MS);
      expect(open.size).toBe(SESSIONS);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'parks a stopped session: the holder drops it, is fenced off, and nobody claims it until woken',
    async () => {
      const [a] = workers;
      await a.ensureSession(1, 200);
      await waitFor(async () => open.has(200), 3 * RENEW_MS);
      const held = opened.filter((entry) => entry.lease.connectionId === 200).at(-1)!.lease;

      const parkedEpoch = await a.parkSession(200);
      expect(parkedEpoch).toBe(held.epoch + 1n);
      await waitFor(async () => !open.has(200), 3 * RENEW_MS);
      await expect(
        dataSource.transaction((manager) => assertLeaseEpoch(manager, 200, held.epoch)),
      ).rejects.toBeInstanceOf(StaleLeaseError);
      await new Promise((resolve) => setTimeout(resolve, 2 * RENEW_MS));
      expect(open.has(200)).toBe(false);
      // A stale holder may not park it either.
      await expect(a.parkSession(200, held.epoch)).resolves.toBeNull();

      await a.ensureSession(1, 200);
      await waitFor(async () => open.has(200), 3 * RENEW_MS);
      const woken = opened.filter((entry) => entry.lease.connectionId === 200).at(-1)!.lease;
      expect(woken.epoch).toBe(held.epoch + 2n);
    },
    TEST_TIMEOUT_MS,
  );

  it('never renews a lease that expired, so a slow holder cannot come back under the old epoch', async () => {
    await dataSource.query(
      `INSERT INTO session_leases (connection_id, company_id, holder, epoch, expires_at) VALUES (100, 1, 'w-slow', 4, now() - interval '1 second')`,
    );
    const slow = new LeaseManager({
      leases: new SessionLeasesRepository(dataSource),
      workerId: 'w-slow',
      ttlMs: TTL_MS,
      renewMs: RENEW_MS,
    });
    workers.push(slow);
    await slow.tick();
    const [row] = (await dataSource.query(
      `SELECT holder, epoch FROM session_leases WHERE connection_id = 100`,
    )) as { holder: string; epoch: string }[];
    // Either re-claimed with a new epoch or left to another worker, never renewed as epoch 4.
    expect(row.epoch === '4' && row.holder === 'w-slow').toBe(false);
  });
});
