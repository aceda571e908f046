import { Inject, Injectable } from '@nestjs/common';
import type {
  AnonymousContext,
  BusRequestData,
  BusResponseData,
  BusSubject,
  RequestContext,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { runInContext, takeParsedRefs } from '@sb/platform/context';
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
    if (refs.length === 0) return this.forward(subject, ctx, data, timeoutMs);
    return checkReferences(ctx, refs, (owner, c, request) =>
      this.forward(refsCheckSubject(owner), c, request, timeoutMs),
    ).then(() => this.forward(subject, ctx, data, timeoutMs));
  }

  private forward<S extends BusSubject>(
    subject: S,
    ctx: RequestContext | AnonymousContext,
    data: BusRequestData<S>,
    timeoutMs: number,
  ): Promise<BusResponseData<S>> {
    return runInContext(ctx, () => this.bus.request(subject, { ctx, data }, { timeoutMs }));
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
    if (refs.length > 0) {
      await checkReferences(ctx, refs, (owner, c, request) =>
        this.forward(refsCheckSubject(owner), c, request, timeoutMs),
      );
    }
    return runInContext(ctx, async () =>
      this.bus.requestJson
        ? this.bus.requestJson(subject, { ctx, data }, { timeoutMs })
        : Buffer.from(
            JSON.stringify(await this.bus.request(subject, { ctx, data }, { timeoutMs })),
          ),
    );
  }

  /** `request` as the authenticated caller of an HTTP request. */
  ask<S extends BusSubject>(
    req: GatewayRequest,
    subject: S,
    data: BusRequestData<S>,
  ): Promise<BusResponseData<S>> {
    return this.request(subject, req.sb.ctx, data);
  }
}
