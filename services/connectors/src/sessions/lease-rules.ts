/** Pure rules of the lease protocol, kept apart so they are unit-tested without a database. */

/**
 * A dead worker's sessions move within TTL + one renewal period of its last renewal: 20 s + 5 s, inside
 * the 30 s the issue allows. A live worker renews 4 times per TTL, so one slow round never loses leases.
 */
export const LEASE_TTL_MS = 20_000;
export const LEASE_RENEW_MS = 5_000;

/** Fair share: no worker keeps more than ceil(sessions / live workers). */
export function fairShare(sessions: number, liveWorkers: number): number {
  if (sessions <= 0) return 0;
  return Math.ceil(sessions / Math.max(1, liveWorkers));
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
