import type {
  BusReply,
  BusRequest,
  BusRequestData,
  BusResponseData,
  DomainEvent,
} from '@sb/contracts';
import { runInContext } from '../context/request-context.js';
import { AppError } from '../errors/app-error.js';
import { errorToReply, unwrapReply, unwrapReplyJson } from '../errors/error-reply.js';
import { createLogger, type Logger } from '../logger/create-logger.js';
import { timeBusRequest } from '../ops/metrics.js';
import { currentCarrier, inSpan, SpanKind } from '../tracing/trace-context.js';
import type { TraceCarrier } from '../tracing/traceparent.js';
import {
  defaultAckWaitMs,
  defaultMaxDeliver,
  defaultRequestTimeoutMs,
  duplicateWindowMs,
  eventRetentionMs,
  encodeDomainEvent,
  redeliveryDelayMs,
  type Bus,
  type BusHealth,
  type BusSubscription,
  type ConsumeOptions,
  type ConsumerStats,
  type EncodedDomainEvent,
  type EventHandler,
  type HandleOptions,
  type RequestHandler,
  type RequestOptions,
} from './bus.types.js';
import { matchesAny, subjectMatches } from './subject-match.js';

export type InProcessBusOptions = {
  logger?: Logger;
  requestTimeoutMs?: number;
  /** the in-memory stream keeps at most this many events (oldest dropped first) */
  maxStreamMessages?: number;
};

type HandlerEntry = { pattern: string; queue?: string; handler: RequestHandler };
/** `trace`: the publisher's trace context, as NATS carries it in the message headers */
type StoredEvent = {
  seq: number;
  subject: string;
  json: string;
  storedAt: number;
  trace?: TraceCarrier;
};
type PendingDelivery = {
  deliveryCount: number;
  delivery: number;
  inFlight: boolean;
  queued: boolean;
};
type ConsumerInstance = {
  handler: EventHandler;
  /** handlers running now, at most `concurrency` */
  running: number;
  concurrency: number;
  active: boolean;
  current: Set<Promise<void>>;
};
type DurableState = {
  name: string;
  filters: string[];
  maxDeliver: number;
  ackWaitMs: number;
  /** next stream sequence this durable has not looked at yet */
  nextSeq: number;
  pending: Map<number, PendingDelivery>;
  /** sequences due for redelivery, oldest first */
  ready: number[];
  instances: ConsumerInstance[];
  roundRobin: number;
};
type LiveSubscription = { pattern: string; handler: EventHandler; active: boolean };

const eventSubjects = 'evt.>';

/**
 * The bus of the embedded default: one process, the same semantics as NATS + JetStream (queue
 * groups, request timeout and no-responders, a stream with durable consumers that remember their
 * position and redeliver with backoff, live subscriptions). Nothing survives a restart.
 */
