import { Injectable } from '@nestjs/common';
import { Subjects, type TicketReportPage } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { TicketReportService } from './ticket-report.service.js';

@Injectable()
export class TicketReportHandler {
  constructor(private readonly reports: TicketReportService) {}

  @BusHandler(Subjects.reporting.ticketReport)
  page(data: unknown, ctx: CallContext): Promise<TicketReportPage> {
    return this.reports.page(ctx, data);
  }
}
