import type { DataSource, EntityManager } from 'typeorm';
import {
  epochAllows,
  fairShare,
  LEASE_RENEW_MS,
  LEASE_TTL_MS,
  StaleLeaseError,
  type HeldLease,
} from './lease-rules.js';

export type LeaseManagerOptions = {
  dataSource: DataSource;
  workerId: string;
  ttlMs?: number;
  renewMs?: number;
  /** Called after this worker took a session (open it with this epoch). */
  onAcquired?: (lease: HeldLease) => Promise<void>;
  /** Called when this worker lost or gives up a session (close it, never log out). */
  onReleased?: (lease: HeldLease) => Promise<void>;
  onError?: (error: unknown) => void;
};

type LeaseRow = { connection_id: number; company_id: number; epoch: string };

const toLease = (row: LeaseRow): HeldLease => ({
  connectionId: Number(row.connection_id),
  companyId: Number(row.company_id),
  epoch: BigInt(row.epoch),
});

/**
 * Spreads WhatsApp sessions over the connectors workers through rows in Postgres: every worker beats in
 * `worker_heartbeats`, renews its leases, gives up what exceeds its fair share and claims expired or free
 * leases with a new epoch. The database is the truth; the held map only mirrors what the last tick saw.
 */
export class LeaseManager {
  readonly workerId: string;
  private readonly ttlMs: number;
  private readonly renewMs: number;
  private readonly held = new Map<number, HeldLease>();
  private timer: NodeJS.Timeout | undefined;
  private active = false;
  private running: Promise<void> | undefined;

  constructor(private readonly options: LeaseManagerOptions) {
    this.workerId = options.workerId;
    this.ttlMs = options.ttlMs ?? LEASE_TTL_MS;
    this.renewMs = options.renewMs ?? LEASE_RENEW_MS;
  }

  /** Registers a session to be held by some worker, or wakes a parked one (idempotent). */
  async ensureSession(companyId: number, connectionId: number): Promise<void> {
    await this.options.dataSource.query(
      `INSERT INTO session_leases (connection_id, company_id, active, holder, epoch, expires_at)
       VALUES ($1, $2, true, NULL, 0, now())
       ON CONFLICT (connection_id) DO UPDATE SET active = true`,
      [connectionId, companyId],
    );
  }

  /**
   * Parks a session that must not run (stopped, logged out, QR not scanned, retries spent): nobody claims
   * it until ensureSession wakes it. Parking is a takeover by nobody: the epoch goes up, so whoever held
   * it can no longer write. With `epoch`, a holder parks only while it is current. Resolves to the new
   * epoch (for the caller's last writes, e.g. wiping the auth state), or null when refused or unknown.
   */
  async parkSession(connectionId: number, epoch?: bigint): Promise<bigint | null> {
    const [rows] = (await this.options.dataSource.query(
      `UPDATE session_leases SET active = false, holder = NULL, epoch = epoch + 1, expires_at = now()
       WHERE connection_id = $1 AND ($2::bigint IS NULL OR epoch <= $2::bigint) RETURNING epoch`,
      [connectionId, epoch === undefined ? null : epoch.toString()],
    )) as [{ epoch: string }[], number];
    const lease = this.held.get(connectionId);
    if (lease) {
      this.held.delete(connectionId);
      await this.options.onReleased?.(lease);
    }
    return rows[0] ? BigInt(rows[0].epoch) : null;
  }

  /** Forgets a session whose connection was deleted. */
  async removeSession(connectionId: number): Promise<void> {
    await this.options.dataSource.query(`DELETE FROM session_leases WHERE connection_id = $1`, [
      connectionId,
    ]);
    const lease = this.held.get(connectionId);
    if (lease) {
      this.held.delete(connectionId);
      await this.options.onReleased?.(lease);
    }
  }

  heldLeases(): HeldLease[] {
    return [...this.held.values()];
  }

  heldLease(connectionId: number): HeldLease | undefined {
    return this.held.get(connectionId);
  }

  /** Ticks now and then every `renewMs` until stopped (the timer only paces renewals). */
  start(): void {
    if (this.active) return;
    this.active = true;
    const loop = (): void => {
      if (!this.active) return;
      this.timer = setTimeout(() => void this.tick().finally(loop), this.renewMs);
    };
    void this.tick().finally(loop);
  }

