import { startNestService, type RunningService, type ServiceRuntime } from '@sb/platform/nest';
import { createRequire } from 'node:module';
import { connectorsMigrations } from './migrations/index.js';
import { ConnectorsModule } from './connectors.module.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export { ConnectorsModule } from './connectors.module.js';

/** Boots the connectors service: its schema and migrations, its bus handlers and the health answer. */
export const startConnectorsService = (runtime: ServiceRuntime): Promise<RunningService> =>
  startNestService({
    name: 'connectors',
    version,
    module: ConnectorsModule,
    entities: [],
    migrations: connectorsMigrations,
    runtime,
  });
