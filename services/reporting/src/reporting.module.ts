import { Module } from '@nestjs/common';
import { ContactErasureModule } from './contact-erasure/contact-erasure.module.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { EventExportModule } from './event-export/event-export.module.js';
import { ProjectionModule } from './projection/projection.module.js';
import { ReportsModule } from './reports/reports.module.js';

/**
 * The reporting service: projections of the event stream, the dashboard calls and reports over them,
 * and the optional export of the stream to Kafka.
 */
@Module({
  imports: [
    ProjectionModule,
    DashboardModule,
    ReportsModule,
    EventExportModule,
    ContactErasureModule,
  ],
})
export class ReportingModule {}
