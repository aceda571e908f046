import { randomUUID } from 'node:crypto';
import { Injectable, Module } from '@nestjs/common';
import type { DomainEvent } from '@sb/contracts';
import { createTestDatabase, type TestDatabase } from '@sb/testing/infra';
import type { Bus, ConsumeOptions } from '../src/bus/bus.types.js';
import { createInProcessBus } from '../src/bus/in-process-bus.js';
import { IdempotentEventConsumer } from '../src/nest/idempotent-event-consumer.js';
import { startNestService, type RunningNestService } from '../src/nest/start-nest-service.js';

const applied: string[] = [];

@Injectable()
class Recorder {
  record(event: DomainEvent) {
    applied.push(event.id);
  }
}

@Injectable()
class RecordingConsumer extends IdempotentEventConsumer {
  protected readonly feed = { durable: 'recorder', filter: 'evt.*.identity.user.*', maxDeliver: 3 };

  constructor(private readonly recorder: Recorder) {
    super();
  }

  protected async apply(event: DomainEvent): Promise<void> {
    this.recorder.record(event);
  }
}

@Module({ providers: [Recorder, RecordingConsumer] })
class RecorderModule {}

describe('IdempotentEventConsumer', () => {
  let db: TestDatabase;
  let bus: Bus;
  let service: RunningNestService | undefined;
  const consumed: ConsumeOptions[] = [];
  let unsubscribed = 0;

  beforeAll(async () => {
    db = await createTestDatabase('platform_consumer');
    bus = createInProcessBus();
    // keeps what the consumer asked for and counts its unsubscribes
    const consume = bus.consume.bind(bus);
    bus.consume = async (options) => {
      consumed.push(options as ConsumeOptions);
      const subscription = await consume(options);
      return {
        unsubscribe: async () => {
          unsubscribed += 1;
          await subscription.unsubscribe();
        },
      };
    };
    service = await startNestService({
      name: `consumer_${randomUUID().slice(0, 6)}`,
      version: '0.0.0',
      module: RecorderModule,
      entities: [],
      migrations: [],
      runtime: { bus, databaseUrl: db.url, env: {} },
    });
  });

  afterAll(async () => {
    await service?.close();
    await bus?.close();
    await db?.drop();
  });

  it('subscribes on bootstrap with its feed, applies each event once, unsubscribes on close', async () => {
    const mine = consumed.filter((options) => options.durable === 'recorder');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ filter: 'evt.*.identity.user.*', maxDeliver: 3 });

    const event: DomainEvent = {
      id: randomUUID(),
      subject: 'evt.5.identity.user.created',
      companyId: 5,
      occurredAt: new Date().toISOString(),
      data: {},
    };
    await mine[0].handler(event, { subject: event.subject, deliveryCount: 1 });
    await mine[0].handler(event, { subject: event.subject, deliveryCount: 2 });
    expect(applied).toEqual([event.id]);

    await service?.close();
    service = undefined;
    expect(unsubscribed).toBe(1);
  });
});
