// The one behaviour suite every Bus implementation must pass (in-process in a unit spec, NATS in
// test/nats-bus.int-spec.ts). Subjects and durable names are unique per run: the NATS server is shared.
import { randomUUID } from 'node:crypto';
import type { BusRequest, DomainEvent } from '@sb/contracts';
import { anonymousContext, currentContext } from '../context/request-context.js';
import { AppError } from '../errors/app-error.js';
import type { Bus, EventMeta } from './bus.types.js';

export type BusContractOptions = {
  /** removes durable consumers the suite created (NATS keeps them on the server) */
  cleanupDurables?: (names: string[]) => Promise<void>;
};

const runId = randomUUID().slice(0, 8);
let counter = 0;
const unique = (label: string) => `${label}${runId}${++counter}`;
const companyId = () => 900_000 + Math.floor(Math.random() * 99_999);

function request<T>(data: T): BusRequest<T> {
  return { ctx: anonymousContext(randomUUID(), 'en'), data };
}

function event(entity: string, action: string, data: unknown = {}): DomainEvent {
  const cid = companyId();
  return {
    id: randomUUID(),
    subject: `evt.${cid}.identity.${entity}.${action}`,
    companyId: cid,
    occurredAt: new Date().toISOString(),
    data,
  };
}

async function waitFor(check: () => boolean, timeoutMs = 8000, label = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a rejection');
}

