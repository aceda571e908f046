import { setTimeout as sleep } from 'node:timers/promises';
import { createBus } from '@sb/platform/bus';
import { operatorContext } from '@sb/platform/context';
import { createLogger } from '@sb/platform/logger';
import {
  NoPlatformError,
  type OperatorTransport,
  type TransportChoice,
} from './operator-transport.js';

/**
 * Past the 5 s an export, import or erase waits before it answers, with room for a busy cluster; a
 * request lost with a dying identity is asked again after it.
 */
const RequestTimeoutMs = 15_000;

/**
 * How long a request is asked again while no identity answers it (a pod restarting: the operation
 * resumes there). Every operator request may be asked twice: an export, import or erase asked again
 * while one runs answers that one.
 */
export const PatienceMs = 5 * 60_000;
const AskAgainEveryMs = 1_000;

const unanswered = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ERR_SERVICE_UNAVAILABLE' || code === 'ERR_SERVICE_TIMEOUT';
};

/** `ask`, asked again while nothing answers it, for up to `patienceMs`. */
export async function askPatiently<T>(
  ask: () => Promise<T>,
  { patienceMs = PatienceMs, everyMs = AskAgainEveryMs } = {},
): Promise<T> {
  const giveUpAt = Date.now() + patienceMs;
  for (;;) {
    try {
      return await ask();
    } catch (err) {
      if (!unanswered(err) || Date.now() > giveUpAt) throw err;
      await sleep(everyMs);
    }
  }
}

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
    request: (subject, data) =>
      askPatiently(() => bus.request(subject, { ctx: operatorContext(), data })),
    close: () => bus.close(),
  };
}
