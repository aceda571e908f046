export type NatsAttempt = { source: string; reason: string };

/** One line saying why NATS tests cannot run, naming every place that was tried. */
export function natsSkipReason(attempts: NatsAttempt[]): string {
  const tried = attempts.map((a) => `${a.source}: ${a.reason}`).join('; ');
  return `NATS tests skipped: no NATS server available (${tried}). Set NATS_URL or start nats-server -js.`;
}