export function describeBusContract(
  name: string,
  makeBus: () => Promise<Bus>,
  options: BusContractOptions = {},
) {
  describe(`Bus contract: ${name}`, () => {
    let bus: Bus;
    const durables: string[] = [];
    const durable = () => {
      const value = unique('d_');
      durables.push(value);
      return value;
    };

    beforeAll(async () => {
      bus = await makeBus();
    });

    afterAll(async () => {
      await bus?.close();
      if (options.cleanupDurables) await options.cleanupDurables(durables);
    });

    describe('request/reply', () => {
      it('answers with the handler result, running it in the caller context', async () => {
        const subject = unique('t.echo.');
        const sub = await bus.handle<{ n: number }, { doubled: number; requestId?: string }>(
          subject,
          async (payload) => ({
            doubled: payload.data.n * 2,
            requestId: currentContext()?.requestId,
          }),
        );
        const payload = request({ n: 21 });
        const answer = await bus.request(subject, payload);
        expect(answer).toEqual({ doubled: 42, requestId: payload.ctx.requestId });
        await sub.unsubscribe();
      });

      it('rebuilds the AppError a handler threw, with code, status and fields', async () => {
        const subject = unique('t.fail.');
        const sub = await bus.handle(subject, async () => {
          throw new AppError('ERR_VALIDATION', { fields: { email: ['Invalid email'] } });
        });
        const err = await rejection(bus.request(subject, request({})));
        expect(err).toBeInstanceOf(AppError);
        expect(err).toMatchObject({
          code: 'ERR_VALIDATION',
          status: 400,
          fields: { email: ['Invalid email'] },
        });
        await sub.unsubscribe();
      });

      it('answers requestJson with the replied data as JSON text, and its errors as AppErrors', async () => {
        if (!bus.requestJson) return;
        const subject = unique('t.json.');
        const sub = await bus.handle<{ name: string }, unknown>(subject, async ({ data }) => {
          if (data.name === 'fail') throw new AppError('ERR_NO_TICKET_FOUND');
          return { name: data.name, list: [1, { ok: true, data: 'x' }], at: new Date(0) };
        });
        const text = await bus.requestJson(subject, request({ name: 'Conceição ✓' }));
        expect(JSON.parse(text.toString('utf8'))).toEqual({
          name: 'Conceição ✓',
          list: [1, { ok: true, data: 'x' }],
          at: '1970-01-01T00:00:00.000Z',
        });
        const err = await rejection(bus.requestJson(subject, request({ name: 'fail' })));
        expect(err).toBeInstanceOf(AppError);
        expect(err).toMatchObject({ code: 'ERR_NO_TICKET_FOUND', status: 404 });
        await sub.unsubscribe();
      });

      it('answers an unexpected throw with ERR_INTERNAL 500 and an errorId, no internals', async () => {
        const subject = unique('t.crash.');
        const sub = await bus.handle(subject, async () => {
          throw new Error('secret internals');
        });
        const err = await rejection(bus.request(subject, request({})));
        expect(err).toMatchObject({ code: 'ERR_INTERNAL', status: 500 });
        expect(err.message).not.toContain('secret');
        expect(err.errorId).toEqual(expect.any(String));
        await sub.unsubscribe();
      });

      it('rejects with ERR_SERVICE_TIMEOUT 504 when the handler does not answer in time', async () => {
        const subject = unique('t.slow.');
        const sub = await bus.handle(subject, () => sleep(1500).then(() => 'late'));
        const started = Date.now();
        const err = await rejection(bus.request(subject, request({}), { timeoutMs: 200 }));
        expect(err).toMatchObject({ code: 'ERR_SERVICE_TIMEOUT', status: 504 });
        expect(Date.now() - started).toBeLessThan(1200);
        await sub.unsubscribe();
      });

      it('rejects with ERR_SERVICE_UNAVAILABLE 503 when nobody listens', async () => {
        const err = await rejection(
          bus.request(unique('t.nobody.'), request({}), { timeoutMs: 2000 }),
        );
        expect(err).toMatchObject({ code: 'ERR_SERVICE_UNAVAILABLE', status: 503 });
      });

      it('stops answering once unsubscribed', async () => {
        const subject = unique('t.gone.');
        const sub = await bus.handle(subject, async () => 'here');
        await expect(bus.request(subject, request({}))).resolves.toBe('here');
        await sub.unsubscribe();
        const err = await rejection(bus.request(subject, request({}), { timeoutMs: 2000 }));
        expect(err.code).toBe('ERR_SERVICE_UNAVAILABLE');
      });

      it('spreads requests over the members of a queue group, one answer each', async () => {
        const subject = unique('t.queue.');
        const calls = { a: 0, b: 0 };
        const a = await bus.handle(subject, async () => ++calls.a && 'a', { queue: 'workers' });
        const b = await bus.handle(subject, async () => ++calls.b && 'b', { queue: 'workers' });
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => bus.request(subject, request({}))),
        );
        expect(calls.a + calls.b).toBe(20);
        expect(calls.a).toBeGreaterThan(0);
        expect(calls.b).toBeGreaterThan(0);
        expect(answers.filter((x) => x === 'a')).toHaveLength(calls.a);
        await a.unsubscribe();
        await b.unsubscribe();
      });
    });

    describe('events', () => {
      it('delivers published events to a durable consumer at least once', async () => {
        const entity = unique('e');
        const events = [
          event(entity, 'created'),
          event(entity, 'updated'),
          event(entity, 'deleted'),
        ];
        const seen: string[] = [];
        const sub = await bus.consume({
          durable: durable(),
          filter: `evt.*.identity.${entity}.>`,
          handler: (e) => void seen.push(e.id),
        });
        for (const e of events) await bus.publish(e);
        await waitFor(() => seen.length >= 3, 8000, 'three events');
        expect(new Set(seen)).toEqual(new Set(events.map((e) => e.id)));
        await sub.unsubscribe();
      });

      it('only delivers events matching the filter, with their data intact', async () => {
        const entity = unique('e');
        const other = unique('e');
        const received: DomainEvent[] = [];
        const sub = await bus.consume({
          durable: durable(),
          filter: `evt.*.identity.${entity}.created`,
          handler: (e) => void received.push(e),
        });
        const wanted = event(entity, 'created', { name: 'Ana', tags: [1, 2] });
        await bus.publish(event(entity, 'updated'));
        await bus.publish(event(other, 'created'));
        await bus.publish(wanted);
        await waitFor(() => received.length >= 1);
        await sleep(200);
        expect(received).toEqual([wanted]);
        await sub.unsubscribe();
      });

      it('delivers an event published with its data as JSON text as the same event', async () => {
        const entity = unique('e');
        const received: DomainEvent[] = [];
        const sub = await bus.consume({
          durable: durable(),
          filter: `evt.*.identity.${entity}.created`,
          handler: (e) => void received.push(e),
        });
        const { data, ...envelope } = event(entity, 'created', { name: 'Ana "A"', tags: [1, 2] });
        await bus.publish({ ...envelope, dataJson: JSON.stringify(data) });
        await waitFor(() => received.length >= 1);
        expect(received).toEqual([{ ...envelope, data }]);
        await sub.unsubscribe();
      });

      it('drops a second publish of the same event id', async () => {
        const entity = unique('e');
        const e = event(entity, 'created');
        const seen: string[] = [];
        await bus.publish(e);
        await bus.publish(e);
        const sub = await bus.consume({
          durable: durable(),
          filter: `evt.*.identity.${entity}.>`,
          handler: (x) => void seen.push(x.id),
        });
        await waitFor(() => seen.length >= 1);
        await sleep(300);
        expect(seen).toEqual([e.id]);
        await sub.unsubscribe();
      });

      it('redelivers an event whose handler threw, with a growing delivery count', async () => {
        const entity = unique('e');
        const deliveries: EventMeta[] = [];
        const sub = await bus.consume({
          durable: durable(),
          filter: `evt.*.identity.${entity}.>`,
          handler: (_e, meta) => {
            deliveries.push(meta);
            if (deliveries.length === 1) throw new Error('transient');
          },
        });
        await bus.publish(event(entity, 'created'));
        await waitFor(() => deliveries.length >= 2, 8000, 'the redelivery');
        expect(deliveries.map((d) => d.deliveryCount)).toEqual([1, 2]);
        await sleep(300);
        expect(deliveries).toHaveLength(2);
        await sub.unsubscribe();
      });

      it('gives up after maxDeliver attempts', async () => {
        const entity = unique('e');
        let attempts = 0;
        const sub = await bus.consume({
          durable: durable(),
          filter: `evt.*.identity.${entity}.>`,
          maxDeliver: 2,
          handler: () => {
            attempts++;
            throw new Error('always');
          },
        });
        await bus.publish(event(entity, 'created'));
        await waitFor(() => attempts >= 2);
        await sleep(1000);
        expect(attempts).toBe(2);
        await sub.unsubscribe();
      });

      it('resumes a durable where it stopped: events published while away arrive on return', async () => {
        const entity = unique('e');
        const name = durable();
        const filter = `evt.*.identity.${entity}.>`;
        const first: string[] = [];
        const e1 = event(entity, 'created');
        const sub1 = await bus.consume({
          durable: name,
          filter,
          handler: (e) => void first.push(e.id),
        });
        await bus.publish(e1);
        await waitFor(() => first.length >= 1);
        await sub1.unsubscribe();

        const e2 = event(entity, 'updated');
        const e3 = event(entity, 'deleted');
        await bus.publish(e2);
        await bus.publish(e3);
        await sleep(100);
        expect(first).toEqual([e1.id]);

        const second: string[] = [];
        const sub2 = await bus.consume({
          durable: name,
          filter,
          handler: (e) => void second.push(e.id),
        });
        await waitFor(() => second.length >= 2);
        await sleep(200);
        expect(second).toEqual([e2.id, e3.id]);
        await sub2.unsubscribe();
      });

      it('shares the work between two instances of one durable', async () => {
        const entity = unique('e');
        const name = durable();
        const filter = `evt.*.identity.${entity}.>`;
        const byInstance = { a: [] as string[], b: [] as string[] };
        const slow = (list: string[]) => async (e: DomainEvent) => {
          list.push(e.id);
          await sleep(15);
        };
        const a = await bus.consume({ durable: name, filter, handler: slow(byInstance.a) });
        const b = await bus.consume({ durable: name, filter, handler: slow(byInstance.b) });
        const events = Array.from({ length: 24 }, (_, i) => event(entity, `n${i}`));
        for (const e of events) await bus.publish(e);
        await waitFor(() => byInstance.a.length + byInstance.b.length >= events.length, 10_000);
        await sleep(200);
        const all = [...byInstance.a, ...byInstance.b];
        expect(all).toHaveLength(events.length);
        expect(new Set(all)).toEqual(new Set(events.map((e) => e.id)));
        expect(byInstance.a.length).toBeGreaterThan(0);
        expect(byInstance.b.length).toBeGreaterThan(0);
        await a.unsubscribe();
        await b.unsubscribe();
      });

      it('runs up to `concurrency` handlers of one subscription at once, each event once', async () => {
        const entity = unique('e');
        const filter = `evt.*.identity.${entity}.>`;
        let running = 0;
        let peak = 0;
        const seen: string[] = [];
        const sub = await bus.consume({
          durable: durable(),
          filter,
          concurrency: 3,
          handler: async (e) => {
            running += 1;
            peak = Math.max(peak, running);
            await sleep(30);
            seen.push(e.id);
            running -= 1;
          },
        });
        const events = Array.from({ length: 9 }, (_, i) => event(entity, `c${i}`));
        for (const e of events) await bus.publish(e);
        await waitFor(() => seen.length >= events.length, 10_000);
        await sleep(100);
        expect(new Set(seen)).toEqual(new Set(events.map((e) => e.id)));
        expect(seen).toHaveLength(events.length);
        expect(peak).toBe(3);
        await sub.unsubscribe();
      });

      it('fans live events out to every wildcard subscriber, without replaying older ones', async () => {
        const entity = unique('e');
        const before = event(entity, 'created');
        await bus.publish(before);
        const one: string[] = [];
        const two: string[] = [];
        const s1 = await bus.subscribe(`evt.*.identity.${entity}.*`, (e) => void one.push(e.id));
        const s2 = await bus.subscribe('evt.>', (e) => void two.push(e.id));
        const live = event(entity, 'updated');
        await bus.publish(live);
        await waitFor(() => one.length >= 1 && two.includes(live.id));
        await sleep(100);
        expect(one).toEqual([live.id]);
        expect(two).not.toContain(before.id);
        await s1.unsubscribe();
        await s2.unsubscribe();
      });

      it('survives a throwing live subscriber', async () => {
        const entity = unique('e');
        const seen: string[] = [];
        const bad = await bus.subscribe(`evt.*.identity.${entity}.>`, () => {
          throw new Error('socket gone');
        });
        const good = await bus.subscribe(`evt.*.identity.${entity}.>`, (e) => void seen.push(e.id));
        const e = event(entity, 'created');
        await bus.publish(e);
        await waitFor(() => seen.length >= 1);
        expect(seen).toEqual([e.id]);
        await bad.unsubscribe();
        await good.unsubscribe();
      });
    });
  });
}
