import { UsersModule } from '../users/users.module.js';
import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { PlansModule } from '../plans/plans.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { CompaniesModule } from './companies.module.js';
import { CompaniesHandler } from './companies.handler.js';
import { CompaniesService } from './companies.service.js';
import { CompanyRecordCounts } from './company-record-counts.js';

/** The super user's company administration (CompaniesModule stays the plain lookup others import). */
@Module({
  imports: [CompaniesModule, PlansModule, InvoicesModule, SessionsModule, UsersModule],
  providers: [CompaniesService, CompaniesHandler, CompanyRecordCounts],
})
export class CompaniesAdminModule {}
