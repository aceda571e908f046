import type { Request } from 'express';
import type { AnonymousContext, RequestContext } from '@sb/contracts';
import type { VerifiedToken } from './access-token.service.js';

/** What the gateway attaches to each request: the request id first, the caller once authenticated. */
export type GatewayRequestState = {
  requestId: string;
  startedAt: number;
  ctx: RequestContext | AnonymousContext;
  token?: VerifiedToken;
};

export type GatewayRequest = Request & { sb: GatewayRequestState };
