import { createNatsBus } from '../bus/nats-bus.js';
import { loadConfig, serviceEnvSchema } from '../config/load-config.js';
import { createLogger, type Logger } from '../logger/create-logger.js';
import { startTracing } from '../tracing/otel-sdk.js';
import type { RunningService, ServiceRuntime } from './service-runtime.js';

let guardsInstalled = false;

/**
 * Logs what escaped every handler instead of dying: one failed request must not take the
 * service down for everybody else.
 */
export function installProcessGuards(logger: Logger) {
  if (guardsInstalled) return;
  guardsInstalled = true;
  process.on('unhandledRejection', (reason) =>
    logger.error({ err: reason }, 'unhandled promise rejection'),
  );
  process.on('uncaughtException', (err) => logger.error({ err }, 'uncaught exception'));
}

/**
 * The `main.ts` of a service run on its own: validated env (DATABASE_URL and NATS_URL), a NATS bus,
 * the service, and a graceful stop on SIGTERM/SIGINT.
 */
export async function runServiceMain(
  name: string,
  start: (runtime: ServiceRuntime) => Promise<RunningService>,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const logger = createLogger(name);
  installProcessGuards(logger);
  const tracing = await startTracing(name, { env, logger });
  let service: RunningService | undefined;
  let bus: ServiceRuntime['bus'] | undefined;
  try {
    const config = loadConfig(serviceEnvSchema, env);
    bus = await createNatsBus({
      url: config.NATS_URL,
      name,
      logger,
      namespace: config.NATS_NAMESPACE,
    });
    service = await start({ bus, databaseUrl: config.DATABASE_URL, logger, env });
  } catch (err) {
    logger.fatal({ err }, `${name} failed to start`);
    await bus?.close().catch(() => undefined);
    process.exitCode = 1;
    return;
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${name} stopping`);
    // a stuck dependency must not keep a stopping pod alive forever
    setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await service?.close();
      await bus?.close();
      await tracing.shutdown();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, `${name} did not stop cleanly`);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
