/** Pure rules of the lease protocol, kept apart so they are unit-tested without a database. */

/**
 * A dead worker's sessions move within TTL + one renewal period of its last renewal: 20 s + 5 s, inside
 * the 30 s the issue allows. A live worker renews 4 times per TTL, so one slow round never loses leases.
 */
export const LEASE_TTL_MS = 20_000;
export const LEASE_RENEW_MS = 5_000;

/**
 * Sessions handed over voluntarily per renewal period, all workers together: a worker that joins takes
 * its share over gradually (5 every 5 s: 60 a minute) instead of every session reconnecting at once.
 * Sessions of a dead or stopped worker are not counted: they move at once, within the TTL.
 */
export const LEASE_HANDOVER_PER_ROUND = 5;

/** Fair share: no worker keeps more than ceil(sessions / live workers). */
export function fairShare(sessions: number, liveWorkers: number): number {
  if (sessions <= 0) return 0;
  return Math.ceil(sessions / Math.max(1, liveWorkers));
}

/** What a worker does in one round: hand over its excess, or claim up to its share. */
export type RoundPlan = { share: number; excess: number; claim: number };

export function planRound(held: number, sessions: number, liveWorkers: number): RoundPlan {
  const share = fairShare(sessions, liveWorkers);
  return { share, excess: Math.max(0, held - share), claim: Math.max(0, share - held) };
}

/**
 * How many of its `excess` sessions a worker hands over now: what the cluster-wide allowance of the
 * current renewal period has left after the handovers already made in it (by any worker).
 */
export function handoverCount(
  excess: number,
  perRound: number,
  handedOverRecently: number,
): number {
  return Math.max(0, Math.min(excess, perRound - handedOverRecently));
}

/** A writer may write only while the stored epoch is not newer than its own. */
export function epochAllows(storedEpoch: bigint | null, writerEpoch: bigint): boolean {
  return storedEpoch !== null && storedEpoch <= writerEpoch;
}

/** Thrown when a holder whose lease was taken over tries to write (fencing). */
export class StaleLeaseError extends Error {
  constructor(
    readonly connectionId: number,
    readonly writerEpoch: bigint,
    readonly storedEpoch: bigint | null,
  ) {
    super(
      `stale lease for connection ${connectionId}: writer epoch ${writerEpoch}, stored ${storedEpoch ?? 'none'}`,
    );
    this.name = 'StaleLeaseError';
  }
}

/** A session held by this worker, with the epoch every write must carry. */
export type HeldLease = { connectionId: number; companyId: number; epoch: bigint };
