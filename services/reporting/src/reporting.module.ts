import { Module } from '@nestjs/common';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { ProjectionModule } from './projection/projection.module.js';
import { ReportsModule } from './reports/reports.module.js';

/** The reporting service: projections of the event stream, the dashboard calls and reports over them. */
@Module({ imports: [ProjectionModule, DashboardModule, ReportsModule] })
export class ReportingModule {}
