import type { DomainEvent } from '@sb/contracts';
import type { TraceCarrier } from '@sb/platform/tracing';

/** What the export sends for one event (kafkajs' message shape, with its topic). */
export type KafkaRecord = {
  topic: string;
  message: {
    key: string;
    value: string;
    timestamp?: string;
    headers: Record<string, string>;
  };
};

/** Header names consumers of the topics rely on. */
export const KafkaHeaders = {
  /** the event's id: the same event may arrive twice (at least once), consumers skip a known id */
  eventId: 'event-id',
  /** `<service>.<entity>.<action>` */
  eventType: 'event-type',
  traceparent: 'traceparent',
  tracestate: 'tracestate',
} as const;

/**
 * The event's family and action from its subject `evt.<companyId>.<service>.<entity>.<action>`;
 * undefined for a subject of another shape.
 */
export function eventFamily(
  subject: string,
): { service: string; entity: string; action: string } | undefined {
  const parts = subject.split('.');
  if (parts.length !== 5 || parts[0] !== 'evt') return undefined;
  const [, , service, entity, action] = parts;
  if (!service || !entity || !action) return undefined;
  return { service, entity, action };
}

/** `<prefix>.<service>.<entity>`, e.g. `switchboard.tickets.ticket`: one topic per event family. */
export function kafkaTopic(prefix: string, family: { service: string; entity: string }): string {
  // subject tokens are our own names; anything Kafka would refuse in a topic name becomes '_'
  return `${prefix}.${family.service}.${family.entity}`.replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * The Kafka record of an event: the topic of its family, keyed by company (one company's events stay
 * in one partition, in order), the envelope as JSON, the event id and trace context as headers.
 * Undefined for an event whose subject has no family (never one of ours).
 */
export function toKafkaRecord(
  event: DomainEvent,
  topicPrefix: string,
  trace?: TraceCarrier,
): KafkaRecord | undefined {
  const family = eventFamily(event.subject);
  if (!family) return undefined;
  const headers: Record<string, string> = {
    [KafkaHeaders.eventId]: event.id,
    [KafkaHeaders.eventType]: `${family.service}.${family.entity}.${family.action}`,
  };
  if (trace) {
    headers[KafkaHeaders.traceparent] = trace.traceparent;
    if (trace.tracestate) headers[KafkaHeaders.tracestate] = trace.tracestate;
  }
  const occurredAt = Date.parse(event.occurredAt);
  return {
    topic: kafkaTopic(topicPrefix, family),
    message: {
      key: String(event.companyId),
      value: JSON.stringify(event),
      ...(Number.isFinite(occurredAt) ? { timestamp: String(occurredAt) } : {}),
      headers,
    },
  };
}