  /** Stops renewing; with `release` the leases are freed at once so others take over without waiting. */
  async stop({ release }: { release: boolean }): Promise<void> {
    this.active = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    const leases = [...this.held.values()];
    this.held.clear();
    for (const lease of leases) await this.options.onReleased?.(lease);
    if (!release) return;
    await this.options.dataSource.query(
      `UPDATE session_leases SET holder = NULL, expires_at = now() WHERE holder = $1`,
      [this.workerId],
    );
    await this.options.dataSource.query(`DELETE FROM worker_heartbeats WHERE worker_id = $1`, [
      this.workerId,
    ]);
  }

  /** One round: heartbeat, renew, shed the excess, claim up to the fair share. Serialised per worker. */
  tick(): Promise<void> {
    const run = (this.running ?? Promise.resolve()).then(() =>
      this.round().catch((error: unknown) => this.options.onError?.(error)),
    );
    this.running = run;
    return run;
  }

  private async round(): Promise<void> {
    const db = this.options.dataSource;
    const ttl = `${this.ttlMs} milliseconds`;
    await db.query(
      `INSERT INTO worker_heartbeats (worker_id, seen_at) VALUES ($1, now())
       ON CONFLICT (worker_id) DO UPDATE SET seen_at = now()`,
      [this.workerId],
    );

    // Dead workers' beats are kept a while for inspection, then dropped.
    await db.query(`DELETE FROM worker_heartbeats WHERE seen_at < now() - $1::interval * 10`, [
      ttl,
    ]);

    const renewed = (await db.query(
      `UPDATE session_leases SET expires_at = now() + $2::interval
       WHERE holder = $1 AND active AND expires_at > now() RETURNING connection_id, company_id, epoch`,
      [this.workerId, ttl],
    )) as [LeaseRow[], number];
    await this.syncHeld(renewed[0].map(toLease));

    const [{ sessions, workers }] = (await db.query(
      `SELECT (SELECT count(*) FROM session_leases WHERE active)::int AS sessions,
              (SELECT count(*) FROM worker_heartbeats WHERE seen_at > now() - $1::interval)::int AS workers`,
      [ttl],
    )) as { sessions: number; workers: number }[];
    const share = fairShare(sessions, workers);

    if (this.held.size > share) await this.shed(this.held.size - share);
    else if (this.held.size < share) await this.claim(share - this.held.size, ttl);
  }

  /** Keeps the held map equal to what the database says this worker holds; lost ones are closed. */
  private async syncHeld(current: HeldLease[]): Promise<void> {
    const ids = new Set(current.map((lease) => lease.connectionId));
    for (const lease of [...this.held.values()]) {
      if (!ids.has(lease.connectionId)) {
        this.held.delete(lease.connectionId);
        await this.options.onReleased?.(lease);
      }
    }
    for (const lease of current) this.held.set(lease.connectionId, lease);
  }

  private async shed(count: number): Promise<void> {
    const excess = [...this.held.values()]
      .sort((a, b) => b.connectionId - a.connectionId)
      .slice(0, count);
    for (const lease of excess) {
      // Close first, then free: the next holder never overlaps a live socket of ours.
      this.held.delete(lease.connectionId);
      await this.options.onReleased?.(lease);
      await this.options.dataSource.query(
        `UPDATE session_leases SET holder = NULL, expires_at = now()
         WHERE connection_id = $1 AND holder = $2 AND epoch = $3`,
        [lease.connectionId, this.workerId, lease.epoch.toString()],
      );
    }
  }

  private async claim(count: number, ttl: string): Promise<void> {
    const claimed = (await this.options.dataSource.query(
      `UPDATE session_leases l SET holder = $1, epoch = l.epoch + 1, expires_at = now() + $3::interval
       FROM (SELECT connection_id FROM session_leases
             WHERE active AND (holder IS NULL OR expires_at <= now())
             ORDER BY connection_id LIMIT $2 FOR UPDATE SKIP LOCKED) free
       WHERE l.connection_id = free.connection_id
       RETURNING l.connection_id, l.company_id, l.epoch`,
      [this.workerId, count, ttl],
    )) as [LeaseRow[], number];
    for (const lease of claimed[0].map(toLease)) {
      this.held.set(lease.connectionId, lease);
      await this.options.onAcquired?.(lease);
    }
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
