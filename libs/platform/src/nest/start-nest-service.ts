import type { HealthReply, ServiceName } from '@sb/contracts';
import {
  Global,
  Module,
  type DynamicModule,
  type INestApplicationContext,
  type Type,
} from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { DataSource, type EntitySchema, type MixedList } from 'typeorm';
import type { Bus, BusSubscription } from '../bus/bus.types.js';
import { createServiceDataSource } from '../db/service-data-source.js';
import { Transactions } from '../db/transactions.js';
import { AppError } from '../errors/app-error.js';
import { createLogger, type Logger } from '../logger/create-logger.js';
import { startOutboxRelay, type OutboxRelay } from '../outbox/outbox-relay.js';
import { watchDatabase } from '../ops/probes.js';
import { registerBusHandlers } from './bus-handler.explorer.js';
import { NestPinoLogger } from './nest-logger.js';
import type { RunningService, ServiceRuntime } from './service-runtime.js';
import { systemClock, type Clock } from '../clock/index.js';
import { BUS, CLOCK, ENV, LOGGER } from './tokens.js';
import { serveTenantErase, serveTenantUsage, type TenantPart } from '../tenant/tenant-part.js';
import { serveTenantTransfer, type PartStorage } from '../tenant/tenant-transfer.js';

export type NestServiceOptions = {
  /** the service name: its queue group, its schema, its health subject prefix */
  name: string;
  version: string;
  module: Type<unknown> | DynamicModule;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  runtime: ServiceRuntime;
  /** its part in tenant operations (`<name>.tenant.erase`, `<name>.tenant.usage`); test services without company data omit it */
  tenant?: TenantPart;
  /** where its part of a company's export or import is written and read (object storage) */
  tenantStorage?: (env: Record<string, string | undefined>) => PartStorage;
  /** runs once everything is up (seeding, consumers), before the service is returned */
  onStarted?: (started: StartedNestService) => Promise<void> | void;
};

export type StartedNestService = {
  app: INestApplicationContext;
  dataSource: DataSource;
  bus: Bus;
  logger: Logger;
};

export type RunningNestService = RunningService & StartedNestService;

@Global()
@Module({})
class PlatformProvidersModule {
  static register(values: {
    bus: Bus;
    logger: Logger;
    dataSource: DataSource;
    transactions: Transactions;
    env: Record<string, string | undefined>;
    clock: Clock;
  }): DynamicModule {
    return {
      module: PlatformProvidersModule,
      providers: [
        { provide: BUS, useValue: values.bus },
        { provide: LOGGER, useValue: values.logger },
        { provide: DataSource, useValue: values.dataSource },
        { provide: Transactions, useValue: values.transactions },
        { provide: ENV, useValue: values.env },
        { provide: CLOCK, useValue: values.clock },
      ],
      exports: [BUS, LOGGER, DataSource, Transactions, ENV, CLOCK],
    };
  }
}

@Module({})
class ServiceRootModule {}

/**
 * Boots a service: its DataSource (schema + migrations), a Nest application context with BUS,
 * LOGGER, DataSource, Transactions (with its tenant read pool) and ENV as global providers, every `@BusHandler` in the queue group named
 * after the service, the `<name>.health.check` answer and the outbox relay.
 */
export async function startNestService(options: NestServiceOptions): Promise<RunningNestService> {
  const { name, runtime } = options;
  const logger = runtime.logger ?? createLogger(name);
  const bus = runtime.bus;
  const dataSource = await createServiceDataSource({
    url: runtime.databaseUrl,
    schema: name,
    entities: options.entities,
    migrations: options.migrations,
    logger,
  });
  // its tenant read pool opens on the first read and closes with the service
  const transactions = new Transactions(dataSource);
  // this process's readiness includes this service's database (the ops server reports it)
  const unwatch = watchDatabase(name, () => transactions.dataSources());

  let app: INestApplicationContext | undefined;
  const subscriptions: BusSubscription[] = [];
  let relay: OutboxRelay | undefined;
  const close = async () => {
    unwatch();
    await Promise.allSettled(subscriptions.splice(0).map((s) => s.unsubscribe()));
    await relay?.stop();
    await app?.close();
    await transactions.close();
    if (dataSource.isInitialized) await dataSource.destroy();
  };

  try {
    app = await NestFactory.createApplicationContext(
      {
        module: ServiceRootModule,
        imports: [
          DiscoveryModule,
          PlatformProvidersModule.register({
            bus,
            logger,
            dataSource,
            transactions,
            env: runtime.env ?? process.env,
            clock: runtime.clock ?? systemClock,
          }),
          options.module,
        ],
      },
      { logger: new NestPinoLogger(logger), abortOnError: false },
    );
    await app.init();
    subscriptions.push(...(await registerBusHandlers(app, { bus, queue: name, logger })));
    subscriptions.push(
      await bus.handle<unknown, HealthReply>(
        `${name}.health.check`,
        async () => {
          try {
            await dataSource.query('SELECT 1');
          } catch {
            throw new AppError('ERR_SERVICE_UNAVAILABLE', {
              message: `${name} cannot reach its database.`,
            });
          }
          return { service: name as ServiceName, status: 'ok', version: options.version };
        },
        { queue: name },
      ),
    );
    if (options.tenant) {
      subscriptions.push(
        await serveTenantErase({
          service: name as ServiceName,
          bus,
          transactions,
          app,
          logger,
          part: options.tenant,
        }),
        await serveTenantUsage({
          service: name as ServiceName,
          bus,
          transactions,
          app,
          part: options.tenant,
        }),
      );
    }
    if (options.tenant && options.tenantStorage) {
      subscriptions.push(
        ...(await serveTenantTransfer({
          service: name as ServiceName,
          bus,
          transactions,
          app,
          logger,
          part: options.tenant,
          storage: options.tenantStorage(runtime.env ?? process.env),
        })),
      );
    }
    relay = await startOutboxRelay({ dataSource, bus, logger });
    const started = { app, dataSource, bus, logger };
    await options.onStarted?.(started);
    logger.info({ version: options.version }, `${name} service started`);
    return { name, ...started, close };
  } catch (err) {
    await close().catch((closeError: unknown) =>
      logger.error({ err: closeError }, 'cleanup after a failed start failed'),
    );
    throw err;
  }
}
