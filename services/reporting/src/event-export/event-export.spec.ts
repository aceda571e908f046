import type { DomainEvent } from '@sb/contracts';
import { createInProcessBus, type Bus } from '@sb/platform/bus';
import { createLogger } from '@sb/platform/logger';
import { runWithCarrier } from '@sb/platform/tracing';
import { eventExportConfigFrom } from './event-export.config.js';
import { EventExportService } from './event-export.service.js';
import { startKafkaEventExport, type ExportProducer } from './kafka-event-export.js';
import { eventFamily, kafkaTopic, toKafkaRecord } from './kafka-record.js';

const logger = createLogger('event-export-test', { level: 'silent' });
const traceId = '3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c';
const trace = { traceparent: `00-${traceId}-0102030405060708-01` };

const event = (subject: string, companyId = 12): DomainEvent => ({
  id: `id-${Math.random().toString(16).slice(2)}`,
  subject,
  companyId,
  occurredAt: '2026-11-27T10:00:00.000Z',
  data: { status: 'open' },
});

describe('event export settings', () => {
  it('is off without KAFKA_BROKERS', () => {
    expect(eventExportConfigFrom({})).toBeUndefined();
    expect(eventExportConfigFrom({ KAFKA_BROKERS: '  ', KAFKA_TOPIC_PREFIX: 'x' })).toBeUndefined();
  });

  it('reads the brokers and the defaults', () => {
    const compose = { KAFKA_SSL: '', KAFKA_SASL_MECHANISM: '', KAFKA_TOPIC_PREFIX: '' };
    expect(eventExportConfigFrom({ KAFKA_BROKERS: 'k1:9092, k2:9093', ...compose })).toEqual({
      brokers: ['k1:9092', 'k2:9093'],
      topicPrefix: 'switchboard',
      clientId: 'switchboard-event-export',
      ssl: false,
    });
    expect(
      eventExportConfigFrom({
        KAFKA_BROKERS: 'k1:9092',
        KAFKA_TOPIC_PREFIX: 'acme.prod',
        KAFKA_SSL: 'true',
        KAFKA_SASL_MECHANISM: 'scram-sha-512',
        KAFKA_SASL_USERNAME: 'u',
        KAFKA_SASL_PASSWORD: 'p',
      }),
    ).toMatchObject({
      topicPrefix: 'acme.prod',
      ssl: true,
      sasl: { mechanism: 'scram-sha-512', username: 'u', password: 'p' },
    });
  });

  it('refuses wrong values with the variable named', () => {
    expect(() => eventExportConfigFrom({ KAFKA_BROKERS: 'no-port' })).toThrow(/KAFKA_BROKERS/);
    expect(() =>
      eventExportConfigFrom({ KAFKA_BROKERS: 'k:1', KAFKA_TOPIC_PREFIX: 'a b' }),
    ).toThrow(/KAFKA_TOPIC_PREFIX/);
    expect(() =>
      eventExportConfigFrom({ KAFKA_BROKERS: 'k:1', KAFKA_SASL_MECHANISM: 'plain' }),
    ).toThrow(/KAFKA_SASL_USERNAME/);
  });
});

describe('Kafka record of an event', () => {
  it('goes to the topic of its family, keyed by company, with id, type and trace headers', () => {
    const e = event('evt.12.tickets.ticket.updated');
    expect(toKafkaRecord(e, 'switchboard', { ...trace, tracestate: 'v=1' })).toEqual({
      topic: 'switchboard.tickets.ticket',
      message: {
        key: '12',
        value: JSON.stringify(e),
        timestamp: String(Date.parse('2026-11-27T10:00:00.000Z')),
        headers: {
          'event-id': e.id,
          'event-type': 'tickets.ticket.updated',
          traceparent: trace.traceparent,
          tracestate: 'v=1',
        },
      },
    });
  });

  it('leaves the trace headers out outside a trace, and follows the prefix', () => {
    const record = toKafkaRecord(event('evt.3.identity.user.created', 3), 'acme');
    expect(record?.topic).toBe('acme.identity.user');
    expect(record?.message.key).toBe('3');
    expect(Object.keys(record!.message.headers)).toEqual(['event-id', 'event-type']);
  });

  it('names families from subjects, and refuses subjects of another shape', () => {
    expect(eventFamily('evt.1.campaigns.campaign.started')).toEqual({
      service: 'campaigns',
      entity: 'campaign',
      action: 'started',
    });
    expect(eventFamily('evt.1.tickets')).toBeUndefined();
    expect(eventFamily('cmd.1.a.b.c')).toBeUndefined();
    expect(toKafkaRecord(event('evt.1.x'), 'p')).toBeUndefined();
    expect(kafkaTopic('p', { service: 'a b', entity: 'c*' })).toBe('p.a_b.c_');
  });
});

