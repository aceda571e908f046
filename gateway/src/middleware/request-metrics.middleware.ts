import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { observeHttpRequest } from '@sb/platform/ops';

/** Requests no route matched share one label: paths from the outside must not mint series. */
export const unmatchedRoute = 'unmatched';

/** Observes one request under `route` (or what `routeOf` says once it finished). */
export function timeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  route: string | (() => string),
): void {
  const startedAt = performance.now();
  res.once('finish', () => {
    observeHttpRequest(
      {
        method: req.method ?? 'GET',
        route: typeof route === 'string' ? route : route(),
        status: res.statusCode,
      },
      (performance.now() - startedAt) / 1000,
    );
  });
}

/**
 * Times every HTTP request into switchboard_http_request_duration_seconds, labelled by the route
 * template express matched (`/tickets/:ticketId`, never the ids) once the answer is finished.
 */
export const requestMetricsMiddleware = (req: Request, res: Response, next: NextFunction): void => {
  timeRequest(req, res, () => {
    const path = (req.route as { path?: unknown } | undefined)?.path;
    return typeof path === 'string' ? `${req.baseUrl}${path}` : unmatchedRoute;
  });
  next();
};
