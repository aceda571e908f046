import {
  formatTraceparent,
  fromCarrier,
  newSpanId,
  newTraceId,
  parseTraceparent,
  toCarrier,
} from './traceparent.js';

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const spanId = '00f067aa0ba902b7';
const valid = `00-${traceId}-${spanId}-01`;

describe('traceparent', () => {
  it('parses a valid header into a remote span context', () => {
    expect(parseTraceparent(valid)).toEqual({ traceId, spanId, traceFlags: 1, isRemote: true });
    expect(parseTraceparent(` 00-${traceId}-${spanId}-00 `)?.traceFlags).toBe(0);
  });

  it('formats a span context back to the same header', () => {
    expect(formatTraceparent(parseTraceparent(valid)!)).toBe(valid);
    expect(formatTraceparent({ traceId, spanId, traceFlags: 0 })).toBe(
      `00-${traceId}-${spanId}-00`,
    );
  });

  it.each([
    ['nothing', undefined],
    ['a number', 42],
    ['an empty string', ''],
    ['garbage', 'not-a-traceparent'],
    ['upper-case hex', valid.toUpperCase()],
    ['a short trace id', `00-${traceId.slice(1)}-${spanId}-01`],
    ['a short span id', `00-${traceId}-${spanId.slice(1)}-01`],
    ['version ff', `ff-${traceId}-${spanId}-01`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${spanId}-01`],
    ['an all-zero span id', `00-${traceId}-${'0'.repeat(16)}-01`],
    ['version 00 with extra fields', `${valid}-extra`],
    ['non-hex flags', `00-${traceId}-${spanId}-zz`],
  ])('ignores %s', (_label, header) => {
    expect(parseTraceparent(header)).toBeUndefined();
  });

  it('accepts a later version with extra fields (the spec says to read the known ones)', () => {
    expect(parseTraceparent(`01-${traceId}-${spanId}-01-more`)).toMatchObject({ traceId, spanId });
  });

  it('keeps a tracestate and passes it on; drops an oversized one', () => {
    const parsed = parseTraceparent(valid, 'vendor=abc,other=1');
    expect(parsed?.traceState?.get('vendor')).toBe('abc');
    expect(toCarrier(parsed!)).toEqual({ traceparent: valid, tracestate: 'vendor=abc,other=1' });
    expect(parseTraceparent(valid, `v=${'x'.repeat(600)}`)?.traceState).toBeUndefined();
    expect(toCarrier(parseTraceparent(valid)!)).toEqual({ traceparent: valid });
  });

  it('reads a carrier, missing or invalid ones included', () => {
    expect(fromCarrier({ traceparent: valid })?.traceId).toBe(traceId);
    expect(fromCarrier({ traceparent: 'bad' })).toBeUndefined();
    expect(fromCarrier({})).toBeUndefined();
    expect(fromCarrier(undefined)).toBeUndefined();
  });

  it('makes random ids of the W3C sizes', () => {
    expect(newTraceId()).toMatch(/^[0-9a-f]{32}$/);
    expect(newSpanId()).toMatch(/^[0-9a-f]{16}$/);
    expect(newTraceId()).not.toBe(newTraceId());
  });
});