/**
 * A producer that records what Kafka acknowledged; the first `failSends` sends and `failConnects`
 * connects fail.
 */
function fakeProducer(failSends = 0, failConnects = 0) {
  let failNext = failSends;
  const sent: { topic: string; key: string; headers: Record<string, string> }[] = [];
  const state = { connected: false, attempts: 0 };
  const producer: ExportProducer = {
    connect: async () => {
      if (failConnects-- > 0) throw new Error('connection refused');
      state.connected = true;
    },
    disconnect: async () => void (state.connected = false),
    sendBatch: async (batch) => {
      state.attempts++;
      if (failNext > 0) {
        failNext--;
        throw new Error('broker not available');
      }
      for (const { topic, messages } of batch.topicMessages ?? []) {
        for (const m of messages) {
          sent.push({ topic, key: String(m.key), headers: m.headers as Record<string, string> });
        }
      }
      return [];
    },
  };
  return { producer, sent, state };
}

async function waitFor(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('Kafka event export', () => {
  const config = eventExportConfigFrom({ KAFKA_BROKERS: 'kafka.test:9092' })!;

  it("sends each event with the trace of its publisher's change", async () => {
    const bus = createInProcessBus();
    const { producer, sent } = fakeProducer();
    const running = await startKafkaEventExport({ bus, config, logger, producer });
    const events = [
      event('evt.12.tickets.ticket.created'),
      event('evt.7.tickets.message.created', 7),
    ];
    await runWithCarrier(trace, async () => {
      for (const e of events) await bus.publish(e);
    });
    await waitFor(() => sent.length === 2);
    expect(sent.map((s) => [s.topic, s.key, s.headers['event-id']])).toEqual(
      expect.arrayContaining([
        ['switchboard.tickets.ticket', '12', events[0].id],
        ['switchboard.tickets.message', '7', events[1].id],
      ]),
    );
    for (const s of sent) expect(s.headers.traceparent.split('-')[1]).toBe(traceId);
    await running.stop();
    await bus.close();
  });

  it('keeps an event until Kafka acknowledged it: a failed send is delivered again', async () => {
    const bus = createInProcessBus();
    const { producer, sent, state } = fakeProducer(1);
    const running = await startKafkaEventExport({ bus, config, logger, producer });
    const e = event('evt.12.tickets.ticket.closed');
    await bus.publish(e);
    await waitFor(() => sent.length === 1);
    expect(state.attempts).toBe(2);
    expect(sent[0].headers['event-id']).toBe(e.id);
    await running.stop();
    expect(state.connected).toBe(false);
    await bus.close();
  });

  it('starts while Kafka is down, and exports once it is reachable', async () => {
    const bus = createInProcessBus();
    const { producer, sent, state } = fakeProducer(0, 2);
    const running = await startKafkaEventExport({ bus, config, logger, producer });
    await bus.publish(event('evt.12.tickets.ticket.created'));
    await waitFor(() => sent.length === 1);
    expect(state.connected).toBe(true);
    await running.stop();
    await bus.close();
  });

  it('does not consume the stream at all without KAFKA_BROKERS', async () => {
    const bus = createInProcessBus();
    const consumed: string[] = [];
    const spy: Bus = {
      ...bus,
      consume: (options) => {
        consumed.push(options.durable);
        return bus.consume(options);
      },
    };
    const service = new EventExportService(spy, {}, logger);
    await service.onApplicationBootstrap();
    await service.onModuleDestroy();
    expect(consumed).toEqual([]);
    await bus.close();
  });
});
