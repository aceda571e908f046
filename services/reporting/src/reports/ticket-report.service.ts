import { Injectable } from '@nestjs/common';
import {
  TicketReportQuery,
  type ServiceMetricsReply,
  type TicketReportPage,
  Subjects,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { parseInput } from '@sb/platform/errors';
import { dashboardViewer } from '../dashboard/dashboard-access.js';
import { businessClocks } from '../business-hours/business-hours.js';
import { BusinessHoursService } from '../business-hours/business-hours.service.js';
import { SlaTargetsService } from '../sla/sla-targets.service.js';
import { CompanyZoneService } from '../time-zone/company-zone.service.js';
import { ServiceMetricsTally } from './service-metrics.js';
import { reportRowOf, reportScope } from './ticket-report-rows.js';
import { parseReportCursor, TicketReportRepository } from './ticket-report.repository.js';
import { BusHandler } from '@sb/platform/nest';

/** Tickets read per batch for the service metrics. */
const metricsBatch = 5_000;

/**
 * The reports of spec 2 §2 (tickets, group tickets, duration, NPS answers) over the per-ticket facts,
 * for `dashboard:view` callers of the company; creation days in the company's report zone.
 */
@Injectable()
export class TicketReportService {
  constructor(
    private readonly repository: TicketReportRepository,
    private readonly zones: CompanyZoneService,
    private readonly hours: BusinessHoursService,
    private readonly targets: SlaTargetsService,
  ) {}

  @BusHandler(Subjects.reporting.ticketReport)
  async page(ctx: CallContext, data: unknown): Promise<TicketReportPage> {
    const { companyId, query, selection } = await this.selectionOf(ctx, data);
    const after = query.after ? parseReportCursor(query.after) : undefined;
    const offset = after ? 0 : (query.pageNumber - 1) * query.pageSize;
    // one row more than the page tells whether another page follows
    const [read, count] = await Promise.all([
      this.repository.page(companyId, selection, { offset, limit: query.pageSize + 1, after }),
      this.repository.count(companyId, selection),
    ]);
    const rows = read.slice(0, query.pageSize);
    const hasMore = read.length > rows.length;
    return {
      rows: rows.map(({ fact, userName }) => reportRowOf(fact, userName)),
      count,
      hasMore,
      next: hasMore ? rows.at(-1)!.cursor : null,
    };
  }

  /**
   * The service metrics of what the filters select, on the wall clock and in business hours (each
   * ticket's hours, in the company's zone), with the SLA panel of the queues' targets.
   */
  @BusHandler(Subjects.reporting.serviceMetrics)
  async metrics(ctx: CallContext, data: unknown): Promise<ServiceMetricsReply> {
    const { companyId, query, selection } = await this.selectionOf(ctx, data);
    const [hours, targets] = await Promise.all([
      this.hours.hoursOf(companyId),
      this.targets.targetsOf(companyId),
    ]);
    const clockOf = businessClocks(hours, selection.timeZone);
    const tally = new ServiceMetricsTally(targets, Date.now(), hours.queueNames);
    await this.repository.eachMetricBatch(companyId, selection, metricsBatch, (tickets) => {
      for (const ticket of tickets) tally.add(ticket, clockOf(ticket.queueId));
    });
    return tally.reply(query.queueId);
  }

  private async selectionOf(ctx: CallContext, data: unknown) {
    const { companyId } = dashboardViewer(ctx);
    const query = parseInput(TicketReportQuery, data ?? {});
    const selection = {
      ...reportScope(query.kind),
      from: query.from,
      to: query.to,
      timeZone: await this.zones.zoneOf(companyId),
      queueId: query.queueId,
      userId: query.userId,
      whatsappId: query.whatsappId,
      tagId: query.tagId,
      status: query.status,
      npsClass: query.npsClass,
      groups: query.groups,
    };
    return { companyId, query, selection };
  }
}
