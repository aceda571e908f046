import type { NextFunction, Request, Response } from 'express';
import { anonymousContext } from '@sb/platform/context';
import type { Logger } from '@sb/platform/logger';
import { bindToTrace } from '@sb/platform/tracing';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { languageFromHeader, requestIdFrom } from '../auth/request-context.js';
import { resolveClientAddress, type TrustedProxies } from './client-address.js';
import { requestLogLevel } from './request-log.js';

/**
 * First middleware: gives the request its id (x-request-id or a new uuid, echoed back), an anonymous
 * context until the guard knows the caller, and one log line (debug; warn on a 5xx) when the answer is finished, carrying
 * requestId, companyId and userId (never headers or bodies, so never tokens or passwords).
 */
export const requestStateMiddleware =
  (logger: Logger, trustedProxies: TrustedProxies) =>
  (request: Request, res: Response, next: NextFunction): void => {
    const req = request as GatewayRequest;
    const requestId = requestIdFrom(req.headers['x-request-id']);
    const lang = languageFromHeader(req.headers['accept-language']);
    // once per request: every limit, log line and bus context below reads this one
    const clientIp = resolveClientAddress(req.socket.remoteAddress, req.headers, trustedProxies);
    req.sb = {
      requestId,
      startedAt: performance.now(),
      clientIp,
      ctx: { ...anonymousContext(requestId, lang), clientIp },
    };
    res.setHeader('x-request-id', requestId);
    // bound: the line carries the request's trace_id (the emitter calls back outside the trace)
    const logServed = bindToTrace(() => {
      const { ctx } = req.sb;
      const line = {
        requestId,
        companyId: ctx.companyId || undefined,
        userId: ctx.userId || undefined,
        clientIp,
        method: req.method,
        // the path only: query strings may carry a socket token
        path: req.path,
        status: res.statusCode,
        durationMs: Math.round((performance.now() - req.sb.startedAt) * 10) / 10,
      };
      const level = requestLogLevel(res.statusCode);
      logger[level](line, level === 'warn' ? 'request failed' : 'request served');
    });
    res.on('finish', logServed);
    next();
  };