class InProcessBus implements Bus {
  private readonly logger: Logger;
  private readonly requestTimeoutMs: number;
  private readonly maxStreamMessages: number;
  private readonly handlers: HandlerEntry[] = [];
  private readonly queueCursor = new Map<string, number>();
  private readonly stream: StoredEvent[] = [];
  private lastSeq = 0;
  private readonly recentIds = new Map<string, number>();
  private readonly durables = new Map<string, DurableState>();
  private readonly live: LiveSubscription[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(options: InProcessBusOptions) {
    this.logger = options.logger ?? createLogger('bus');
    this.requestTimeoutMs = options.requestTimeoutMs ?? defaultRequestTimeoutMs;
    this.maxStreamMessages = options.maxStreamMessages ?? 100_000;
  }

  async request<S extends string>(
    subject: S,
    payload: BusRequest<BusRequestData<S>>,
    options: RequestOptions = {},
  ): Promise<BusResponseData<S>> {
    return timeBusRequest(subject, async () => {
      const reply = await this.ask(subject, payload, options);
      return unwrapReply(JSON.parse(reply) as BusReply<BusResponseData<S>>);
    });
  }

  async requestJson<S extends string>(
    subject: S,
    payload: BusRequest<BusRequestData<S>>,
    options: RequestOptions = {},
  ): Promise<Buffer> {
    return timeBusRequest(subject, async () =>
      unwrapReplyJson(Buffer.from(await this.ask(subject, payload, options))),
    );
  }

  /** The reply as the wire would carry it (JSON text). */
  private async ask(
    subject: string,
    payload: BusRequest,
    options: RequestOptions,
  ): Promise<string> {
    this.assertOpen();
    const responders = this.pickResponders(subject);
    if (responders.length === 0) {
      throw new AppError('ERR_SERVICE_UNAVAILABLE', { details: { subject } });
    }
    // Serialise like the wire does, so both transports hand handlers the same shapes.
    const wire = JSON.stringify(payload);
    const timeoutMs = options.timeoutMs ?? this.requestTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new AppError('ERR_SERVICE_TIMEOUT', { details: { subject } })),
        timeoutMs,
      );
    });
    try {
      return await inSpan(subject, { kind: SpanKind.CLIENT, attributes: { subject } }, () => {
        // the trace travels beside the payload, as in NATS headers
        const trace = currentCarrier();
        return Promise.race([
          Promise.any(responders.map((entry) => this.invoke(entry, subject, wire, trace))),
          timeout,
        ]);
      });
    } finally {
      clearTimeout(timer);
    }
  }

  async handle<Req = unknown, Res = unknown>(
    subject: string,
    handler: RequestHandler<Req, Res>,
    options: HandleOptions = {},
  ): Promise<BusSubscription> {
    this.assertOpen();
    const entry: HandlerEntry = {
      pattern: subject,
      queue: options.queue,
      handler: handler as RequestHandler,
    };
    this.handlers.push(entry);
    return {
      unsubscribe: async () => {
        const index = this.handlers.indexOf(entry);
        if (index >= 0) this.handlers.splice(index, 1);
      },
    };
  }

  async publish(event: DomainEvent | EncodedDomainEvent): Promise<void> {
    this.assertOpen();
    if (!subjectMatches(eventSubjects, event.subject)) {
      throw new Error(`no stream stores subject ${event.subject}`);
    }
    const now = Date.now();
    this.prune(now);
    if (this.recentIds.has(event.id)) return;
    this.recentIds.set(event.id, now);
    const stored = {
      seq: ++this.lastSeq,
      subject: event.subject,
      json: encodeDomainEvent(event),
      storedAt: now,
      trace: currentCarrier(),
    };
    this.stream.push(stored);
    for (const durable of this.durables.values()) this.pump(durable);
    for (const sub of this.live) {
      if (sub.active && subjectMatches(sub.pattern, stored.subject)) {
        this.track(this.runEventHandler(sub.handler, stored, 1).catch(() => undefined));
      }
    }
  }

  async consume<T = unknown>(options: ConsumeOptions<T>): Promise<BusSubscription> {
    this.assertOpen();
    const filters = Array.isArray(options.filter) ? options.filter : [options.filter];
    let durable = this.durables.get(options.durable);
    if (!durable) {
      durable = {
        name: options.durable,
        filters,
        maxDeliver: options.maxDeliver ?? defaultMaxDeliver,
        ackWaitMs: options.ackWaitMs ?? defaultAckWaitMs,
        nextSeq: this.stream[0]?.seq ?? this.lastSeq + 1,
        pending: new Map(),
        ready: [],
        instances: [],
        roundRobin: 0,
      };
      this.durables.set(options.durable, durable);
    } else {
      durable.filters = filters;
      durable.maxDeliver = options.maxDeliver ?? durable.maxDeliver;
      durable.ackWaitMs = options.ackWaitMs ?? durable.ackWaitMs;
    }
    const instance: ConsumerInstance = {
      handler: options.handler as EventHandler,
      running: 0,
      concurrency: Math.max(1, options.concurrency ?? 1),
      active: true,
      current: new Set(),
    };
    durable.instances.push(instance);
    this.pump(durable);
    const state = durable;
    return {
      unsubscribe: async () => {
        instance.active = false;
        const index = state.instances.indexOf(instance);
        if (index >= 0) state.instances.splice(index, 1);
        await Promise.all(instance.current);
      },
    };
  }

  async subscribe<T = unknown>(filter: string, handler: EventHandler<T>): Promise<BusSubscription> {
    this.assertOpen();
    const sub: LiveSubscription = {
      pattern: filter,
      handler: handler as EventHandler,
      active: true,
    };
    this.live.push(sub);
    return {
      unsubscribe: async () => {
        sub.active = false;
        const index = this.live.indexOf(sub);
        if (index >= 0) this.live.splice(index, 1);
      },
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const durable of this.durables.values()) durable.instances.length = 0;
    this.live.length = 0;
    this.handlers.length = 0;
    await Promise.allSettled([...this.inFlight]);
  }

  health(): BusHealth {
    return {
      connected: !this.closed,
      consumers: [...this.durables.values()]
        .filter((durable) => durable.instances.length > 0)
        .map((durable) => ({ durable: durable.name, running: !this.closed })),
    };
  }

  /** JetStream's counts, from the in-memory stream: what is left to deliver, unacked, redelivered. */
  async consumerStats(): Promise<ConsumerStats[]> {
    return [...this.durables.values()].map((durable) => {
      // only what lies past the durable's position (the stream is in seq order, without gaps)
      let pending = 0;
      const from = Math.max(0, durable.nextSeq - (this.stream[0]?.seq ?? durable.nextSeq));
      for (let i = from; i < this.stream.length; i++) {
        if (matchesAny(durable.filters, this.stream[i]!.subject)) pending++;
      }
      let redelivered = 0;
      for (const delivery of durable.pending.values()) {
        if (delivery.deliveryCount > 1) redelivered++;
      }
      return { durable: durable.name, pending, ackPending: durable.pending.size, redelivered };
    });
  }

  private assertOpen() {
    if (this.closed) throw new Error('the bus is closed');
  }

  /** Every plain subscriber answers; each queue group sends one member, in turn. */
  private pickResponders(subject: string): HandlerEntry[] {
    const matching = this.handlers.filter((entry) => subjectMatches(entry.pattern, subject));
    const chosen = matching.filter((entry) => !entry.queue);
    const groups = new Map<string, HandlerEntry[]>();
    for (const entry of matching) {
      if (entry.queue) groups.set(entry.queue, [...(groups.get(entry.queue) ?? []), entry]);
    }
    for (const [queue, members] of groups) {
      const key = `${queue}\u0000${subject}`;
      const cursor = this.queueCursor.get(key) ?? 0;
      this.queueCursor.set(key, cursor + 1);
      chosen.push(members[cursor % members.length]);
    }
    return chosen;
  }

  /** Runs one handler and answers with a serialised reply; never rejects. */
  private invoke(
    entry: HandlerEntry,
    subject: string,
    wire: string,
    trace: TraceCarrier | undefined,
  ): Promise<string> {
    const work = (async () => {
      await null;
      let payload: BusRequest;
      try {
        payload = JSON.parse(wire) as BusRequest;
      } catch {
        return JSON.stringify(errorToReply(new AppError('ERR_MALFORMED_JSON'), this.logger));
      }
      const span = { kind: SpanKind.SERVER, parent: trace ?? null, attributes: { subject } };
      return runInContext(payload.ctx, () =>
        inSpan(subject, span, async (current) => {
          try {
            const data = await entry.handler(payload, { subject });
            return JSON.stringify({ ok: true, data: data ?? null } satisfies BusReply);
          } catch (err) {
            current.fail(err);
            return JSON.stringify(errorToReply(err, this.logger));
          }
        }),
      );
    })();
    this.track(work);
    return work;
  }

  private prune(now: number) {
    for (const [id, at] of this.recentIds) {
      if (now - at <= duplicateWindowMs) break;
      this.recentIds.delete(id);
    }
    while (
      this.stream.length > 0 &&
      (this.stream.length > this.maxStreamMessages ||
        now - this.stream[0].storedAt > eventRetentionMs)
    ) {
      this.stream.shift();
    }
  }

  private findStored(seq: number): StoredEvent | undefined {
    const first = this.stream[0]?.seq;
    if (first === undefined || seq < first) return undefined;
    return this.stream[seq - first];
  }

  /** Hands due events to idle instances of a durable, round robin. */
  private pump(durable: DurableState) {
    if (this.closed) return;
    for (;;) {
      const index = this.nextIdleInstance(durable);
      if (index === undefined) return;
      const stored = this.takeNext(durable);
      if (!stored) return;
      durable.roundRobin = (index + 1) % durable.instances.length;
      this.deliver(durable, durable.instances[index], stored);
    }
  }

  private nextIdleInstance(durable: DurableState): number | undefined {
    const count = durable.instances.length;
    for (let i = 0; i < count; i++) {
      const index = (durable.roundRobin + i) % count;
      const instance = durable.instances[index];
      if (instance.active && instance.running < instance.concurrency) return index;
    }
    return undefined;
  }

  private takeNext(durable: DurableState): StoredEvent | undefined {
    while (durable.ready.length > 0) {
      const seq = durable.ready.shift() as number;
      const pending = durable.pending.get(seq);
      if (!pending) continue;
      pending.queued = false;
      const stored = this.findStored(seq);
      if (stored) return stored;
      durable.pending.delete(seq); // aged out of the stream
    }
    const firstSeq = this.stream[0]?.seq ?? this.lastSeq + 1;
    if (durable.nextSeq < firstSeq) durable.nextSeq = firstSeq;
    while (durable.nextSeq <= this.lastSeq) {
      const stored = this.findStored(durable.nextSeq);
      durable.nextSeq++;
      if (stored && matchesAny(durable.filters, stored.subject)) return stored;
    }
    return undefined;
  }

  private deliver(durable: DurableState, instance: ConsumerInstance, stored: StoredEvent) {
    const pending = durable.pending.get(stored.seq) ?? {
      deliveryCount: 0,
      delivery: 0,
      inFlight: false,
      queued: false,
    };
    durable.pending.set(stored.seq, pending);
    pending.deliveryCount++;
    const delivery = ++pending.delivery;
    pending.inFlight = true;
    instance.running++;

    // Unacknowledged for too long: hand it out again, like JetStream's ack wait.
    const ackTimer = this.later(durable.ackWaitMs, () => {
      if (durable.pending.get(stored.seq) === pending && pending.delivery === delivery) {
        pending.inFlight = false;
        this.queueRedelivery(durable, stored.seq, pending);
      }
    });

    const run = (async () => {
      try {
        await this.runEventHandler(instance.handler, stored, pending.deliveryCount);
        durable.pending.delete(stored.seq);
      } catch {
        if (pending.delivery !== delivery || durable.pending.get(stored.seq) !== pending) return;
        pending.inFlight = false;
        if (pending.deliveryCount >= durable.maxDeliver) {
          durable.pending.delete(stored.seq);
          this.logger.error(
            { durable: durable.name, subject: stored.subject, deliveries: pending.deliveryCount },
            'event given up after its last delivery',
          );
          return;
        }
        this.later(redeliveryDelayMs(pending.deliveryCount), () =>
          this.queueRedelivery(durable, stored.seq, pending),
        );
      } finally {
        clearTimeout(ackTimer);
        this.timers.delete(ackTimer);
        instance.running--;
        this.pump(durable);
      }
    })();
    instance.current.add(run);
    void run.finally(() => instance.current.delete(run));
    this.track(run);
  }

  private queueRedelivery(durable: DurableState, seq: number, pending: PendingDelivery) {
    if (durable.pending.get(seq) !== pending || pending.inFlight || pending.queued) return;
    pending.queued = true;
    durable.ready.push(seq);
    durable.ready.sort((a, b) => a - b);
    this.pump(durable);
  }

  /**
   * Runs an event handler in the publisher's trace; a throw is logged and rethrown (the caller
   * decides on redelivery).
   */
  private runEventHandler(handler: EventHandler, stored: StoredEvent, deliveryCount: number) {
    const span = {
      kind: SpanKind.CONSUMER,
      parent: stored.trace ?? null,
      attributes: { subject: stored.subject },
    };
    return inSpan(stored.subject, span, async (current) => {
      const event = JSON.parse(stored.json) as DomainEvent;
      try {
        await handler(event, { subject: stored.subject, deliveryCount });
      } catch (err) {
        current.fail(err);
        this.logger.warn(
          { err, subject: stored.subject, eventId: event.id, deliveryCount },
          'event handler failed',
        );
        throw err;
      }
    });
  }

  private later(ms: number, fn: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) fn();
    }, ms);
    timer.unref();
    this.timers.add(timer);
    return timer;
  }

  private track(promise: Promise<unknown>) {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise)).catch(() => undefined);
  }
}

/** The in-memory bus (embedded default and unit tests). */
export function createInProcessBus(options: InProcessBusOptions = {}): Bus {
  return new InProcessBus(options);
}
