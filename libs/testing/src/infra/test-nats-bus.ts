import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import {
  createInProcessBus,
  createNatsBus,
  subjectSpace,
  type Bus,
  type NatsBusOptions,
} from '@sb/platform/bus';
import { natsUrlOrSkip } from './nats-tests.js';

/**
 * A namespace of its own for one test file: parallel test files share the machine's NATS server, and
 * without it one file's identity would answer another file's requests (same queue group).
 */
export function testNatsNamespace(label = 't'): string {
  return `test_${label.replace(/[^A-Za-z0-9_-]/g, '_')}_${randomBytes(4).toString('hex')}`;
}

/** A NATS bus in the given test namespace. */
export function createTestNatsBus(
  options: Omit<NatsBusOptions, 'namespace'> & { namespace: string },
): Promise<Bus> {
  return createNatsBus({ requestTimeoutMs: 5_000, ...options });
}

/** Deletes the namespace's event stream (its consumers go with it), so test runs leave nothing behind. */
export async function dropTestNatsNamespace(url: string, namespace: string): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(subjectSpace(namespace).streamName).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

export type TestBusKind = 'in-process' | 'nats';

/**
 * A bus for a test: in-process, or NATS in a namespace of its own whose stream is dropped on close.
 * Undefined when NATS is asked for and there is none (natsUrlOrSkip printed why). Pass `namespace` to put
 * several buses (gateway and services) in one namespace; the caller then drops it with dropTestNatsNamespace.
 */
export async function openTestBus(
  kind: TestBusKind,
  name: string,
  options: { namespace?: string; requestTimeoutMs?: number } = {},
): Promise<Bus | undefined> {
  const requestTimeoutMs = options.requestTimeoutMs ?? 5_000;
  if (kind === 'in-process') return createInProcessBus({ requestTimeoutMs });
  const url = await natsUrlOrSkip();
  if (!url) return undefined;
  const namespace = options.namespace ?? testNatsNamespace(name);
  const bus = await createNatsBus({ url, name, namespace, requestTimeoutMs });
  if (options.namespace) return bus;
  const close = bus.close.bind(bus);
  bus.close = async () => {
    await close();
    await dropTestNatsNamespace(url, namespace);
  };
  return bus;
}
