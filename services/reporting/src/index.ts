import { storageOnFirstUse } from '@sb/storage';
import { startNestService, type RunningService, type ServiceRuntime } from '@sb/platform/nest';
import { createRequire } from 'node:module';
import { reportingMigrations } from './migrations/index.js';
import { reportingTenantPart } from './tenant/reporting-tenant-part.js';
import { ReportingModule } from './reporting.module.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export { ReportingModule } from './reporting.module.js';

/** Boots the reporting service: its schema and migrations, its bus handlers and the health answer. */
export const startReportingService = (runtime: ServiceRuntime): Promise<RunningService> =>
  startNestService({
    name: 'reporting',
    version,
    module: ReportingModule,
    entities: [],
    migrations: reportingMigrations,
    runtime,
    tenant: reportingTenantPart,
    tenantStorage: storageOnFirstUse,
  });
