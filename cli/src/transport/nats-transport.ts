import { createBus } from '@sb/platform/bus';
import { operatorContext } from '@sb/platform/context';
import { createLogger } from '@sb/platform/logger';
import {
  NoPlatformError,
  type OperatorTransport,
  type TransportChoice,
} from './operator-transport.js';

/** Past the erase's 5 s wait, with room for a busy cluster. */
const RequestTimeoutMs = 30_000;

/**
 * The platform's own bus, as a service joins it (NATS_URL, NATS_NAMESPACE), sending as the operator.
 * Its errors are the services' AppErrors (a code and a message), as the commands expect.
 */
export async function openNatsTransport(
  choice: Extract<TransportChoice, { kind: 'nats' }>,
  env: Record<string, string | undefined>,
): Promise<OperatorTransport> {
  // stdout is the command's (JSON lines in a pipe): the bus's own log lines go to stderr
  const logger = createLogger('switchboard', {
    level: env.LOG_LEVEL ?? 'warn',
    destination: process.stderr,
  });
  const bus = await createBus({
    natsUrl: choice.url,
    namespace: choice.namespace,
    name: 'switchboard-cli',
    logger,
    requestTimeoutMs: RequestTimeoutMs,
  }).catch((err: unknown) => {
    throw new NoPlatformError(`Cannot reach NATS at ${choice.url}: ${(err as Error).message}`);
  });
  return {
    target: `NATS ${choice.url}${choice.namespace ? ` (namespace ${choice.namespace})` : ''}`,
    request: (subject, data) => bus.request(subject, { ctx: operatorContext(), data }),
    close: () => bus.close(),
  };
}
