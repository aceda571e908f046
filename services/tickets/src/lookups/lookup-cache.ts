import type { DomainEvent } from '@sb/contracts';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';

/**
 * Answers of other services (names, connections, settings) kept for a few seconds, so a burst of calls
 * asks once. A failed lookup answers `fallback` for the same time, so a service
 * that is down does not make every call wait for its timeout.
 */
export class LookupCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly logger: Logger,
    private readonly maxEntries = 5000,
  ) {}

  get<T>(key: string, load: () => Promise<T>, fallback: T): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = load().catch((err: unknown) => {
      this.logger.debug({ err, key }, 'directory lookup failed');
      return fallback;
    });
    this.entries.set(key, { at: now, value });
    if (this.entries.size > this.maxEntries) {
      for (const [k, entry] of this.entries) {
        if (now - entry.at >= this.ttlMs) this.entries.delete(k);
      }
    }
    return value;
  }

  /** Forgets an entry (its source changed), so the next read asks again. */
  forget(key: string): void {
    this.entries.delete(key);
  }
}

/** Which cache entry an event makes stale (null: none). */
export type StaleRule = { subject: string; key: (event: DomainEvent<unknown>) => string | null };

/** Forgets entries of `cache` as the events that change their source arrive (live, no replay). */
export const forgetOnEvents = (
  bus: Bus,
  cache: LookupCache,
  rules: StaleRule[],
): Promise<BusSubscription[]> =>
  Promise.all(
    rules.map((rule) =>
      bus.subscribe<unknown>(rule.subject, (event) => {
        const key = rule.key(event);
        if (key) cache.forget(key);
      }),
    ),
  );
