import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import {
  formatTraceparent,
  runInSpan,
  SpanKind,
  startSpan,
  type TraceSpan,
} from '@sb/platform/tracing';

/** The span of each request being served, to re-enter it where a callback lost it. */
const spans = new WeakMap<IncomingMessage, TraceSpan>();

const single = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;

/**
 * Serves an HTTP request in a span of its own: a child of the caller's W3C `traceparent` when it is
 * valid, else the start of a new trace. The answer carries the span's `traceparent`, so a user's
 * report can be matched to the logs of every service the request went through.
 */
export function traceHttpRequest(req: IncomingMessage, res: ServerResponse, serve: () => void) {
  const method = req.method ?? 'GET';
  const span = startSpan(method, {
    kind: SpanKind.SERVER,
    parent: {
      // a repeated header arrives joined and is invalid: a new trace then, as the spec says
      traceparent: single(req.headers.traceparent),
      tracestate: single(req.headers.tracestate),
    },
    attributes: { 'http.request.method': method },
  });
  spans.set(req, span);
  res.setHeader('traceparent', formatTraceparent(span.spanContext));
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    const route = (req as Partial<Request>).route?.path as string | undefined;
    if (route) span.updateName(`${method} ${route}`);
    span.setAttributes({
      'http.response.status_code': res.statusCode,
      ...(route ? { 'http.route': route } : {}),
    });
    if (res.statusCode >= 500) span.fail(new Error(`HTTP ${res.statusCode}`));
    span.end();
  };
  res.once('finish', end);
  res.once('close', end);
  runInSpan(span, serve);
}

/**
 * Re-enters the request's trace: body parsing resumes the chain from the socket's callbacks, outside
 * it, so this runs after the parsers and before the routes.
 */
export function resumeTrace(req: Request, _res: Response, next: NextFunction): void {
  const span = spans.get(req);
  if (span) runInSpan(span, next);
  else next();
}
