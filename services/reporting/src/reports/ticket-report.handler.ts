import { Injectable } from '@nestjs/common';
import { Subjects, type ServiceMetricsReply, type TicketReportPage } from '@sb/contracts';
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

  @BusHandler(Subjects.reporting.serviceMetrics)
  metrics(data: unknown, ctx: CallContext): Promise<ServiceMetricsReply> {
    return this.reports.metrics(ctx, data);
  }
}
