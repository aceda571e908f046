import { Module } from '@nestjs/common';
import { BusinessHoursModule } from '../business-hours/business-hours.module.js';
import { ProjectionModule } from '../projection/projection.module.js';
import { SlaModule } from '../sla/sla.module.js';
import { TicketReportRepository } from './ticket-report.repository.js';
import { TicketReportService } from './ticket-report.service.js';

/** The reports of spec 2 §2 Dashboard over the per-ticket facts, and their service metrics. */
@Module({
  imports: [ProjectionModule, BusinessHoursModule, SlaModule],
  providers: [TicketReportRepository, TicketReportService],
})
export class ReportsModule {}
