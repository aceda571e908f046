import type {
  BusReply,
  BusRequest,
  BusRequestData,
  BusResponseData,
  DomainEvent,
} from '@sb/contracts';
import { EventStream } from '@sb/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiError,
  StorageType,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import {
  connect,
  headers as natsHeaders,
  nanos,
  RequestError,
  TimeoutError,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
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

export type NatsBusOptions = {
  url: string;
  /** connection name shown by the server (service name) */
  name: string;
  logger?: Logger;
  requestTimeoutMs?: number;
  /**
   * Prefix for every subject and its own event stream, so several environments (or parallel test files)
   * can share one NATS server without answering each other's requests.
   */
  namespace?: string;
  /**
   * Copies of the EVENTS stream and of every durable consumer kept by a JetStream cluster (3 in a
   * 3-node cluster, so one node can die without losing an event or a consumer's position). Defaults to
   * NATS_STREAM_REPLICAS, else 1.
   */
  replicas?: number;
};

/** The stream/consumer replicas NATS_STREAM_REPLICAS asks for (1 when unset); a clear error otherwise. */
export function streamReplicasFrom(env: Record<string, string | undefined> = process.env): number {
  const raw = env.NATS_STREAM_REPLICAS?.trim();
  if (!raw) return 1;
  const replicas = Number(raw);
  // JetStream allows 1 to 5 replicas
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 5) {
    throw new Error(`NATS_STREAM_REPLICAS must be a whole number from 1 to 5, got "${raw}"`);
  }
  return replicas;
}

/** NATS_URL may list several servers of a cluster, comma-separated (any of them will do to connect). */
export function natsServersOf(url: string): string[] {
  const servers = url
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  if (servers.length === 0) throw new Error('NATS_URL names no server');
  return servers;
}

/** Maps our subjects to the wire subjects of a namespace and back. */
export type SubjectSpace = {
  wire(subject: string): string;
  local(wireSubject: string): string;
  streamName: string;
};

export function subjectSpace(namespace?: string): SubjectSpace {
  if (!namespace) {
    return { wire: (s) => s, local: (s) => s, streamName: EventStream.name };
  }
  if (!/^[A-Za-z0-9_-]+$/.test(namespace)) {
    throw new Error(`NATS namespace "${namespace}" may only hold letters, digits, _ and -`);
  }
  const prefix = `${namespace}.`;
  return {
    wire: (s) => prefix + s,
    local: (s) => (s.startsWith(prefix) ? s.slice(prefix.length) : s),
    streamName: `${EventStream.name}_${namespace.replaceAll('-', '_')}`,
  };
}

/** The trace of the running call as NATS headers (W3C names), none outside a trace. */
function traceHeaders(): MsgHdrs | undefined {
  const carrier = currentCarrier();
  if (!carrier) return undefined;
  const hdrs = natsHeaders();
  hdrs.set('traceparent', carrier.traceparent);
  if (carrier.tracestate) hdrs.set('tracestate', carrier.tracestate);
  return hdrs;
}

/** The trace a received message continues (an invalid header is ignored by the span). */
function traceOf(msg: { headers?: MsgHdrs }): TraceCarrier | null {
  const traceparent = msg.headers?.get('traceparent');
  if (!traceparent) return null;
  return { traceparent, tracestate: msg.headers?.get('tracestate') || undefined };
}

/**
 * How long one pull waits on the server. The client notices a pull lost with a dead node (its consumer's
 * leader moved to another) after two missed heartbeats of half this: nats.js's 30 s default stalled a
 * consumer ~30 s after a node of the cluster died; 5 s costs an idle pull every 5 s per consumer.
 */
const pullExpiresMs = 5_000;

const encoder = new TextEncoder();
const encode = (value: unknown) => encoder.encode(JSON.stringify(value));

