import type { DomainEvent } from '@sb/contracts';
import { microBatch } from '@sb/platform/batching';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { currentCarrier } from '@sb/platform/tracing';
import {
  Kafka,
  logLevel,
  Partitioners,
  type LogEntry,
  type Producer,
  type SASLOptions,
} from 'kafkajs';
import type { EventExportConfig } from './event-export.config.js';
import { toKafkaRecord, type KafkaRecord } from './kafka-record.js';

/** One durable name: every reporting replica joins it, so each event is exported by one of them. */
export const eventExportDurable = 'event-export-kafka';

/** The part of a kafkajs producer the export uses (tests pass a stand-in). */
export type ExportProducer = Pick<Producer, 'connect' | 'disconnect' | 'sendBatch'>;

export type KafkaEventExportOptions = {
  bus: Bus;
  config: EventExportConfig;
  logger: Logger;
  /** a kafkajs producer from `config` unless given */
  producer?: ExportProducer;
  /** events handled at once; their records go to Kafka together (default 256) */
  concurrency?: number;
};

export type KafkaEventExport = { stop(): Promise<void> };

// A Kafka outage must not drop events: with the bus's backoff capped at 30 s this retries for
// about eight hours before an event is given up (and logged).
const maxDeliver = 1000;
// kafkajs retries a send itself for a while; the delivery stays ours (no redelivery) meanwhile
const ackWaitMs = 120_000;

function kafkaLogger(logger: Logger) {
  return () =>
    ({ level, log }: LogEntry) => {
      const { message, ...extra } = log;
      if (level === logLevel.ERROR) logger.error({ kafka: extra }, message);
      else if (level === logLevel.WARN) logger.warn({ kafka: extra }, message);
      else logger.debug({ kafka: extra }, message);
    };
}

/** A kafkajs producer for the settings: idempotent (acks from all replicas, no duplicate on retry). */
export function createExportProducer(config: EventExportConfig, logger: Logger): Producer {
  const kafka = new Kafka({
    clientId: config.clientId,
    brokers: config.brokers,
    ssl: config.ssl,
    // the config's union of mechanisms, each with username and password, is what kafkajs takes
    ...(config.sasl ? { sasl: config.sasl as SASLOptions } : {}),
    logLevel: logLevel.WARN,
    logCreator: kafkaLogger(logger),
  });
  // idempotence needs one request in flight per broker connection (kafkajs keeps the order then)
  return kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    // murmur2 on the key, as Java clients: a company's events land in the same partition for all
    createPartitioner: Partitioners.DefaultPartitioner,
  });
}

/**
 * Copies every domain event of the EVENTS stream to Kafka, at least once: a NATS delivery is
 * acknowledged only after Kafka acknowledged its record (acks from all in-sync replicas), and a
 * failed send is redelivered with backoff. Records handled at the same time go in one request.
 */
export async function startKafkaEventExport(
  options: KafkaEventExportOptions,
): Promise<KafkaEventExport> {
  const { bus, config, logger } = options;
  const producer = options.producer ?? createExportProducer(config, logger);
  // Kafka being down must not keep reporting from starting: the producer connects on first use, and
  // a failed connect fails that send (redelivered later) instead of the service's start
  let connecting: Promise<void> | undefined;
  const connected = () =>
    (connecting ??= producer.connect().catch((err: unknown) => {
      connecting = undefined;
      throw err;
    }));
  connected().catch((err: unknown) =>
    logger.warn({ err, brokers: config.brokers }, 'Kafka not reachable yet; events wait for it'),
  );

  const send = microBatch<KafkaRecord, void>(
    async (records) => {
      const byTopic = new Map<string, KafkaRecord['message'][]>();
      for (const { topic, message } of records) {
        byTopic.set(topic, [...(byTopic.get(topic) ?? []), message]);
      }
      await connected();
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      });
      return records.map(() => undefined);
    },
    { maxSize: 500 },
  );

  const subscription: BusSubscription = await bus.consume({
    durable: eventExportDurable,
    filter: 'evt.>',
    concurrency: options.concurrency ?? 256,
    maxDeliver,
    ackWaitMs,
    handler: async (event: DomainEvent) => {
      // the consumer's span: the record continues the trace of the change that made the event
      const record = toKafkaRecord(event, config.topicPrefix, currentCarrier());
      if (!record) {
        logger.warn({ subject: event.subject, eventId: event.id }, 'event not exported: no family');
        return;
      }
      await send(record);
    },
  });
  logger.info(
    { brokers: config.brokers, topicPrefix: config.topicPrefix, durable: eventExportDurable },
    'exporting domain events to Kafka',
  );
  return {
    stop: async () => {
      await subscription.unsubscribe();
      // a producer that never connected has nothing to close
      if (connecting) await producer.disconnect().catch(() => undefined);
    },
  };
}
