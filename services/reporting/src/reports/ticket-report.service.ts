import { Injectable } from '@nestjs/common';
import { TicketReportQuery, type ServiceMetricsReply, type TicketReportPage } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { parseInput } from '@sb/platform/errors';
import { dashboardViewer } from '../dashboard/dashboard-access.js';
import { CompanyZoneService } from '../time-zone/company-zone.service.js';
import { serviceMetricsOf } from './service-metrics.js';
import { reportRowOf, reportScope } from './ticket-report-rows.js';
import { TicketReportRepository } from './ticket-report.repository.js';

/**
 * The reports of spec 2 §2 (tickets, group tickets, duration, NPS answers) over the per-ticket facts,
 * for `dashboard:view` callers of the company; creation days in the company's report zone.
 */
@Injectable()
export class TicketReportService {
  constructor(
    private readonly repository: TicketReportRepository,
    private readonly zones: CompanyZoneService,
  ) {}

  async page(ctx: CallContext, data: unknown): Promise<TicketReportPage> {
    const { companyId, query, selection } = await this.selectionOf(ctx, data);
    const offset = (query.pageNumber - 1) * query.pageSize;
    const [rows, count] = await Promise.all([
      this.repository.page(companyId, selection, { offset, limit: query.pageSize }),
      this.repository.count(companyId, selection),
    ]);
    return {
      rows: rows.map(({ fact, userName }) => reportRowOf(fact, userName)),
      count,
      hasMore: offset + rows.length < count,
    };
  }

  /** First response, resolution and the first-response buckets of what the filters select. */
  async metrics(ctx: CallContext, data: unknown): Promise<ServiceMetricsReply> {
    const { companyId, selection } = await this.selectionOf(ctx, data);
    return serviceMetricsOf(await this.repository.metricSums(companyId, selection));
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
    };
    return { companyId, query, selection };
  }
}
