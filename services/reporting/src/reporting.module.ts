import { Module } from '@nestjs/common';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { ProjectionModule } from './projection/projection.module.js';

/** The reporting service: projections of the event stream and the dashboard calls over them. */
@Module({ imports: [ProjectionModule, DashboardModule] })
export class ReportingModule {}
