import { openTestDataSource, type TestDataSource } from '@sb/testing';
import type { DataSource } from 'typeorm';
import { connectorsMigrations } from '../src/migrations/index.js';
import { LeaseManager, SessionLeasesRepository } from '../src/sessions/index.js';

// Short periods so the test runs in seconds; production uses 20 s / 5 s with the same code.
const TTL_MS = 3_000;
const RENEW_MS = 500;
const PER_ROUND = 2;
const SESSIONS = 12;

const TEST_TIMEOUT_MS = 60_000;

describe('sessions handed over gradually to joining workers (real Postgres)', () => {
  let database: TestDataSource | undefined;
  let dataSource: DataSource;
  const workers: LeaseManager[] = [];
  /** who runs each session now; a session must never run on two workers at once */
  const running = new Map<number, string>();
  const acquisitions: { worker: string; connectionId: number; at: number }[] = [];

  const worker = (id: string): LeaseManager => {
    const manager = new LeaseManager({
      leases: new SessionLeasesRepository(dataSource),
      workerId: id,
      ttlMs: TTL_MS,
      renewMs: RENEW_MS,
      handoverPerRound: PER_ROUND,
      onAcquired: async (lease) => {
        expect(running.get(lease.connectionId)).toBeUndefined();
        running.set(lease.connectionId, id);
        acquisitions.push({ worker: id, connectionId: lease.connectionId, at: Date.now() });
      },
      onReleased: async (lease) => {
        if (running.get(lease.connectionId) === id) running.delete(lease.connectionId);
      },
      onError: (error) => {
        throw error;
      },
    });
    workers.push(manager);
    return manager;
  };

  const counts = async (): Promise<Map<string, number>> => {
    const rows = (await dataSource.query(
      `SELECT holder, count(*)::int AS held FROM session_leases
       WHERE active AND holder IS NOT NULL AND expires_at > now() GROUP BY holder`,
    )) as { holder: string; held: number }[];
    return new Map(rows.map((row) => [row.holder, row.held]));
  };

  const waitFor = async (check: () => Promise<boolean>, withinMs: number): Promise<number> => {
    const started = Date.now();
    while (Date.now() - started < withinMs) {
      if (await check()) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`condition not met within ${withinMs} ms`);
  };

  /** The most handovers (server clock) that fall inside any one renewal period. */
  const mostHandoversInOnePeriod = async (): Promise<number> => {
    const rows = (await dataSource.query(
      `SELECT extract(epoch FROM handed_over_at) * 1000 AS at FROM session_leases
       WHERE handed_over_at IS NOT NULL ORDER BY handed_over_at`,
    )) as { at: string }[];
    const times = rows.map((row) => Number(row.at));
    let most = 0;
    for (let first = 0; first < times.length; first += 1) {
      let last = first;
      while (last + 1 < times.length && times[last + 1]! - times[first]! < RENEW_MS) last += 1;
      most = Math.max(most, last - first + 1);
    }
    return most;
  };

  beforeAll(async () => {
    database = await openTestDataSource('handover', {
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
    'moves sessions to joining workers a few per period until balanced, and a killed worker’s at once',
    async () => {
      const a = worker('w-a');
      for (let id = 1; id <= SESSIONS; id += 1) await a.ensureSession(1, id);
      a.start();
      await waitFor(async () => (await counts()).get('w-a') === SESSIONS, 5_000);

      // Two workers join: the share drops to 4 and a hands 8 over, at most PER_ROUND per period.
      const joinedAt = Date.now();
      const [b, c] = [worker('w-b'), worker('w-c')];
      b.start();
      c.start();
      const balancedAfterMs = await waitFor(async () => {
        const held = await counts();
        return ['w-a', 'w-b', 'w-c'].every((id) => held.get(id) === SESSIONS / 3);
      }, 20_000);
      expect(running.size).toBe(SESSIONS);
      expect(await mostHandoversInOnePeriod()).toBeLessThanOrEqual(PER_ROUND);
      // 8 sessions at PER_ROUND per period: no faster than 4 periods (gradual, not all at once)
      expect(balancedAfterMs).toBeGreaterThanOrEqual(((8 / PER_ROUND - 1) * RENEW_MS) / 2);
      const moved = acquisitions.filter((entry) => entry.at >= joinedAt);
      expect(moved.length).toBeGreaterThanOrEqual(8);
      expect(new Set(moved.map((entry) => entry.worker))).toEqual(new Set(['w-b', 'w-c']));

      // Kill c (no release, as a crashed process): its 4 sessions move within TTL + a period or so,
      // not a few at a time: they are orphans, not handovers.
      const killedAt = Date.now();
      const orphans = c.heldLeases().map((lease) => lease.connectionId);
      await c.stop({ release: false });
      for (const id of orphans) running.delete(id);
      const handoversBefore = await mostHandoversInOnePeriod();
      await waitFor(
        async () => {
          const held = await counts();
          return (
            held.get('w-c') === undefined &&
            (held.get('w-a') ?? 0) + (held.get('w-b') ?? 0) === SESSIONS
          );
        },
        TTL_MS + 4 * RENEW_MS,
      );
      expect(Date.now() - killedAt).toBeLessThan(TTL_MS + 4 * RENEW_MS);
      expect(orphans.every((id) => running.has(id))).toBe(true);
      // the takeover handed nothing over voluntarily
      expect(await mostHandoversInOnePeriod()).toBe(handoversBefore);
      const held = await counts();
      expect([held.get('w-a'), held.get('w-b')]).toEqual([6, 6]);
    },
    TEST_TIMEOUT_MS,
  );

  it('refuses a handover allowance that is not a whole number from 1', () => {
    expect(
      () =>
        new LeaseManager({
          leases: new SessionLeasesRepository(dataSource),
          workerId: 'w-bad',
          handoverPerRound: 2.5,
        }),
    ).toThrow(/WHATSAPP_LEASE_HANDOVER_PER_ROUND/);
  });
});
