import { Inject, Injectable } from '@nestjs/common';
import {
  checksRefsItself,
  type AnonymousContext,
  type BusRequestData,
  type BusResponseData,
  type BusSubject,
  type FoundRef,
  type RequestContext,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { runInContext, takeParsedRefs } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import type { z } from 'zod';
import type { GatewayRequest } from '../auth/gateway-request.js';
import type { GatewayEnv } from '../gateway.config.js';
import { GATEWAY_BUS, GATEWAY_ENV } from '../gateway.tokens.js';
import { checkReferences, refsCheckSubject } from '../refs/reference-check.js';

/**
 * Forwards a call to its owning service as `{ ctx, data }`; the service's AppError comes back thrown.
 * The subject decides the types of the data and of the answer (`BusContracts`). Before the first call
 * of an HTTP request, the ids its parsed inputs carry are checked to be the caller's company's records.
 */
@Injectable()
export class ServiceClient {
  constructor(
    @Inject(GATEWAY_BUS) private readonly bus: Bus,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  request<S extends BusSubject>(
    subject: S,
    ctx: RequestContext | AnonymousContext,
    data: BusRequestData<S>,
    timeoutMs = this.env.REQUEST_TIMEOUT_MS,
  ): Promise<BusResponseData<S>> {
    const refs = takeParsedRefs();
    if (refs.length === 0) return this.send(subject, ctx, data, timeoutMs);
    return this.checkElsewhere(subject, ctx, refs, timeoutMs).then((carried) =>
      this.send(subject, ctx, data, timeoutMs, carried),
    );
  }

  private send<S extends BusSubject>(
    subject: S,
    ctx: RequestContext | AnonymousContext,
    data: BusRequestData<S>,
    timeoutMs: number,
    refs: FoundRef[] = [],
  ): Promise<BusResponseData<S>> {
    const payload = refs.length ? { ctx, data, refs } : { ctx, data };
    return runInContext(ctx, () => this.bus.request(subject, payload, { timeoutMs }));
  }

  /**
   * Checks over the bus only the refs the target service cannot check itself; the others are returned,
   * to travel in the request's envelope and be checked there before its handler runs (accept/transfer
   * name only queues, users, tickets: no round trip). A refusal names every refused field as before:
   * when an asked owner refuses, the carried refs are asked too (only on that path).
   */
  private async checkElsewhere(
    subject: string,
    ctx: RequestContext | AnonymousContext,
    refs: FoundRef[],
    timeoutMs: number,
  ): Promise<FoundRef[]> {
    const target = subject.split('.')[0]!;
    const carried = refs.filter((ref) => checksRefsItself(target, ref.kind));
    const asked = refs.filter((ref) => !checksRefsItself(target, ref.kind));
    const ask = (found: FoundRef[]) =>
      checkReferences(ctx, found, (owner, c, request) =>
        this.send(refsCheckSubject(owner), c, request, timeoutMs),
      );
    try {
      await ask(asked);
    } catch (err) {
      if (err instanceof AppError && err.status === 404 && carried.length) await ask(refs);
      throw err;
    }
    return carried;
  }

  /**
   * `ask` with the answer as the JSON text the service replied, for an HTTP reply sent as it is: a large
   * page is then neither parsed nor stringified again here. The ids of the request are checked the same.
   */
  async askJson<S extends BusSubject>(
    req: GatewayRequest,
    subject: S,
    data: BusRequestData<S>,
  ): Promise<Buffer> {
    const ctx = req.sb.ctx;
    const timeoutMs = this.env.REQUEST_TIMEOUT_MS;
    const refs = takeParsedRefs();
    const carried = refs.length ? await this.checkElsewhere(subject, ctx, refs, timeoutMs) : [];
    const payload = carried.length ? { ctx, data, refs: carried } : { ctx, data };
    return runInContext(ctx, async () =>
      this.bus.requestJson
        ? this.bus.requestJson(subject, payload, { timeoutMs })
        : Buffer.from(JSON.stringify(await this.bus.request(subject, payload, { timeoutMs }))),
    );
  }

  /** `request` as the caller of an HTTP request (authenticated or not, as the route allows). */
  ask<S extends BusSubject>(
    req: GatewayRequest,
    subject: S,
    data: BusRequestData<S>,
    timeoutMs?: number,
  ): Promise<BusResponseData<S>> {
    return this.request(subject, req.sb.ctx, data, timeoutMs);
  }

  /**
   * The one way a route forwards what the caller sent: `input` (a query, a body, the path's params)
   * validated with its contracts schema (a 400 naming the fields), then `ask`. A missing input is `{}`.
   */
  forward<S extends BusSubject>(
    req: GatewayRequest,
    subject: S,
    schema: z.ZodType<BusRequestData<S>>,
    input: unknown,
    timeoutMs?: number,
  ): Promise<BusResponseData<S>> {
    return this.ask(req, subject, parseInput(schema, input ?? {}), timeoutMs);
  }
}
