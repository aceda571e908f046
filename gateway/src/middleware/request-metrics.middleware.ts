import type { NextFunction, Request, Response } from 'express';
import { observeHttpRequest } from '@sb/platform/ops';

/** Requests no route matched share one label: paths from the outside must not mint series. */
export const unmatchedRoute = 'unmatched';

/**
 * Times every HTTP request into switchboard_http_request_duration_seconds, labelled by the route
 * template express matched (`/tickets/:ticketId`, never the ids) once the answer is finished.
 */
export const requestMetricsMiddleware = (req: Request, res: Response, next: NextFunction): void => {
  const startedAt = performance.now();
  res.once('finish', () => {
    const path = (req.route as { path?: unknown } | undefined)?.path;
    const route = typeof path === 'string' ? `${req.baseUrl}${path}` : unmatchedRoute;
    observeHttpRequest(
      { method: req.method, route, status: res.statusCode },
      (performance.now() - startedAt) / 1000,
    );
  });
  next();
};
