import type { Request } from 'express';
import type { AnonymousContext, RequestContext } from '@sb/contracts';
import { anonymousContext } from '@sb/platform/context';
import type { VerifiedToken } from './access-token.service.js';

/** What the gateway attaches to each request: the request id first, the caller once authenticated. */
export type GatewayRequestState = {
  requestId: string;
  startedAt: number;
  /** the client's address, resolved once (TRUSTED_PROXIES); limits, logs and ctx.clientIp use it */
  clientIp: string;
  ctx: RequestContext | AnonymousContext;
  token?: VerifiedToken;
};

export type GatewayRequest = Request & { sb: GatewayRequestState };

/** The context of a public call (login, signup, password reset): anonymous, with the client's address. */
export const anonymousCallOf = (req: GatewayRequest): AnonymousContext => ({
  ...anonymousContext(req.sb.requestId, req.sb.ctx.lang),
  clientIp: req.sb.clientIp,
});
