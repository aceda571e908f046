import { z } from 'zod';
import { createBus } from '@sb/platform/bus';
import { baseEnvSchema, loadConfig } from '@sb/platform/config';
import { createLogger } from '@sb/platform/logger';
import { notReadyWhile, startOpsServer, watchBus } from '@sb/platform/ops';
import { startTracing } from '@sb/platform/tracing';
import { gatewayEnvSchema, gatewayMainEnvSchema, webOriginsFrom } from './gateway.config.js';
import { startGateway } from './start-gateway.js';

// The gateway as its own process (docker-compose, k8s): NATS is required, every service runs elsewhere.
const logger = createLogger('gateway');
const mainEnvSchema = baseEnvSchema
  .extend(gatewayMainEnvSchema.shape)
  .extend(gatewayEnvSchema.shape)
  .extend({ NATS_URL: z.string().min(1, 'NATS_URL is required') });

try {
  const env = loadConfig(mainEnvSchema);
  // the ops port (METRICS_PORT): /metrics and the probes, never on the public port
  const starting = notReadyWhile('starting');
  const ops = await startOpsServer({ service: 'gateway', logger });
  const tracing = await startTracing('gateway', { logger });
  const bus = await createBus({
    natsUrl: env.NATS_URL,
    namespace: env.NATS_NAMESPACE,
    name: 'gateway',
    logger,
  });
  watchBus(bus);
  const gateway = await startGateway({
    bus,
    port: env.PORT,
    webOrigins: webOriginsFrom(env),
    logger,
  });
  starting();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    notReadyWhile('stopping');
    logger.info({ signal }, 'gateway stopping');
    // a stuck dependency must not keep a stopping pod alive forever (the HTTP drain takes 10 s at most)
    setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await gateway.close();
      await bus.close();
      await ops?.close();
      await tracing.shutdown();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'gateway stop failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // an unexpected rejection is logged, never a crash: the request it belonged to already got its answer
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
} catch (err) {
  logger.fatal({ err }, 'gateway failed to start');
  process.exit(1);
}
