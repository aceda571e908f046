import type { Logger } from '../logger/create-logger.js';
import type { Bus } from './bus.types.js';
import { createInProcessBus } from './in-process-bus.js';
import { createNatsBus } from './nats-bus.js';

export type CreateBusOptions = {
  /** NATS when set, else the in-process bus */
  natsUrl?: string;
  name: string;
  logger?: Logger;
  requestTimeoutMs?: number;
  /** NATS only: subject prefix and own stream (see NatsBusOptions.namespace) */
  namespace?: string;
};

export async function createBus(options: CreateBusOptions): Promise<Bus> {
  const { natsUrl, namespace, ...rest } = options;
  if (natsUrl) return createNatsBus({ url: natsUrl, namespace, ...rest });
  return createInProcessBus({ logger: rest.logger, requestTimeoutMs: rest.requestTimeoutMs });
}
