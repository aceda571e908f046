import type { AnonymousContext, RequestContext } from '../context/request-context.js';
import type { ErrorBody } from '../errors/error-codes.js';

/** What travels on a bus request: who asks, and what. */
export type BusRequest<T = unknown> = { ctx: RequestContext | AnonymousContext; data: T };

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
