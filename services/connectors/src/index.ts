import { storageOnFirstUse } from '@sb/storage';
import { startNestService, type RunningService, type ServiceRuntime } from '@sb/platform/nest';
import { createRequire } from 'node:module';
import { connectorsMigrations } from './migrations/index.js';
import { connectorsTenantPart } from './tenant/connectors-tenant-part.js';
import { connectorsEntities, ConnectorsModule } from './connectors.module.js';
import type { SocketFactory } from './baileys/baileys-socket.js';
import { WhatsappSocketFactoryModule } from './baileys/baileys.module.js';

/** Test seams: a fake Baileys socket factory (no WhatsApp is reachable from tests). */
export type ConnectorsServiceOptions = { whatsappSocketFactory?: SocketFactory };

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export { ConnectorsModule } from './connectors.module.js';

/** Boots the connectors service: its schema and migrations, its bus handlers and the health answer. */
export const startConnectorsService = (
  runtime: ServiceRuntime,
  options: ConnectorsServiceOptions = {},
): Promise<RunningService> =>
  startNestService({
    name: 'connectors',
    version,
    module: options.whatsappSocketFactory
      ? {
          module: ConnectorsModule,
          imports: [WhatsappSocketFactoryModule.use(options.whatsappSocketFactory)],
        }
      : ConnectorsModule,
    entities: connectorsEntities,
    migrations: connectorsMigrations,
    runtime,
    tenant: connectorsTenantPart,
    tenantStorage: storageOnFirstUse,
  });
