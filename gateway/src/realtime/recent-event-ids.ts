/**
 * The ids of the last events fanned out, to send each event once. The gateway hears events as a plain
 * NATS subscriber, and publishers deliver at least once: an outbox relay publishes a row again when it
 * could not mark it published (PostgreSQL restarting) or got no acknowledgement (a NATS node dying). The
 * stream drops the second copy by its id, but a plain subscriber receives both.
 */
export class RecentEventIds {
  private readonly ids = new Set<string>();

  constructor(private readonly capacity = 50_000) {}

  /** true the first time an id is seen (among the last `capacity`), false for a repeat */
  firstTime(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    // a Set iterates in insertion order: the oldest id goes first
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.values().next().value!);
    return true;
  }
}
