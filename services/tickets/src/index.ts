import { storageOnFirstUse } from '@sb/storage';
import { startNestService, type RunningService, type ServiceRuntime } from '@sb/platform/nest';
import { createRequire } from 'node:module';
import { ticketsMigrations } from './migrations/index.js';
import { ticketsTenantPart } from './tenant/tickets-tenant-part.js';
import { ticketsEntities, TicketsModule } from './tickets.module.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export { TicketsModule } from './tickets.module.js';

/** Boots the tickets service: its schema and migrations, its bus handlers and the health answer. */
export const startTicketsService = (runtime: ServiceRuntime): Promise<RunningService> =>
  startNestService({
    name: 'tickets',
    version,
    module: TicketsModule,
    entities: ticketsEntities,
    migrations: ticketsMigrations,
    runtime,
    tenant: ticketsTenantPart,
    tenantStorage: storageOnFirstUse,
  });
