import { storageOnFirstUse } from '@sb/storage';
import { startNestService, type RunningService, type ServiceRuntime } from '@sb/platform/nest';
import { createRequire } from 'node:module';
import { identityConfigFrom } from './identity-config.js';
import { identityEntities, IdentityModule } from './identity.module.js';
import { identityMigrations } from './migrations/index.js';
import { identityTenantPart } from './tenant/identity-tenant-part.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export { IdentityModule, identityEntities } from './identity.module.js';
export { identityConfigFrom, type IdentityConfig } from './identity-config.js';
export { isWithinWorkingHours } from './auth/working-hours.js';
// the tenant operation runner fences a company with it (and tests, through the running service's app)
export { TenantFence } from './tenant/tenant-fence.js';

/**
 * Boots identity: validates its environment (runtime.env, else process.env; JWT_SECRET is required),
 * runs its migrations, seeds company 1 and the super admin on first start, and answers its subjects.
 */
export const startIdentityService = async (runtime: ServiceRuntime): Promise<RunningService> => {
  const config = identityConfigFrom(runtime.env ?? process.env);
  return startNestService({
    name: 'identity',
    version,
    module: IdentityModule.forRoot(config),
    entities: identityEntities,
    migrations: identityMigrations,
    runtime,
    tenant: identityTenantPart,
    tenantStorage: storageOnFirstUse,
  });
};
