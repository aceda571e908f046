import { createInProcessBus } from '../bus/in-process-bus.js';
import { anonymousContext } from '../context/request-context.js';
import { createLogger } from '../logger/create-logger.js';
import {
  currentCarrier,
  currentSpanContext,
  inSpan,
  runWithCarrier,
  SpanKind,
  startSpan,
} from './trace-context.js';
import { parseTraceparent } from './traceparent.js';

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const parent = { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, tracestate: 'v=1' };
const server = { kind: SpanKind.SERVER };

describe('trace context', () => {
  it('continues a remote parent: same trace, a new span, tracestate kept', async () => {
    const seen = await inSpan('op', { ...server, parent }, () => currentCarrier());
    const span = parseTraceparent(seen?.traceparent);
    expect(span?.traceId).toBe(traceId);
    expect(span?.spanId).not.toBe('00f067aa0ba902b7');
    expect(seen?.tracestate).toBe('v=1');
    expect(currentCarrier()).toBeUndefined();
  });

  it('starts a new trace when the parent header is invalid or missing', () => {
    const fromInvalid = startSpan('op', { ...server, parent: { traceparent: 'junk' } });
    const fromNothing = startSpan('op', { ...server, parent: null });
    for (const span of [fromInvalid, fromNothing]) {
      expect(span.spanContext.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(span.spanContext.traceId).not.toBe(traceId);
    }
    expect(fromInvalid.spanContext.traceId).not.toBe(fromNothing.spanContext.traceId);
  });

  it('makes a span without a parent option a child of the running one', async () => {
    await inSpan('outer', { ...server, parent }, async () => {
      const outer = currentSpanContext()!;
      const inner = await inSpan('inner', { kind: SpanKind.CLIENT }, () => currentSpanContext()!);
      expect(inner.traceId).toBe(outer.traceId);
      expect(inner.spanId).not.toBe(outer.spanId);
      // null: a new trace even inside another one (a consumer never inherits the loop's context)
      const fresh = startSpan('other', { ...server, parent: null });
      expect(fresh.spanContext.traceId).not.toBe(outer.traceId);
    });
  });

  it('runs work in the trace a carrier names, or in none', () => {
    expect(runWithCarrier(parent, () => currentSpanContext()?.traceId)).toBe(traceId);
    expect(runWithCarrier({ traceparent: 'bad' }, () => currentSpanContext())).toBeUndefined();
    expect(runWithCarrier(undefined, () => currentCarrier())).toBeUndefined();
  });

  it('puts trace_id and span_id on every log line written in a span', async () => {
    const lines: Record<string, unknown>[] = [];
    const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const logger = createLogger('test', { level: 'info', destination });
    const spanId = await inSpan('op', { ...server, parent }, () => {
      logger.info('inside');
      return currentSpanContext()!.spanId;
    });
    logger.info('outside');
    expect(lines[0]).toMatchObject({ msg: 'inside', trace_id: traceId, span_id: spanId });
    expect(lines[1]).not.toHaveProperty('trace_id');
  });
});

describe('trace propagation over the in-process bus', () => {
  const bus = createInProcessBus();
  afterAll(() => bus.close());

  it("carries the caller's trace to a request handler, in a span of its own", async () => {
    let handlerSpan: ReturnType<typeof currentSpanContext>;
    const sub = await bus.handle('t.trace.echo', async () => {
      handlerSpan = currentSpanContext();
      return 'ok';
    });
    await runWithCarrier(parent, () =>
      bus.request('t.trace.echo', { ctx: anonymousContext(), data: {} }),
    );
    expect(handlerSpan?.traceId).toBe(traceId);
    expect(handlerSpan?.spanId).not.toBe('00f067aa0ba902b7');
    await sub.unsubscribe();
  });

  it('gives a request made outside any trace a new trace at the handler', async () => {
    let handlerSpan: ReturnType<typeof currentSpanContext>;
    const sub = await bus.handle('t.trace.fresh', async () => {
      handlerSpan = currentSpanContext();
    });
    await bus.request('t.trace.fresh', { ctx: anonymousContext(), data: {} });
    expect(handlerSpan?.traceId).toMatch(/^[0-9a-f]{32}$/);
    await sub.unsubscribe();
  });

  it("carries the publisher's trace to a durable consumer and a live subscriber", async () => {
    const seen: string[] = [];
    const record = () => void seen.push(currentSpanContext()?.traceId ?? 'none');
    const durable = await bus.consume({ durable: 'trace-d', filter: 'evt.*.t.>', handler: record });
    const live = await bus.subscribe('evt.*.t.>', record);
    const event = { id: 'e-1', subject: 'evt.1.t.x.y', companyId: 1, occurredAt: '', data: {} };
    await runWithCarrier(parent, () => bus.publish(event));
    for (let i = 0; i < 50 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([traceId, traceId]);
    await durable.unsubscribe();
    await live.unsubscribe();
  });
});
