import { randomUUID } from 'node:crypto';
import type { BusRequest, DomainEvent } from '@sb/contracts';
import { Inject, Injectable, Module } from '@nestjs/common';
import { createTestDatabase, natsUrlOrSkip, type TestDatabase } from '@sb/testing/infra';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { Bus } from '../src/bus/bus.types.js';
import { createInProcessBus } from '../src/bus/in-process-bus.js';
import { createNatsBus } from '../src/bus/nats-bus.js';
import { anonymousContext, type CallContext } from '../src/context/request-context.js';
import { Transactions } from '../src/db/transactions.js';
import { AppError } from '../src/errors/app-error.js';
import { parseInput } from '../src/errors/parse-input.js';
import type { Logger } from '../src/logger/create-logger.js';
import { BusHandler } from '../src/nest/bus-handler.decorator.js';
import { startNestService, type RunningNestService } from '../src/nest/start-nest-service.js';
import { BUS, ENV, LOGGER } from '../src/nest/tokens.js';
import { Outbox } from '../src/outbox/outbox.js';
import { testEvent } from './test-event.js';
import { CreateNote1800000000000, NoteEntity, NotesRepository } from './test-notes.fixture.js';

const natsUrl = await natsUrlOrSkip();
const HelloInput = z.object({ name: z.string().min(1) });

/** The test service; its subjects carry a per-run prefix (the NATS server is shared). */
function greeterModule(prefix: string) {
  @Injectable()
  class GreeterHandlers {
    private readonly notes: NotesRepository;

    constructor(
      private readonly dataSource: DataSource,
      @Inject(BUS) private readonly bus: Bus,
      @Inject(LOGGER) private readonly logger: Logger,
      @Inject(ENV) private readonly env: Record<string, string | undefined>,
      transactions: Transactions,
    ) {
      this.notes = new NotesRepository(dataSource.getRepository(NoteEntity), transactions);
    }

    @BusHandler(`${prefix}.hello`)
    async hello(ctx: CallContext, data: unknown) {
      const input = parseInput(HelloInput, data);
      this.logger.debug('greeting');
      return {
        greeting: `Hello ${input.name}`,
        requestId: ctx.requestId,
        hasBus: typeof this.bus.request,
        env: this.env.GREETING,
      };
    }

    @BusHandler(`${prefix}.crash`)
    async crash() {
      throw new Error('database password is hunter2');
    }

    @BusHandler(`${prefix}.note.create`)
    async createNote(ctx: CallContext, data: unknown) {
      const { text } = parseInput(z.object({ text: z.string() }), data);
      return this.dataSource.transaction(async (manager) => {
        const note = await this.notes.save(ctx.companyId, { text }, manager);
        await Outbox.add(
          manager,
          testEvent({
            companyId: ctx.companyId,
            service: 'identity',
            entity: 'note',
            action: 'created',
            data: { id: note.id },
          }),
        );
        return { id: note.id };
      });
    }
  }

  @Module({ providers: [GreeterHandlers] })
  class GreeterModule {}
  return GreeterModule;
}

const busCases: { name: string; make: () => Promise<Bus> }[] = [
  { name: 'in-process', make: async () => createInProcessBus() },
];
if (natsUrl)
  busCases.push({
    name: 'NATS',
    make: () => createNatsBus({ url: natsUrl, name: 'platform-nest-test' }),
  });

describe.each(busCases)('startNestService over the $name bus', ({ make }) => {
  let db: TestDatabase;
  let bus: Bus;
  let service: RunningNestService;
  // unique per run: the NATS server is shared and subjects are global there
  const name = `greeter_${randomUUID().slice(0, 6)}`;
  const ask = <T>(s: string, data: unknown, ctx: CallContext = anonymousContext()) =>
    bus.request(s.replace('greeter', name), { ctx, data } satisfies BusRequest) as Promise<T>;

  beforeAll(async () => {
    db = await createTestDatabase('platform_nest');
    bus = await make();
    service = await startNestService({
      name,
      version: '1.2.3',
      module: greeterModule(name),
      entities: [NoteEntity],
      migrations: [CreateNote1800000000000],
      runtime: { bus, databaseUrl: db.url, env: { GREETING: 'hi' } },
    });
  });

  afterAll(async () => {
    await service?.close();
    await bus?.close();
    await db?.drop();
  });

  it('answers a @BusHandler method with the injected providers, in the caller context', async () => {
    const ctx = anonymousContext('req-42', 'en');
    const answer = await ask<Record<string, unknown>>('greeter.hello', { name: 'Ana' }, ctx);
    expect(answer).toEqual({
      greeting: 'Hello Ana',
      requestId: 'req-42',
      hasBus: 'function',
      env: 'hi',
    });
  });

  it('answers invalid input with a 400 ERR_VALIDATION reply naming the field', async () => {
    const err = await ask('greeter.hello', { name: '' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'ERR_VALIDATION',
      status: 400,
      fields: { name: expect.any(Array) },
    });
  });

  it('answers an unexpected throw with ERR_INTERNAL and an errorId, never the message', async () => {
    const err = (await ask('greeter.crash', {}).catch((e: unknown) => e)) as AppError;
    expect(err).toMatchObject({ code: 'ERR_INTERNAL', status: 500, errorId: expect.any(String) });
    expect(err.message).not.toContain('hunter2');
  });

  it('answers its health check', async () => {
    const health = await bus.request(`${name}.health.check`, {
      ctx: anonymousContext(),
      data: {},
    });
    expect(health).toEqual({ service: name, status: 'ok', version: '1.2.3' });
  });

  it('writes a change and its event in one transaction; the relay publishes it', async () => {
    const received: DomainEvent[] = [];
    const sub = await bus.subscribe('evt.77.identity.note.created', (e) => void received.push(e));
    const ctx = {
      ...anonymousContext(),
      companyId: 77,
      userId: 1,
      profile: 'admin',
      super: false,
    } as CallContext;
    const { id } = await ask<{ id: string }>('greeter.note.create', { text: 'hello' }, ctx);
    const deadline = Date.now() + 5000;
    while (!received.some((e) => (e.data as { id: string }).id === id) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(received.map((e) => e.data)).toContainEqual({ id });
    const [row] = await service.dataSource.query(
      `SELECT company_id FROM ${name}.note WHERE id = $1`,
      [id],
    );
    expect(row.company_id).toBe(77);
    await sub.unsubscribe();
  });

  it('stops answering and releases the database on close()', async () => {
    await service.close();
    const err = await ask('greeter.hello', { name: 'x' }, anonymousContext()).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 'ERR_SERVICE_UNAVAILABLE', status: 503 });
    expect(service.dataSource.isInitialized).toBe(false);
  });
});
