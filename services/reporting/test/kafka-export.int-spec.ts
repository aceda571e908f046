import { randomBytes, randomUUID } from 'node:crypto';
import { connect as tcpConnect } from 'node:net';
import type { DomainEvent } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { createLogger } from '@sb/platform/logger';
import { runWithCarrier } from '@sb/platform/tracing';
import { natsUrlOrSkip, openTestBus } from '@sb/testing/infra';
import { Kafka, logLevel, type KafkaMessage } from 'kafkajs';
import { eventExportConfigFrom } from '../src/event-export/event-export.config.js';
import {
  startKafkaEventExport,
  type KafkaEventExport,
} from '../src/event-export/kafka-event-export.js';

// The export against a real broker: runs when one answers at KAFKA_BROKERS, else is skipped and says
// so (this machine has none; point KAFKA_BROKERS at a broker to run it).

const brokers = process.env.KAFKA_BROKERS?.trim();

/** Whether the first broker accepts a TCP connection within 2 s. */
function brokerAnswers(address: string): Promise<boolean> {
  const [host, port] = [address.slice(0, address.lastIndexOf(':')), address.split(':').pop()];
  return new Promise((resolve) => {
    const socket = tcpConnect({ host, port: Number(port), timeout: 2000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

const firstBroker = brokers?.split(',')[0]?.trim();
const available = firstBroker ? await brokerAnswers(firstBroker) : false;
if (!available) {
  process.stderr.write(
    `\n⚠ Kafka export integration test skipped: ${
      brokers ? `no broker answers at KAFKA_BROKERS=${brokers}` : 'KAFKA_BROKERS is not set'
    }\n`,
  );
}
const describeWithKafka = available ? describe : describe.skip;

describeWithKafka(`Kafka event export against ${brokers ?? 'no broker'}`, () => {
  const logger = createLogger('kafka-export-int');
  const prefix = `sbtest_${randomBytes(4).toString('hex')}`;
  const kafka = new Kafka({
    clientId: 'switchboard-test',
    brokers: (brokers ?? '').split(','),
    logLevel: logLevel.WARN,
  });
  const traceId = '1a2b3c4d5e6f708192a3b4c5d6e7f801';
  let bus: Bus;
  let exporter: KafkaEventExport;

  beforeAll(async () => {
    // NATS when there is one (the real setting), else the in-process bus: the broker is under test
    bus = (await openTestBus((await natsUrlOrSkip()) ? 'nats' : 'in-process', 'kafka-export'))!;
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({
      waitForLeaders: true,
      topics: [`${prefix}.tickets.ticket`, `${prefix}.identity.user`].map((topic) => ({ topic })),
    });
    await admin.disconnect();
    const config = eventExportConfigFrom({ KAFKA_BROKERS: brokers, KAFKA_TOPIC_PREFIX: prefix })!;
    exporter = await startKafkaEventExport({ bus, config, logger });
  }, 60_000);

  afterAll(async () => {
    await exporter?.stop();
    await bus?.close();
    const admin = kafka.admin();
    await admin.connect();
    await admin
      .deleteTopics({ topics: [`${prefix}.tickets.ticket`, `${prefix}.identity.user`] })
      .catch(() => undefined);
    await admin.disconnect();
  });

  it('produces each event to its family topic, keyed by company, with event id and traceparent', async () => {
    const event = (subject: string, companyId: number): DomainEvent => ({
      id: randomUUID(),
      subject,
      companyId,
      occurredAt: new Date().toISOString(),
      data: { n: 1 },
    });
    const events = [
      event('evt.41.tickets.ticket.created', 41),
      event('evt.42.tickets.ticket.updated', 42),
      event('evt.41.identity.user.created', 41),
    ];
    await runWithCarrier({ traceparent: `00-${traceId}-0a0b0c0d0e0f0102-01` }, async () => {
      for (const e of events) await bus.publish(e);
    });

    const received: { topic: string; message: KafkaMessage }[] = [];
    const consumer = kafka.consumer({ groupId: `${prefix}-reader` });
    await consumer.connect();
    await consumer.subscribe({ topics: [new RegExp(`^${prefix}\\.`)], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, message }) => void received.push({ topic, message }),
    });
    const deadline = Date.now() + 30_000;
    while (received.length < events.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await consumer.disconnect();

    expect(received).toHaveLength(events.length);
    for (const e of events) {
      const found = received.find((r) => r.message.headers?.['event-id']?.toString() === e.id);
      const family = e.subject.split('.').slice(2, 4).join('.');
      expect(found?.topic).toBe(`${prefix}.${family}`);
      expect(found?.message.key?.toString()).toBe(String(e.companyId));
      expect(JSON.parse(found!.message.value!.toString())).toEqual(e);
      expect(found?.message.headers?.traceparent?.toString().split('-')[1]).toBe(traceId);
    }
  }, 60_000);
});
