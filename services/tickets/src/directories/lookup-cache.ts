import type { DomainEvent } from '@sb/contracts';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';

/** A cached answer; `loaded` once it came from the source (not the fallback of a failed lookup). */
type Entry = { at: number; value: Promise<unknown>; loaded: boolean; refreshing: boolean };

/**
 * Answers of other services (names, connections, settings) kept for a few seconds, so a burst of calls
 * asks once. Past its time an answer is still served while a fresh one is asked for in the background
 * (stale while revalidate): callers such as the inbound transaction never wait on another service once
 * the answer is known; a change the source announces is forgotten at once (`forget`). A first lookup
 * that fails answers `fallback` for the same time, so a service that is down does not make every call
 * wait for its timeout.
 */
export class LookupCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly logger: Logger,
    private readonly maxEntries = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(key: string, load: () => Promise<T>, fallback: T): Promise<T> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    if (hit?.loaded) {
      if (!hit.refreshing) this.refresh(key, hit, load);
      return hit.value as Promise<T>;
    }
    const entry: Entry = {
      at: now,
      value: Promise.resolve(fallback),
      loaded: false,
      refreshing: false,
    };
    entry.value = load().then(
      (value) => {
        entry.loaded = true;
        return value;
      },
      (err: unknown) => {
        this.logger.debug({ err, key }, 'directory lookup failed');
        return fallback;
      },
    );
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      for (const [k, old] of this.entries) {
        if (now - old.at >= this.ttlMs) this.entries.delete(k);
      }
    }
    return entry.value as Promise<T>;
  }

  /** Asks again in the background; the stale answer stays until a fresh one (or a forget) replaces it. */
  private refresh<T>(key: string, stale: Entry, load: () => Promise<T>): void {
    stale.refreshing = true;
    load().then(
      (value) => {
        if (this.entries.get(key) !== stale) return; // forgotten meanwhile: the next read asks anew
        this.entries.set(key, {
          at: this.now(),
          value: Promise.resolve(value),
          loaded: true,
          refreshing: false,
        });
      },
      (err: unknown) => {
        this.logger.debug({ err, key }, 'directory refresh failed; the last answer stays');
        stale.at = this.now();
        stale.refreshing = false;
      },
    );
  }

  /** Forgets an entry (its source changed), so the next read asks again. */
  forget(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every entry whose key starts with `prefix` (a company's settings, one key each). */
  forgetPrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}

/** Which cache entry an event makes stale (null: none); `prefix`: every entry whose key starts so. */
export type StaleRule = {
  subject: string;
  key: (event: DomainEvent<unknown>) => string | null;
  prefix?: boolean;
};

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
        if (key && rule.prefix) cache.forgetPrefix(key);
        else if (key) cache.forget(key);
      }),
    ),
  );

/**
 * A directory of another service: one cache of its answers, whose entries the service's events make
 * stale (`staleRules`), subscribed while the application runs.
 */
export abstract class CachedDirectory {
  protected readonly cache: LookupCache;
  private subscriptions: BusSubscription[] = [];

  protected constructor(
    protected readonly bus: Bus,
    logger: Logger,
    ttlMs: number,
  ) {
    this.cache = new LookupCache(ttlMs, logger);
  }

  /** The events that change what the cache holds. */
  protected abstract staleRules(): StaleRule[];

  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions = await forgetOnEvents(this.bus, this.cache, this.staleRules());
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((s) => s.unsubscribe()));
  }
}
