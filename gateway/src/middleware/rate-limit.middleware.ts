import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@sb/platform/errors';
import type { GatewayRequest } from '../auth/gateway-request.js';
import type { FixedWindowRateLimiter } from './rate-limiter.js';

/** The client IP (resolved by requestStateMiddleware, TRUSTED_PROXIES): the default key of a budget. */
export const byClientIp = (req: Request): string => (req as GatewayRequest).sb.clientIp;

/**
 * Counts each request per key (the client IP unless `keyOf` says otherwise); over the limit → 429
 * ERR_TOO_MANY_REQUESTS with Retry-After.
 */
export const rateLimitMiddleware =
  (
    limiter: FixedWindowRateLimiter,
    now: () => number = Date.now,
    keyOf: (req: Request) => string = byClientIp,
  ) =>
  (req: Request, res: Response, next: NextFunction): void => {
    if (!limiter.enabled || req.method === 'OPTIONS') return next();
    const decision = limiter.hit(keyOf(req));
    const resetSeconds = Math.max(0, Math.ceil((decision.resetAt - now()) / 1000));
    res.setHeader('RateLimit-Limit', String(decision.limit));
    res.setHeader('RateLimit-Remaining', String(decision.remaining));
    res.setHeader('RateLimit-Reset', String(resetSeconds));
    if (decision.allowed) return next();
    res.setHeader('Retry-After', String(resetSeconds));
    next(new AppError('ERR_TOO_MANY_REQUESTS'));
  };