/** Creates the EVENTS stream, or brings its settings up to date. */
async function ensureEventStream(jsm: JetStreamManager, space: SubjectSpace, replicas: number) {
  const config = {
    subjects: [space.wire(EventStream.subjects)],
    max_age: nanos(eventRetentionMs),
    duplicate_window: nanos(duplicateWindowMs),
    // an existing stream is scaled up or down to it (JetStream moves the copies)
    num_replicas: replicas,
  };
  try {
    await jsm.streams.add({ name: space.streamName, storage: StorageType.File, ...config });
  } catch (err) {
    // Already there (another process created it): align the updatable settings.
    if (!(err instanceof JetStreamApiError)) throw err;
    await jsm.streams.update(space.streamName, config);
  }
}

class NatsBus implements Bus {
  private readonly subscriptions = new Set<Subscription>();
  private readonly gapListeners = new Set<() => void>();
  private readonly consumers = new Set<{
    durable: string;
    messages: ConsumerMessages;
    loop: Promise<void>;
    running: boolean;
  }>();
  /** false between a disconnect and the next reconnect (readiness) */
  connected = true;
  private readonly js;

  constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly logger: Logger,
    private readonly requestTimeoutMs: number,
    private readonly space: SubjectSpace,
    private readonly replicas: number,
  ) {
    this.js = jetstream(nc);
  }

  async request<S extends string>(
    subject: S,
    payload: BusRequest<BusRequestData<S>>,
    options: RequestOptions = {},
  ): Promise<BusResponseData<S>> {
    return timeBusRequest(subject, async () => {
      const msg = await this.ask(subject, payload, options);
      return unwrapReply(msg.json<BusReply<BusResponseData<S>>>());
    });
  }

  async requestJson<S extends string>(
    subject: S,
    payload: BusRequest<BusRequestData<S>>,
    options: RequestOptions = {},
  ): Promise<Buffer> {
    return timeBusRequest(subject, async () => {
      const { data } = await this.ask(subject, payload, options);
      return unwrapReplyJson(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    });
  }

  private async ask(subject: string, payload: BusRequest, options: RequestOptions): Promise<Msg> {
    try {
      return await inSpan(subject, { kind: SpanKind.CLIENT, attributes: { subject } }, () =>
        this.nc.request(this.space.wire(subject), encode(payload), {
          timeout: options.timeoutMs ?? this.requestTimeoutMs,
          headers: traceHeaders(),
        }),
      );
    } catch (err) {
      if (err instanceof RequestError && err.isNoResponders()) {
        throw new AppError('ERR_SERVICE_UNAVAILABLE', { details: { subject } });
      }
      if (
        err instanceof TimeoutError ||
        (err as Error | undefined)?.cause instanceof TimeoutError
      ) {
        throw new AppError('ERR_SERVICE_TIMEOUT', { details: { subject } });
      }
      throw err;
    }
  }

  async handle<Req = unknown, Res = unknown>(
    subject: string,
    handler: RequestHandler<Req, Res>,
    options: HandleOptions = {},
  ): Promise<BusSubscription> {
    const sub = this.nc.subscribe(this.space.wire(subject), {
      queue: options.queue,
      callback: (err, msg) => {
        if (err) {
          this.logger.error({ err, subject }, 'request subscription failed');
          return;
        }
        void this.answer(msg, handler as RequestHandler);
      },
    });
    return this.track(sub);
  }

  async publish(event: DomainEvent | EncodedDomainEvent): Promise<void> {
    await this.js.publish(
      this.space.wire(event.subject),
      encoder.encode(encodeDomainEvent(event)),
      {
        msgID: event.id,
        headers: traceHeaders(),
      },
    );
  }

  async consume<T = unknown>(options: ConsumeOptions<T>): Promise<BusSubscription> {
    const maxDeliver = options.maxDeliver ?? defaultMaxDeliver;
    const filters = (Array.isArray(options.filter) ? options.filter : [options.filter]).map((f) =>
      this.space.wire(f),
    );
    const config: Partial<ConsumerConfig> = {
      durable_name: options.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(options.ackWaitMs ?? defaultAckWaitMs),
      max_deliver: maxDeliver,
      // the consumer's position survives the loss of a node like the stream does
      num_replicas: this.replicas,
      // a single filter works on every server; several need NATS 2.10
      ...(filters.length === 1 ? { filter_subject: filters[0] } : { filter_subjects: filters }),
    };
    try {
      await this.jsm.consumers.add(this.space.streamName, config);
    } catch (err) {
      if (!(err instanceof JetStreamApiError)) throw err;
      const {
        durable_name: _name,
        deliver_policy: _policy,
        ack_policy: _ack,
        ...updatable
      } = config;
      await this.jsm.consumers.update(this.space.streamName, options.durable, updatable);
    }
    const consumer = await this.js.consumers.get(this.space.streamName, options.durable);
    const concurrency = Math.max(1, options.concurrency ?? 1);
    const messages = await consumer.consume({
      max_messages: Math.max(8, concurrency),
      expires: pullExpiresMs,
    });
    const handler = options.handler as EventHandler;
    const loop = (async () => {
      const running = new Set<Promise<void>>();
      for await (const msg of messages) {
        const run: Promise<void> = this.process(msg, handler, options.durable, maxDeliver).finally(
          () => running.delete(run),
        );
        running.add(run);
        // the next message is taken only when a handler slot is free (the pull stays bounded)
        if (running.size >= concurrency) await Promise.race(running);
      }
      await Promise.all(running);
    })().catch((err: unknown) =>
      this.logger.error({ err, durable: options.durable }, 'consumer stopped'),
    );
    const entry = { durable: options.durable, messages, loop, running: true };
    void loop.finally(() => (entry.running = false));
    this.consumers.add(entry);
    return {
      unsubscribe: async () => {
        this.consumers.delete(entry);
        await messages.close();
        await loop;
      },
    };
  }

  async subscribe<T = unknown>(filter: string, handler: EventHandler<T>): Promise<BusSubscription> {
    const sub = this.nc.subscribe(this.space.wire(filter), {
      callback: (err, msg) => {
        if (err) {
          this.logger.error({ err, filter }, 'event subscription failed');
          return;
        }
        const subject = this.space.local(msg.subject);
        void inSpan(subject, { kind: SpanKind.CONSUMER, parent: traceOf(msg) }, async (span) => {
          try {
            await handler(msg.json<DomainEvent<T>>(), { subject, deliveryCount: 1 });
          } catch (error) {
            span.fail(error);
            this.logger.warn({ err: error, subject: msg.subject }, 'live event handler failed');
          }
        });
      },
    });
    return this.track(sub);
  }

  onLiveGap(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => void this.gapListeners.delete(listener);
  }

  /** The connection is back after a loss: what `subscribe` delivered meanwhile is gone. */
  reconnected(): void {
    this.connected = true;
    for (const listener of this.gapListeners) {
      try {
        listener();
      } catch (err) {
        this.logger.error({ err }, 'live gap listener failed');
      }
    }
  }

  async close(): Promise<void> {
    this.gapListeners.clear();
    await Promise.allSettled(
      [...this.consumers].map(async ({ messages, loop }) => {
        await messages.close();
        await loop;
      }),
    );
    this.consumers.clear();
    if (!this.nc.isClosed()) await this.nc.drain();
  }

  health(): BusHealth {
    return {
      connected: this.connected && !this.nc.isClosed(),
      consumers: [...this.consumers].map(({ durable, running }) => ({ durable, running })),
    };
  }

  async consumerStats(): Promise<ConsumerStats[]> {
    const durables = new Set([...this.consumers].map(({ durable }) => durable));
    return Promise.all(
      [...durables].map(async (durable) => {
        const info = await this.jsm.consumers.info(this.space.streamName, durable);
        return {
          durable,
          pending: info.num_pending,
          ackPending: info.num_ack_pending,
          redelivered: info.num_redelivered,
        };
      }),
    );
  }

  private async track(sub: Subscription): Promise<BusSubscription> {
    this.subscriptions.add(sub);
    // Make sure the server knows the interest before callers rely on it.
    await this.nc.flush();
    return {
      unsubscribe: async () => {
        this.subscriptions.delete(sub);
        if (!sub.isClosed()) await sub.drain();
      },
    };
  }

  /** Runs a request handler and replies; never throws. */
  private async answer(msg: Msg, handler: RequestHandler) {
    let payload: BusRequest;
    try {
      payload = msg.json<BusRequest>();
    } catch {
      msg.respond(encode(errorToReply(new AppError('ERR_MALFORMED_JSON'), this.logger)));
      return;
    }
    const subject = this.space.local(msg.subject);
    const span = { kind: SpanKind.SERVER, parent: traceOf(msg), attributes: { subject } };
    const reply = await runInContext(payload.ctx, () =>
      inSpan(subject, span, async (current): Promise<BusReply> => {
        try {
          const data = await handler(payload, { subject });
          return { ok: true, data: data ?? null };
        } catch (err) {
          current.fail(err);
          return errorToReply(err, this.logger);
        }
      }),
    );
    try {
      msg.respond(encode(reply));
    } catch (err) {
      this.logger.error({ err, subject: msg.subject }, 'could not send a reply');
    }
  }

  /** Handles one stored event in the trace its publisher sent; acks, naks or gives it up. */
  private process(msg: JsMsg, handler: EventHandler, durable: string, maxDeliver: number) {
    const subject = this.space.local(msg.subject);
    const span = {
      kind: SpanKind.CONSUMER,
      parent: traceOf(msg),
      attributes: { subject, durable },
    };
    return inSpan(`${durable} ${subject}`, span, (current) =>
      this.processInSpan(msg, handler, durable, maxDeliver, current.fail),
    );
  }

  private async processInSpan(
    msg: JsMsg,
    handler: EventHandler,
    durable: string,
    maxDeliver: number,
    fail: (err: unknown) => void,
  ) {
    const deliveryCount = msg.info.deliveryCount;
    let event: DomainEvent;
    try {
      event = msg.json<DomainEvent>();
    } catch (err) {
      this.logger.error({ err, durable, subject: msg.subject }, 'event is not JSON, dropped');
      msg.term();
      return;
    }
    try {
      await handler(event, { subject: this.space.local(msg.subject), deliveryCount });
      msg.ack();
    } catch (err) {
      fail(err);
      this.logger.warn(
        { err, durable, subject: msg.subject, eventId: event.id, deliveryCount },
        'event handler failed',
      );
      if (deliveryCount >= maxDeliver) {
        this.logger.error(
          { durable, subject: msg.subject, eventId: event.id },
          'event given up after its last delivery',
        );
        msg.term();
        return;
      }
      msg.nak(redeliveryDelayMs(deliveryCount));
    }
  }
}

/** Connects to NATS and makes sure the EVENTS stream exists. */
export async function createNatsBus(options: NatsBusOptions): Promise<Bus> {
  const logger = options.logger ?? createLogger('bus');
  const nc = await connect({
    servers: natsServersOf(options.url),
    name: options.name,
    maxReconnectAttempts: -1,
    // errors become AppErrors here (503/504): no stack captured up front for every request
    noAsyncTraces: true,
  });
  let bus: NatsBus | undefined;
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect') {
        logger.warn({ status: status.type }, 'NATS connection status changed');
        if (!bus) continue;
        if (status.type === 'reconnect') bus.reconnected();
        else bus.connected = false;
      }
    }
  })();
  try {
    const space = subjectSpace(options.namespace);
    const replicas = options.replicas ?? streamReplicasFrom();
    const jsm = await jetstreamManager(nc);
    await ensureEventStream(jsm, space, replicas);
    bus = new NatsBus(
      nc,
      jsm,
      logger,
      options.requestTimeoutMs ?? defaultRequestTimeoutMs,
      space,
      replicas,
    );
    return bus;
  } catch (err) {
    await nc.close();
    throw err;
  }
}
