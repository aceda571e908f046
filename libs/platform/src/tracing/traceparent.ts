import { randomFillSync } from 'node:crypto';
import { createTraceState, isSpanContextValid, type SpanContext } from '@opentelemetry/api';

/** W3C trace context as it travels: HTTP headers, NATS message headers, an outbox row. */
export type TraceCarrier = { traceparent: string; tracestate?: string };

// version-traceid-parentid-flags; a later version may append fields after a dash
const traceparentPattern = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
/** tracestate longer than this is dropped rather than cut (the spec allows 32 members of 256 chars) */
const maxTracestateLength = 512;

/**
 * The span context of a `traceparent` header, or undefined for anything the W3C spec says to ignore
 * (wrong shape, version ff, all-zero ids, extra fields on version 00). Never throws.
 */
export function parseTraceparent(value: unknown, tracestate?: unknown): SpanContext | undefined {
  if (typeof value !== 'string') return undefined;
  const match = traceparentPattern.exec(value.trim());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  const context: SpanContext = {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16),
    isRemote: true,
  };
  if (!isSpanContextValid(context)) return undefined;
  if (typeof tracestate === 'string' && tracestate && tracestate.length <= maxTracestateLength) {
    context.traceState = createTraceState(tracestate);
  }
  return context;
}

/** The `traceparent` (version 00) of a span context. */
export function formatTraceparent(context: SpanContext): string {
  const flags = (context.traceFlags & 0xff).toString(16).padStart(2, '0');
  return `00-${context.traceId}-${context.spanId}-${flags}`;
}

/** The headers that carry a span context to the next hop. */
export function toCarrier(context: SpanContext): TraceCarrier {
  const tracestate = context.traceState?.serialize();
  return tracestate
    ? { traceparent: formatTraceparent(context), tracestate }
    : { traceparent: formatTraceparent(context) };
}

/** The span context a carrier names; undefined when it is missing or invalid. */
export function fromCarrier(carrier: Partial<TraceCarrier> | undefined): SpanContext | undefined {
  return carrier ? parseTraceparent(carrier.traceparent, carrier.tracestate) : undefined;
}

const invalidTraceId = '0'.repeat(32);
const invalidSpanId = '0'.repeat(16);

// ids come from a pool of random bytes refilled in one call: a span costs no system call of its own
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomHex(bytes: number): string {
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += bytes;
  return pool.toString('hex', poolOffset - bytes, poolOffset);
}

/** 16 random bytes as hex (never the all-zero invalid id). */
export function newTraceId(): string {
  const id = randomHex(16);
  return id === invalidTraceId ? newTraceId() : id;
}

/** 8 random bytes as hex (never the all-zero invalid id). */
export function newSpanId(): string {
  const id = randomHex(8);
  return id === invalidSpanId ? newSpanId() : id;
}
