import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@sb/platform/errors';

const nul = '\u0000';

const hasNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes(nul);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes(nul) || hasNul(item, depth + 1));
};

/**
 * PostgreSQL text cannot hold a NUL character: a query string, path or JSON body carrying one would
 * fail deep in a service as a 500. It is refused here, once for every route, as 400 ERR_VALIDATION.
 */
export const refuseNulCharacters = (req: Request, _res: Response, next: NextFunction): void => {
  let url = req.originalUrl;
  try {
    url = decodeURIComponent(url);
  } catch {
    // a malformed escape is left to the route (Express answers 400 for its path)
  }
  if (url.includes(nul) || hasNul(req.body)) {
    return next(new AppError('ERR_VALIDATION', { message: 'NUL characters are not accepted.' }));
  }
  next();
};
