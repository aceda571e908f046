import type { AnonymousContext, RequestContext } from '../context/request-context.js';
import type { ErrorBody } from '../errors/error-codes.js';
import type { FoundRef } from '../refs/refs.js';

/**
 * What travels on a bus request: who asks, and what. `refs`: the ids of the caller's input that the
 * target service checks itself (its `REFS_CHECK`) before the handler runs, so the gateway spends no bus
 * round trip on them.
 */
export type BusRequest<T = unknown> = {
  ctx: RequestContext | AnonymousContext;
  data: T;
  refs?: FoundRef[];
};

/** What comes back: the answer, or an error as data (it crosses the bus, never a thrown stack). */
export type BusReply<T = unknown> =
  { ok: true; data: T } | { ok: false; error: ErrorBody & { status: number } };

/** A domain event, written to the outbox in the transaction of the change and relayed to the bus. */
export type DomainEvent<T = unknown> = {
  /** unique id: consumers store it to apply each event once */
  id: string;
  /** evt.<companyId>.<service>.<entity>.<action> */
  subject: string;
  companyId: number;
  occurredAt: string;
  data: T;
};
