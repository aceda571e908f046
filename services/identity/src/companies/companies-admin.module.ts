import { UsersModule } from '../users/users.module.js';
import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { PlansModule } from '../plans/plans.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { TenantOperationsModule } from '../tenant/tenant-operations.module.js';
import { CompaniesModule } from './companies.module.js';
import { CompaniesService } from './companies.service.js';
import { CompanyRecordCounts } from './company-record-counts.js';
import { CompanyStorageReader } from './company-storage.js';
import { CompanyUsageMetrics } from './company-usage-metrics.js';

/** The super user's company administration (CompaniesModule stays the plain lookup others import). */
@Module({
  imports: [
    CompaniesModule,
    PlansModule,
    InvoicesModule,
    SessionsModule,
    UsersModule,
    TenantOperationsModule,
  ],
  providers: [CompaniesService, CompanyRecordCounts, CompanyStorageReader, CompanyUsageMetrics],
})
export class CompaniesAdminModule {}
