import type { BusRequest, BusRequestData, BusResponseData, DomainEvent } from '@sb/contracts';

export type RequestOptions = { timeoutMs?: number };

export type RequestHandler<Req = unknown, Res = unknown> = (
  payload: BusRequest<Req>,
  meta: { subject: string },
) => Promise<Res>;

export type HandleOptions = {
  /** queue group: one member answers each request (the Nest layer passes the service name) */
  queue?: string;
};

export type EventMeta = { subject: string; deliveryCount: number };

export type EventHandler<T = unknown> = (
  event: DomainEvent<T>,
  meta: EventMeta,
) => Promise<void> | void;

export type ConsumeOptions<T = unknown> = {
  /** durable consumer name: instances using the same name share the work */
  durable: string;
  /** subject filter(s) inside the EVENTS stream, NATS wildcards allowed */
  filter: string | string[];
  handler: EventHandler<T>;
  /** deliveries before an event is given up (logged); default 10 */
  maxDeliver?: number;
  /** how long a delivery may stay unacknowledged before it is redelivered; default 30 s */
  ackWaitMs?: number;
  /**
   * handler calls this subscription runs at once (default 1); above 1 the events of the subscription
   * are handled in no particular order, as with several instances
   */
  concurrency?: number;
};

export type BusHealth = {
  /** the connection to the broker is up (always, in process) */
  connected: boolean;
  /** every durable consumer this bus runs, and whether it still pulls */
  consumers: { durable: string; running: boolean }[];
};

/** One durable's backlog as the broker (or the in-process stream) counts it. */
export type ConsumerStats = {
  durable: string;
  /** stored, not yet delivered */
  pending: number;
  /** delivered, not yet acknowledged */
  ackPending: number;
  /** of those, delivered more than once */
  redelivered: number;
};

/** A registration that can be removed; resolves once the bus stopped delivering to it. */
export type BusSubscription = { unsubscribe(): Promise<void> };

export type Bus = {
  /**
   * request/reply: the replied data, or a rejection with the replied AppError / 503 / 504. A subject of
   * the contracts' `BusContracts` types the data and the reply; any other subject has unknown ones.
   */
  request<S extends string>(
    subject: S,
    payload: BusRequest<BusRequestData<S>>,
    options?: RequestOptions,
  ): Promise<BusResponseData<S>>;
  /**
   * `request` answering the replied data as its JSON text (UTF-8), unparsed: a caller that only forwards
   * a large answer (the gateway's ticket pages) skips a parse and a stringify. A bus without it is asked
   * with `request`.
   */
  requestJson?<S extends string>(
    subject: S,
    payload: BusRequest<BusRequestData<S>>,
    options?: RequestOptions,
  ): Promise<Buffer>;
  /** answers requests on `subject`; a throw becomes an error reply */
  handle<Req = unknown, Res = unknown>(
    subject: string,
    handler: RequestHandler<Req, Res>,
    options?: HandleOptions,
  ): Promise<BusSubscription>;
  /** stores the event in the EVENTS stream (deduplicated by event.id) */
  publish(event: DomainEvent | EncodedDomainEvent): Promise<void>;
  /** at-least-once delivery through a durable consumer */
  consume<T = unknown>(options: ConsumeOptions<T>): Promise<BusSubscription>;
  /** live fan-out of events to every subscriber, no replay */
  subscribe<T = unknown>(filter: string, handler: EventHandler<T>): Promise<BusSubscription>;
  /**
   * Calls `listener` each time live events may have been missed: the connection to the server was lost
   * and is back (a node restarted, or the server dropped a slow client), and `subscribe` replays nothing
   * of the time between. Answers the unsubscribe. A bus without gaps (in process) has no such method.
   */
  onLiveGap?(listener: () => void): () => void;
  close(): Promise<void>;
  /** ops probes (readiness): the connection and the consumers of this process */
  health?(): BusHealth;
  /** ops metrics: the durables this process consumes, read at scrape time */
  consumerStats?(): Promise<ConsumerStats[]>;
};

/**
 * An event whose data is JSON text already (the outbox relay reads it so from its row): it is published
 * as it is, never parsed and written again.
 */
export type EncodedDomainEvent = Omit<DomainEvent, 'data'> & { dataJson: string };

/** The JSON of an event on the bus, either kind. */
export const encodeDomainEvent = (event: DomainEvent | EncodedDomainEvent): string => {
  if (!('dataJson' in event)) return JSON.stringify(event);
  const { id, subject, companyId, occurredAt, dataJson } = event;
  return `${JSON.stringify({ id, subject, companyId, occurredAt }).slice(0, -1)},"data":${dataJson}}`;
};

export const defaultRequestTimeoutMs = 10_000;
export const defaultMaxDeliver = 10;
export const defaultAckWaitMs = 30_000;
/** the EVENTS stream keeps an event this long */
export const eventRetentionMs = 7 * 24 * 60 * 60 * 1000;
/** window in which a second publish of one event id is dropped */
export const duplicateWindowMs = 2 * 60 * 1000;

/** Delay before an event whose handler threw is delivered again: 200 ms doubling up to 30 s. */
export function redeliveryDelayMs(deliveryCount: number): number {
  return Math.min(200 * 2 ** Math.max(0, deliveryCount - 1), 30_000);
}
