export type SendLanesOptions<T> = {
  /** the lane of an item (a connection): its items run one after another, in the order added */
  laneOf: (item: T) => number;
  run: (item: T) => Promise<void>;
  /** lanes running at once; the others wait their turn */
  maxLanes: number;
  /** an item whose run threw (its own failures are its business: this only reports) */
  onError: (item: T, err: unknown) => void;
};

/**
 * Items run side by side across lanes and one at a time within a lane: a campaign's connections send
 * together as fast as each channel allows, while one connection's messages keep their order (and a
 * pause stops after the one in flight on each). When more lanes have work than `maxLanes`, a lane gives
 * its slot to a waiting one after each item, so none starves.
 */
export class SendLanes<T> {
  /** items not started, by lane; Map order is the order lanes get a slot */
  private readonly waiting = new Map<number, T[]>();
  private readonly active = new Set<number>();
  private unfinished = 0;
  private waiters: (() => void)[] = [];

  constructor(private readonly options: SendLanesOptions<T>) {}

  /** Items added and not finished (waiting or in flight). */
  get pending(): number {
    return this.unfinished;
  }

  /** Items not started yet. */
  get queued(): number {
    let count = 0;
    for (const items of this.waiting.values()) count += items.length;
    return count;
  }

  add(items: readonly T[]): void {
    for (const item of items) {
      const lane = this.options.laneOf(item);
      const queue = this.waiting.get(lane);
      if (queue) queue.push(item);
      else this.waiting.set(lane, [item]);
      this.unfinished += 1;
    }
    this.fillSlots();
  }

  /** Resolves when the next item finishes (at once when none is pending). */
  next(): Promise<void> {
    if (this.unfinished === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Resolves when every item added has finished. */
  async idle(): Promise<void> {
    while (this.unfinished > 0) await this.next();
  }

  /** Takes out the items not started (a stopping worker gives them back); those in flight go on. */
  takeWaiting(): T[] {
    const taken = [...this.waiting.values()].flat();
    this.waiting.clear();
    this.unfinished -= taken.length;
    this.wake();
    return taken;
  }

  private fillSlots(): void {
    for (const lane of this.waiting.keys()) {
      if (this.active.size >= this.options.maxLanes) return;
      if (this.active.has(lane)) continue;
      this.active.add(lane);
      void this.runLane(lane);
    }
  }

  private async runLane(lane: number): Promise<void> {
    for (;;) {
      const queue = this.waiting.get(lane);
      const item = queue?.shift();
      if (!queue || item === undefined) break;
      if (queue.length === 0) this.waiting.delete(lane);
      try {
        await this.options.run(item);
      } catch (err) {
        this.options.onError(item, err);
      }
      this.unfinished -= 1;
      this.wake();
      if (this.othersWaiting(lane)) {
        // back of the line: its remaining items wait behind the lanes that had no slot
        const rest = this.waiting.get(lane);
        if (rest) {
          this.waiting.delete(lane);
          this.waiting.set(lane, rest);
        }
        break;
      }
    }
    this.active.delete(lane);
    this.fillSlots();
  }

  private othersWaiting(lane: number): boolean {
    if (this.active.size < this.options.maxLanes) return false;
    for (const other of this.waiting.keys())
      if (other !== lane && !this.active.has(other)) return true;
    return false;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
