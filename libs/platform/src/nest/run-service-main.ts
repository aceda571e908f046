import { createNatsBus } from '../bus/nats-bus.js';
import { loadConfig, serviceEnvSchema } from '../config/load-config.js';
import { createLogger, type Logger } from '../logger/create-logger.js';
import { startOpsServer, type RunningOpsServer } from '../ops/ops-server.js';
import { watchBus } from '../ops/probes.js';
import { notReadyWhile } from '../ops/readiness.js';
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

export type ServiceProcess = {
  /** the ops port, unless METRICS_PORT=off */
  ops?: RunningOpsServer;
  /** not ready from now on, then the service, the bus and the ops port closed in that order */
  stop(): Promise<void>;
};

/**
 * What a service's own process runs (runServiceMain without the signals, so tests boot it too):
 * validated env (DATABASE_URL and NATS_URL), the ops port (METRICS_PORT), a NATS bus watched by the
 * readiness probe, and the service. Not ready until the service has started.
 */
export async function startServiceProcess(
  name: string,
  start: (runtime: ServiceRuntime) => Promise<RunningService>,
  env: Record<string, string | undefined>,
  logger: Logger,
): Promise<ServiceProcess> {
  const config = loadConfig(serviceEnvSchema, env);
  // live from the start (migrations may take a while), ready once the service runs
  const starting = notReadyWhile('starting');
  // what is open so far, closed newest first when a later step fails or on stop
  const opened: (() => Promise<void> | void)[] = [];
  const closeOpened = async () => {
    let failure: unknown;
    for (const close of opened.splice(0).reverse()) {
      try {
        await close();
      } catch (err) {
        // the rest still closes; the first failure is the one reported
        failure ??= err;
      }
    }
    if (failure) throw failure;
  };
  try {
    const ops = await startOpsServer({ service: name, env, logger });
    if (ops) opened.push(() => ops.close());
    const bus = await createNatsBus({
      url: config.NATS_URL,
      name,
      logger,
      namespace: config.NATS_NAMESPACE,
    });
    opened.push(() => bus.close());
    opened.push(watchBus(bus));
    const service = await start({ bus, databaseUrl: config.DATABASE_URL, logger, env });
    opened.push(() => service.close());
    starting();
    return {
      ops,
      stop: async () => {
        const stopping = notReadyWhile('stopping');
        try {
          await closeOpened();
        } finally {
          stopping();
        }
      },
    };
  } catch (err) {
    await closeOpened().catch(() => undefined);
    starting();
    throw err;
  }
}

/**
 * The `main.ts` of a service run on its own (startServiceProcess), with a graceful stop on
 * SIGTERM/SIGINT.
 */
export async function runServiceMain(
  name: string,
  start: (runtime: ServiceRuntime) => Promise<RunningService>,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const logger = createLogger(name);
  installProcessGuards(logger);
  // first up, last down: spans of the shutdown are still exported
  const tracing = await startTracing(name, { env, logger });
  let running: ServiceProcess;
  try {
    running = await startServiceProcess(name, start, env, logger);
  } catch (err) {
    logger.fatal({ err }, `${name} failed to start`);
    await tracing.shutdown();
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
      await running.stop();
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
