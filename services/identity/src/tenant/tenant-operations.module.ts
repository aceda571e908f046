import { Module } from '@nestjs/common';
import { TenantBundles } from './tenant-bundles.js';
import { CompanyFencesRepository } from './company-fences.repository.js';
import { TenantFence } from './tenant-fence.js';
import { TenantOperationsRepository } from './tenant-operations.repository.js';
import { TenantOperationsRunner } from './tenant-operations.runner.js';
import { TenantOperationsService } from './tenant-operations.service.js';

/** Tenant operations: identity owns companies, so it runs the operations over them. */
@Module({
  providers: [
    TenantOperationsRepository,
    TenantBundles,
    TenantOperationsRunner,
    TenantOperationsService,
    CompanyFencesRepository,
    TenantFence,
  ],
  exports: [TenantOperationsService, TenantOperationsRunner, TenantFence],
})
export class TenantOperationsModule {}
