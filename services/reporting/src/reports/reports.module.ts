import { Module } from '@nestjs/common';
import { ProjectionModule } from '../projection/projection.module.js';
import { TicketReportHandler } from './ticket-report.handler.js';
import { TicketReportRepository } from './ticket-report.repository.js';
import { TicketReportService } from './ticket-report.service.js';

/** The reports of spec 2 §2 Dashboard over the per-ticket facts. */
@Module({
  imports: [ProjectionModule],
  providers: [TicketReportRepository, TicketReportService, TicketReportHandler],
})
export class ReportsModule {}
