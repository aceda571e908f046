import type { DomainEvent } from '@sb/contracts';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { pollMsOf, Poller } from '@sb/platform/poller';

type Loading<T> = { promise: Promise<T>; pending: ((value: T) => void)[] };

/** A failed load is answered again (without asking) for this long: a source that is down or does not
 * know the company is not asked on every read. */
const FailedLoadMs = 5_000;

/**
 * One company's copy of another service's data per company, loaded in full the first time the company is
 * read (lazily: a process serves hundreds of companies but only the active ones cost memory and a load)
 * and kept current by that service's events (`apply`). A change that arrives while a load is in flight
 * is applied to its result too, so a load never brings back what an event already replaced. A load that
 * fails is not kept: its error is answered for a few seconds, then the next read asks again.
 */
export class CompanyReplicas<T> {
  private readonly loaded = new Map<number, T>();
  private readonly loading = new Map<number, Loading<T>>();
  private readonly failed = new Map<number, { at: number; error: unknown }>();

  constructor(
    private readonly load: (companyId: number) => Promise<T>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The company's copy, loaded first when this process has none. */
  get(companyId: number): Promise<T> {
    const hit = this.loaded.get(companyId);
    if (hit !== undefined) return Promise.resolve(hit);
    const failure = this.failed.get(companyId);
    if (failure && this.now() - failure.at < FailedLoadMs) return Promise.reject(failure.error);
    return this.fetch(companyId);
  }

  /** Applies a change to the company's copy (and to a load in flight); a company not loaded has none. */
  apply(companyId: number, change: (value: T) => void): void {
    const hit = this.loaded.get(companyId);
    if (hit !== undefined) change(hit);
    this.loading.get(companyId)?.pending.push(change);
  }

  /** Loads every company held again and replaces its copy; the old one is served meanwhile. */
  async resync(): Promise<void> {
    const ids = [...this.loaded.keys()];
    await Promise.all(ids.map((id) => this.fetch(id).catch(() => undefined)));
  }

  /** Drops every copy (tests; a process that lost its events). */
  clear(): void {
    this.loaded.clear();
  }

  private fetch(companyId: number): Promise<T> {
    const inFlight = this.loading.get(companyId);
    if (inFlight) return inFlight.promise;
    const entry: Loading<T> = { promise: Promise.resolve(undefined as T), pending: [] };
    entry.promise = this.load(companyId)
      .then(
        (value) => {
          for (const change of entry.pending) change(value);
          this.loaded.set(companyId, value);
          this.failed.delete(companyId);
          return value;
        },
        (error: unknown) => {
          if (!this.loaded.has(companyId)) this.failed.set(companyId, { at: this.now(), error });
          throw error;
        },
      )
      .finally(() => {
        if (this.loading.get(companyId) === entry) this.loading.delete(companyId);
      });
    this.loading.set(companyId, entry);
    return entry.promise;
  }
}

/** An event that changes a replica: its subject filter and what it does to the company's copy. */
export type ReplicaRule = {
  subject: string;
  apply: (event: DomainEvent<unknown>) => void;
};

/** Full resync of the replicas every 5 min by default (REPLICA_RESYNC_MS). */
const ResyncMs = 5 * 60_000;

/**
 * A directory of another service that keeps replicas of its data fed by its events (live subscriptions,
 * one per event). Those have no replay: an event published while this process was disconnected is
 * missed. So every replica is loaded again in full (`resync`) at a fixed period, which bounds how long a
 * missed event can stay unseen, and whenever the subscriptions are (re)made.
 */
export abstract class ReplicatedDirectory {
  private subscriptions: BusSubscription[] = [];
  private readonly poller: Poller;

  protected constructor(
    protected readonly bus: Bus,
    protected readonly logger: Logger,
    env: Record<string, string | undefined>,
    name: string,
  ) {
    this.poller = new Poller({
      name: `${name} replica resync`,
      everyMs: pollMsOf(env.REPLICA_RESYNC_MS, ResyncMs),
      pass: () => this.resync(),
      logger,
    });
  }

  /** The events that change the replicas. */
  protected abstract replicaRules(): ReplicaRule[];

  /** Loads every replica held again (a gap: events may have been missed). */
  abstract resync(): Promise<void>;

  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions = await Promise.all(
      this.replicaRules().map((rule) =>
        this.bus.subscribe<unknown>(rule.subject, (event) => rule.apply(event)),
      ),
    );
    // what was loaded before the subscriptions existed may have missed an event
    await this.resync();
    this.poller.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.poller.stop();
    await Promise.all(this.subscriptions.splice(0).map((s) => s.unsubscribe()));
  }
}
