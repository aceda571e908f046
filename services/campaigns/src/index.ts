import { storageOnFirstUse } from '@sb/storage';
import { startNestService, type RunningNestService, type ServiceRuntime } from '@sb/platform/nest';
import { createRequire } from 'node:module';
import { campaignsMigrations } from './migrations/index.js';
import { campaignsTenantPart } from './tenant/campaigns-tenant-part.js';
import { CampaignsModule } from './campaigns.module.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export { CampaignsModule } from './campaigns.module.js';
export { ScheduleSender } from './schedules/schedule-sender.js';
export { CampaignDispatcher } from './campaigns/campaign-dispatcher.js';

/** Boots the campaigns service: its schema and migrations, its bus handlers and the health answer. */
export const startCampaignsService = (runtime: ServiceRuntime): Promise<RunningNestService> =>
  startNestService({
    name: 'campaigns',
    version,
    module: CampaignsModule,
    entities: [],
    migrations: campaignsMigrations,
    runtime,
    tenant: campaignsTenantPart,
    tenantStorage: storageOnFirstUse,
  });
