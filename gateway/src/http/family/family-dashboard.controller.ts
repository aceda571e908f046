import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiRoutes,
  DashboardQuery,
  ReportMaxPageSize,
  Subjects,
  TicketReportQuery,
  TicketsChartQuery,
  type FamilyTicketReport,
  type NpsInfoRow,
  type QueueCountRow,
  type TicketReportRow,
  type TicketsDayReply,
  type UserInfoRow,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { RequirePermission } from '../../auth/auth.decorators.js';
import type { GatewayRequest } from '../../auth/gateway-request.js';
import { ServiceClient } from '../service-client.js';

const S = Subjects.reporting;

/** A filter the family's report grid sends as a JSON array (`[3]`): one id, or none. */
const single = (value: unknown): unknown => {
  if (typeof value !== 'string' || !value.startsWith('[')) return value;
  try {
    const list: unknown = JSON.parse(value);
    // more than one id stays a list, and the report's filter refuses it with the field named
    return Array.isArray(list) && list.length <= 1 ? list[0] : list;
  } catch {
    return value;
  }
};

const hoursMinutes = (minutes: number | null): string | null =>
  minutes === null
    ? null
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(Math.round(minutes % 60)).padStart(2, '0')}`;

const gridRow = (row: TicketReportRow): FamilyTicketReport['tickets'][number] => ({
  id: row.id,
  contactName: row.contactName,
  whatsappName: row.connectionName,
  userName: row.userName,
  queueName: row.queueName,
  status: row.status,
  createdAt: row.createdAt,
  closedAt: row.closedAt,
  supportTime: hoursMinutes(row.supportMinutes),
  NPS: row.rate,
  tags: row.tags,
});

/** A share of `total`, as a whole count (the percentages come rounded). */
const shareOf = (total: number, percent: number) => Math.round((total * percent) / 100);

/**
 * The dashboard cards and the report grid of the family's front ends, answered from the reporting
 * service's figures with the dashboard's guard (`dashboard:view`). Each takes the family's
 * `initialDate`/`finalDate` (the report grid: `dateFrom`/`dateTo`).
 */
@ApiTags('dashboard')
@ApiBearerAuth()
@Controller()
export class FamilyDashboardController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  /** The family's range as the dashboard's own query. */
  private dashboardFor(req: GatewayRequest, query: unknown) {
    const { from, to } = parseInput(TicketsChartQuery, query ?? {});
    return this.services.ask(
      req,
      S.dashboard,
      parseInput(DashboardQuery, { date_from: from, date_to: to }),
    );
  }

  @Get(ApiRoutes.family.totalAttendances)
  @RequirePermission('dashboard:view')
  @ApiOperation({ summary: 'Tickets per hour or day of the range (as /dashboard/ticketsDay)' })
  totalAttendances(@Req() req: GatewayRequest, @Query() query: unknown): Promise<TicketsDayReply> {
    return this.services.forward(req, S.ticketsDay, TicketsChartQuery, query);
  }

  @Get(ApiRoutes.family.closedAttendances)
  @RequirePermission('dashboard:view')
  @ApiOperation({ summary: 'How many tickets of the range were closed' })
  async closedAttendances(@Req() req: GatewayRequest, @Query() query: unknown): Promise<number> {
    return (await this.dashboardFor(req, query)).counters.supportFinished;
  }

  @Get(ApiRoutes.family.userInfo)
  @RequirePermission('dashboard:view')
  @ApiOperation({ summary: "Each attendant's tickets of the range, most first" })
  async userInfo(@Req() req: GatewayRequest, @Query() query: unknown): Promise<UserInfoRow[]> {
    const { attendants } = await this.dashboardFor(req, query);
    return attendants
      .filter((attendant) => attendant.tickets > 0)
      .map((attendant) => ({
        userId: attendant.id,
        name: attendant.name,
        quantidade: attendant.tickets,
      }))
      .sort((a, b) => b.quantidade - a.quantidade);
  }

  @Get(ApiRoutes.family.npsInfo)
  @RequirePermission('dashboard:view')
  @ApiOperation({
    summary: "The range's ratings: detractors (ruim), passives (media), promoters (boa)",
  })
  async npsInfo(@Req() req: GatewayRequest, @Query() query: unknown): Promise<NpsInfoRow[]> {
    const { counters } = await this.dashboardFor(req, query);
    const total = counters.withRating;
    return [
      {
        total_notas: total,
        ruim: shareOf(total, counters.npsDetractorsPerc),
        media: shareOf(total, counters.npsPassivePerc),
        boa: shareOf(total, counters.npsPromotersPerc),
      },
    ];
  }

  @Get(ApiRoutes.family.queues)
  @RequirePermission('dashboard:view')
  @ApiOperation({ summary: "Tickets per queue of the range (the SLA panel's queue rows)" })
  async queues(@Req() req: GatewayRequest, @Query() query: unknown): Promise<QueueCountRow[]> {
    const { from, to } = parseInput(TicketsChartQuery, query ?? {});
    const metrics = await this.services.ask(
      req,
      S.serviceMetrics,
      parseInput(TicketReportQuery, { dateFrom: from, dateTo: to }),
    );
    return metrics.sla.queues
      .filter((row) => row.tickets > 0)
      .map((row) => ({ quantidade: row.tickets, queue: { id: row.queueId, name: row.queueName } }));
  }

  @Get(ApiRoutes.family.ticketReport)
  @RequirePermission('dashboard:view')
  @ApiOperation({
    summary: 'The report grid: a page of tickets of the range (at most 1,000 a page)',
  })
  async ticketReport(
    @Req() req: GatewayRequest,
    @Query() query: Record<string, unknown>,
  ): Promise<FamilyTicketReport> {
    const pageSize = Number(query.pageSize ?? 10);
    const filter = parseInput(TicketReportQuery, {
      dateFrom: query.dateFrom,
      dateTo: query.dateTo,
      pageNumber: query.page ?? 1,
      // the grid's export asks for everything at once (9999999): it gets the largest page
      pageSize: Number.isFinite(pageSize) ? Math.min(pageSize, ReportMaxPageSize) : pageSize,
      userId: single(query.users),
      queueId: single(query.queueIds),
      whatsappId: single(query.whatsappId),
      tagId: single(query.tags),
      status: single(query.status),
    });
    const page = await this.services.ask(req, S.ticketReport, filter);
    return { tickets: page.rows.map(gridRow), totalTickets: page.count };
  }
}
