import {
  context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type SpanContext,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { fromCarrier, newSpanId, newTraceId, toCarrier, type TraceCarrier } from './traceparent.js';

export { SpanKind };

// Without a context manager the OTel API has no "current" context at all: one is registered as soon as
// tracing is imported, whether spans are exported or not (the logs need the ids either way).
function registerContextManager() {
  const manager = new AsyncLocalStorageContextManager().enable();
  // false: one was registered already (another copy of this module, or an SDK started earlier)
  if (!context.setGlobalContextManager(manager)) manager.disable();
}
registerContextManager();

/** Set while the OTel SDK exports spans (startTracing); without it spans are ids only. */
let exportingTracer: Tracer | undefined;

/** Spans are recorded with `tracer` from now on (undefined: back to ids only). */
export function useTracer(tracer: Tracer | undefined): void {
  exportingTracer = tracer;
}

const invalidTraceId = '0'.repeat(32);

/**
 * The span context of the running call, if any. Every span here has checked ids (parsed headers,
 * random ids, the SDK's), so only the all-zero id of a non-recording OTel span is ruled out: this runs
 * for every log line.
 */
export function currentSpanContext(active: Context = context.active()): SpanContext | undefined {
  const spanContext = trace.getSpanContext(active);
  return spanContext && spanContext.traceId !== invalidTraceId ? spanContext : undefined;
}

/** The traceparent/tracestate to send with a message or request made now, if a trace is running. */
export function currentCarrier(): TraceCarrier | undefined {
  const spanContext = currentSpanContext();
  return spanContext ? toCarrier(spanContext) : undefined;
}

/** Runs `fn` inside a span started with `startSpan` (its logs and bus calls belong to it). */
export function runInSpan<T>(span: TraceSpan, fn: () => T): T {
  return context.with(span.context, fn);
}

/**
 * `fn` bound to the trace running now: for callbacks an emitter calls later in another context (an
 * HTTP response's `finish`).
 */
export function bindToTrace<F extends (...args: never[]) => unknown>(fn: F): F {
  return context.bind(context.active(), fn);
}

/** Runs `fn` as the continuation of the trace a carrier names, or outside any trace without one. */
export function runWithCarrier<T>(carrier: Partial<TraceCarrier> | undefined, fn: () => T): T {
  const parent = fromCarrier(carrier);
  return context.with(parent ? trace.setSpanContext(ROOT_CONTEXT, parent) : ROOT_CONTEXT, fn);
}

export type SpanOptions = {
  kind: SpanKind;
  /**
   * the remote parent (from a header); null starts a new trace whatever runs now; left out, the
   * span is a child of the current context
   */
  parent?: Partial<TraceCarrier> | null;
  attributes?: Attributes;
};

export type TraceSpan = {
  readonly spanContext: SpanContext;
  /** the OTel context to run the span's work in (`context.with`) */
  readonly context: Context;
  setAttributes(attributes: Attributes): void;
  /** renames the span once more is known (an HTTP request's route after routing) */
  updateName(name: string): void;
  /** marks the span failed (the error stays the caller's to throw or answer) */
  fail(err: unknown): void;
  end(): void;
};

function parentContext(parent: SpanOptions['parent']): Context {
  if (parent === undefined) return context.active();
  const remote = parent === null ? undefined : fromCarrier(parent);
  return remote ? trace.setSpanContext(ROOT_CONTEXT, remote) : ROOT_CONTEXT;
}

const noop = () => undefined;

/**
 * Starts a span: recorded and exported when the SDK runs, otherwise just a new span id in the same
 * trace (or a new trace id), so logs and the next hop still carry the trace at the cost of two
 * random ids.
 */
export function startSpan(name: string, options: SpanOptions): TraceSpan {
  const base = parentContext(options.parent);
  if (exportingTracer) {
    const span = exportingTracer.startSpan(
      name,
      { kind: options.kind, attributes: options.attributes },
      base,
    );
    return {
      spanContext: span.spanContext(),
      context: trace.setSpan(base, span),
      setAttributes: (attributes) => void span.setAttributes(attributes),
      updateName: (name) => void span.updateName(name),
      fail: (err) => {
        if (err instanceof Error) span.recordException(err);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message });
      },
      end: () => span.end(),
    };
  }
  const parent = currentSpanContext(base);
  const spanContext: SpanContext = {
    traceId: parent?.traceId ?? newTraceId(),
    spanId: newSpanId(),
    traceFlags: parent?.traceFlags ?? TraceFlags.SAMPLED,
    traceState: parent?.traceState,
  };
  return {
    spanContext,
    context: trace.setSpan(base, trace.wrapSpanContext(spanContext)),
    setAttributes: noop,
    updateName: noop,
    fail: noop,
    end: noop,
  };
}

/** Runs `fn` in a new span, ended when it settles (failed when it throws). */
export async function inSpan<T>(
  name: string,
  options: SpanOptions,
  fn: (span: TraceSpan) => Promise<T> | T,
): Promise<T> {
  const span = startSpan(name, options);
  try {
    return await context.with(span.context, fn, undefined, span);
  } catch (err) {
    span.fail(err);
    throw err;
  } finally {
    span.end();
  }
}
