import { Inject, Injectable } from '@nestjs/common';
import type { AnonymousContext, RequestContext } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { runInContext } from '@sb/platform/context';
import type { GatewayEnv } from '../gateway.config.js';
import { GATEWAY_BUS, GATEWAY_ENV } from '../gateway.tokens.js';

/** Forwards a call to its owning service as `{ ctx, data }`; the service's AppError comes back thrown. */
@Injectable()
export class ServiceClient {
  constructor(
    @Inject(GATEWAY_BUS) private readonly bus: Bus,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  request<Res>(
    subject: string,
    ctx: RequestContext | AnonymousContext,
    data: unknown,
    timeoutMs = this.env.REQUEST_TIMEOUT_MS,
  ): Promise<Res> {
    return runInContext(ctx, () => this.bus.request<Res>(subject, { ctx, data }, { timeoutMs }));
  }
}
