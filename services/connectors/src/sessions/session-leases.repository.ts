import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { epochAllows, handoverCount, StaleLeaseError, type HeldLease } from './lease-rules.js';

type LeaseRow = { connection_id: number; company_id: number; epoch: string };

const toLease = (row: LeaseRow): HeldLease => ({
  connectionId: Number(row.connection_id),
  companyId: Number(row.company_id),
  epoch: BigInt(row.epoch),
});

/**
 * `session_leases` and `worker_heartbeats`: which connectors worker holds which WhatsApp session.
 * Workers span companies, so these statements are keyed by connection and worker, not by company.
 */
@Injectable()
export class SessionLeasesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Registers a session to be held by some worker, or wakes a parked one (idempotent). */
  async ensure(companyId: number, connectionId: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO session_leases (connection_id, company_id, active, holder, epoch, expires_at)
       VALUES ($1, $2, true, NULL, 0, now())
       ON CONFLICT (connection_id) DO UPDATE SET active = true`,
      [connectionId, companyId],
    );
  }

  /** A lease row for every live Baileys connection that has none yet (a parked one stays parked). */
  async ensureLiveConnections(): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO session_leases (connection_id, company_id, active, holder, epoch, expires_at)
       SELECT id, company_id, true, NULL, 0, now() FROM connections
       WHERE channel = 'whatsapp' AND status <> 'DISCONNECTED'
       ON CONFLICT (connection_id) DO NOTHING`,
    );
  }

  /**
   * Parks a session (nobody claims it) with a new epoch; with `epoch`, only while that epoch is
   * current. Answers the new epoch, or null when refused or unknown.
   */
  async park(connectionId: number, epoch?: bigint): Promise<bigint | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE session_leases SET active = false, holder = NULL, epoch = epoch + 1, expires_at = now()
       WHERE connection_id = $1 AND ($2::bigint IS NULL OR epoch <= $2::bigint) RETURNING epoch`,
      [connectionId, epoch === undefined ? null : epoch.toString()],
    )) as [{ epoch: string }[], number];
    return rows[0] ? BigInt(rows[0].epoch) : null;
  }

  async remove(connectionId: number): Promise<void> {
    await this.dataSource.query(`DELETE FROM session_leases WHERE connection_id = $1`, [
      connectionId,
    ]);
  }

  /** Frees every lease of a worker and forgets its heartbeat (a clean shutdown). */
  async releaseWorker(workerId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE session_leases SET holder = NULL, expires_at = now() WHERE holder = $1`,
      [workerId],
    );
    await this.dataSource.query(`DELETE FROM worker_heartbeats WHERE worker_id = $1`, [workerId]);
  }

  /** The worker's heartbeat; dead workers' beats are kept a while for inspection, then dropped. */
  async beat(workerId: string, ttl: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO worker_heartbeats (worker_id, seen_at) VALUES ($1, now())
       ON CONFLICT (worker_id) DO UPDATE SET seen_at = now()`,
      [workerId],
    );
    await this.dataSource.query(
      `DELETE FROM worker_heartbeats WHERE seen_at < now() - $1::interval * 10`,
      [ttl],
    );
  }

  /** Extends the worker's unexpired leases; answers the ones it still holds. */
  async renew(workerId: string, ttl: string): Promise<HeldLease[]> {
    const renewed = (await this.dataSource.query(
      `UPDATE session_leases SET expires_at = now() + $2::interval
       WHERE holder = $1 AND active AND expires_at > now() RETURNING connection_id, company_id, epoch`,
      [workerId, ttl],
    )) as [LeaseRow[], number];
    return renewed[0].map(toLease);
  }

  /** Active sessions and live workers (the fair share's inputs). */
  async census(ttl: string): Promise<{ sessions: number; workers: number }> {
    const [counts] = (await this.dataSource.query(
      `SELECT (SELECT count(*) FROM session_leases WHERE active)::int AS sessions,
              (SELECT count(*) FROM worker_heartbeats WHERE seen_at > now() - $1::interval)::int AS workers`,
      [ttl],
    )) as { sessions: number; workers: number }[];
    return counts;
  }

  /**
   * Picks up to `excess` of the worker's leases to hand over, within the cluster-wide allowance of
   * `perRound` handovers per `period`: counted and marked under one lock, so two workers never both
   * spend the same allowance. The leases stay held (nobody claims them) until `free` after the close.
   */
  async reserveHandover(
    workerId: string,
    excess: number,
    perRound: number,
    period: string,
  ): Promise<HeldLease[]> {
    if (excess <= 0) return [];
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('sb-session-handover'))`);
      const [recent] = (await manager.query(
        `SELECT count(*)::int AS count FROM session_leases
         WHERE handed_over_at > now() - $1::interval`,
        [period],
      )) as { count: number }[];
      const count = handoverCount(excess, perRound, recent?.count ?? 0);
      if (count === 0) return [];
      const reserved = (await manager.query(
        `UPDATE session_leases l SET handed_over_at = now()
         FROM (SELECT connection_id FROM session_leases
               WHERE holder = $1 AND active AND expires_at > now()
               ORDER BY connection_id DESC LIMIT $2 FOR UPDATE) mine
         WHERE l.connection_id = mine.connection_id
         RETURNING l.connection_id, l.company_id, l.epoch`,
        [workerId, count],
      )) as [LeaseRow[], number];
      return reserved[0].map(toLease);
    });
  }

  /** Gives a lease up, only while this worker still holds it with this epoch. */
  async free(lease: HeldLease, workerId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE session_leases SET holder = NULL, expires_at = now()
       WHERE connection_id = $1 AND holder = $2 AND epoch = $3`,
      [lease.connectionId, workerId, lease.epoch.toString()],
    );
  }

  /** Takes up to `count` expired or free leases, each with a new epoch. */
  async claim(workerId: string, count: number, ttl: string): Promise<HeldLease[]> {
    const claimed = (await this.dataSource.query(
      `UPDATE session_leases l SET holder = $1, epoch = l.epoch + 1, expires_at = now() + $3::interval
       FROM (SELECT connection_id FROM session_leases
             WHERE active AND (holder IS NULL OR expires_at <= now())
             ORDER BY connection_id LIMIT $2 FOR UPDATE SKIP LOCKED) free
       WHERE l.connection_id = free.connection_id
       RETURNING l.connection_id, l.company_id, l.epoch`,
      [workerId, count, ttl],
    )) as [LeaseRow[], number];
    return claimed[0].map(toLease);
  }

  /** The session's epoch (null when it has no lease). */
  async epochOf(connectionId: number): Promise<bigint | null> {
    const rows = (await this.dataSource.query(
      `SELECT epoch FROM session_leases WHERE connection_id = $1`,
      [connectionId],
    )) as { epoch: string }[];
    return rows[0] ? BigInt(rows[0].epoch) : null;
  }

  /** The worker that holds a live session now, if any. */
  async holderOf(connectionId: number): Promise<string | null> {
    const rows = (await this.dataSource.query(
      `SELECT holder FROM session_leases
       WHERE connection_id = $1 AND active AND holder IS NOT NULL AND expires_at > now()`,
      [connectionId],
    )) as { holder: string }[];
    return rows[0]?.holder ?? null;
  }
}

/**
 * Fencing: locks the lease row inside the caller's transaction and refuses the write when another worker
 * took the session since (its epoch is newer). Every auth-state write and status change goes through it.
 */
export async function assertLeaseEpoch(
  manager: EntityManager,
  connectionId: number,
  epoch: bigint,
): Promise<void> {
  const rows = (await manager.query(
    `SELECT epoch FROM session_leases WHERE connection_id = $1 FOR SHARE`,
    [connectionId],
  )) as { epoch: string }[];
  const stored = rows[0] ? BigInt(rows[0].epoch) : null;
  if (!epochAllows(stored, epoch)) throw new StaleLeaseError(connectionId, epoch, stored);
}
