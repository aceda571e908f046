import {
  LEASE_HANDOVER_PER_ROUND,
  LEASE_RENEW_MS,
  LEASE_TTL_MS,
  planRound,
  type HeldLease,
} from './lease-rules.js';
import type { SessionLeasesRepository } from './session-leases.repository.js';

export type LeaseManagerOptions = {
  leases: SessionLeasesRepository;
  workerId: string;
  ttlMs?: number;
  renewMs?: number;
  /** Sessions handed over voluntarily per renewal period, by all workers together. */
  handoverPerRound?: number;
  /** Called after this worker took a session (open it with this epoch). */
  onAcquired?: (lease: HeldLease) => Promise<void>;
  /** Called when this worker lost or gives up a session (close it, never log out). */
  onReleased?: (lease: HeldLease) => Promise<void>;
  onError?: (error: unknown) => void;
};

/**
 * Spreads WhatsApp sessions over the connectors workers through rows in Postgres: every worker beats in
 * `worker_heartbeats`, renews its leases, hands over what exceeds its fair share (a few per renewal
 * period across the cluster, so a joining worker fills up gradually, without a reconnect storm) and
 * claims free or expired leases with a new epoch (a dead worker's sessions at once, within the TTL).
 * The database is the truth; the held map only mirrors what the last tick saw.
 */
export class LeaseManager {
  readonly workerId: string;
  private readonly ttlMs: number;
  private readonly renewMs: number;
  private readonly handoverPerRound: number;
  private readonly held = new Map<number, HeldLease>();
  private timer: NodeJS.Timeout | undefined;
  private active = false;
  private running: Promise<void> | undefined;
  private readonly leases: SessionLeasesRepository;

  constructor(private readonly options: LeaseManagerOptions) {
    this.leases = options.leases;
    this.workerId = options.workerId;
    this.ttlMs = options.ttlMs ?? LEASE_TTL_MS;
    this.renewMs = options.renewMs ?? LEASE_RENEW_MS;
    this.handoverPerRound = options.handoverPerRound ?? LEASE_HANDOVER_PER_ROUND;
    if (!Number.isInteger(this.handoverPerRound) || this.handoverPerRound < 1) {
      throw new Error(
        `sessions handed over per round must be a whole number from 1 (WHATSAPP_LEASE_HANDOVER_PER_ROUND), got ${this.handoverPerRound}`,
      );
    }
  }

  /** Registers a session to be held by some worker, or wakes a parked one (idempotent). */
  async ensureSession(companyId: number, connectionId: number): Promise<void> {
    await this.leases.ensure(companyId, connectionId);
  }

  /**
   * Parks a session that must not run (stopped, logged out, QR not scanned, retries spent): nobody claims
   * it until ensureSession wakes it. Parking is a takeover by nobody: the epoch goes up, so whoever held
   * it can no longer write. With `epoch`, a holder parks only while it is current. Resolves to the new
   * epoch (for the caller's last writes, e.g. wiping the auth state), or null when refused or unknown.
   */
  async parkSession(connectionId: number, epoch?: bigint): Promise<bigint | null> {
    const parked = await this.leases.park(connectionId, epoch);
    const lease = this.held.get(connectionId);
    if (lease) {
      this.held.delete(connectionId);
      await this.options.onReleased?.(lease);
    }
    return parked;
  }

  /** Forgets a session whose connection was deleted. */
  async removeSession(connectionId: number): Promise<void> {
    await this.leases.remove(connectionId);
    const lease = this.held.get(connectionId);
    if (lease) {
      this.held.delete(connectionId);
      await this.options.onReleased?.(lease);
    }
  }

  /** A lease for every live Baileys connection that has none (at boot; a parked one stays parked). */
  ensureLiveSessions(): Promise<void> {
    return this.leases.ensureLiveConnections();
  }

  /** The session's epoch as stored (null when it has no lease). */
  storedEpoch(connectionId: number): Promise<bigint | null> {
    return this.leases.epochOf(connectionId);
  }

  /** The worker holding a live session now, this one included (null when nobody does). */
  holderOf(connectionId: number): Promise<string | null> {
    return this.leases.holderOf(connectionId);
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
    await this.leases.releaseWorker(this.workerId);
  }

  /** One round: heartbeat, renew, hand over the excess, claim up to the fair share. Serialised per worker. */
  tick(): Promise<void> {
    const run = (this.running ?? Promise.resolve()).then(() =>
      this.round().catch((error: unknown) => this.options.onError?.(error)),
    );
    this.running = run;
    return run;
  }

  private async round(): Promise<void> {
    const ttl = `${this.ttlMs} milliseconds`;
    await this.leases.beat(this.workerId, ttl);
    await this.syncHeld(await this.leases.renew(this.workerId, ttl));

    const { sessions, workers } = await this.leases.census(ttl);
    const plan = planRound(this.held.size, sessions, workers);

    if (plan.excess > 0) await this.handOver(plan.excess);
    else if (plan.claim > 0) await this.claim(plan.claim, ttl);
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

  /** Gives up to `excess` sessions away, as many as the cluster's handover allowance has left. */
  private async handOver(excess: number): Promise<void> {
    const period = `${this.renewMs} milliseconds`;
    const reserved = await this.leases.reserveHandover(
      this.workerId,
      excess,
      this.handoverPerRound,
      period,
    );
    for (const lease of reserved) {
      // Close first, then free: the next holder never overlaps a live socket of ours.
      if (this.held.delete(lease.connectionId)) await this.options.onReleased?.(lease);
      await this.leases.free(lease, this.workerId);
    }
  }

  private async claim(count: number, ttl: string): Promise<void> {
    for (const lease of await this.leases.claim(this.workerId, count, ttl)) {
      this.held.set(lease.connectionId, lease);
      await this.options.onAcquired?.(lease);
    }
  }
}
