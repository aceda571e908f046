/**
 * Whether the outbox relay of a schema is behind, shared within the process: a relay batch that came
 * back full means more rows wait. A consumer that writes bulk events (the inbound intake) waits for
 * the relay before each batch, so the backlog stays near one relay batch. Its own deliveries then
 * wait on the bus instead, and what agents do (closing a ticket, sending a reply) is published
 * behind a short queue, not behind every inbound message of a burst.
 */
type Pressure = { behind: boolean; waiters: Set<() => void> };

const pressures = new Map<string, Pressure>();

const pressureOf = (schema: string): Pressure => {
  let pressure = pressures.get(schema);
  if (!pressure) {
    pressure = { behind: false, waiters: new Set() };
    pressures.set(schema, pressure);
  }
  return pressure;
};

/** The relay's word after each batch (behind: the batch was full); false also when it stops. */
export function reportOutboxProgress(schema: string, behind: boolean): void {
  const pressure = pressureOf(schema);
  pressure.behind = behind;
  if (behind) return;
  for (const release of [...pressure.waiters]) release();
}

/**
 * Resolves once the schema's relay is not behind, or after `maxWaitMs` (a stalled relay holds the
 * intake back for that long at most; its lag shows on the outbox metrics and alerts).
 */
export function whenOutboxCaughtUp(schema: string, maxWaitMs = 5_000): Promise<void> {
  const pressure = pressureOf(schema);
  if (!pressure.behind) return Promise.resolve();
  return new Promise((resolve) => {
    const release = () => {
      clearTimeout(timer);
      pressure.waiters.delete(release);
      resolve();
    };
    const timer = setTimeout(release, maxWaitMs);
    pressure.waiters.add(release);
  });
}
