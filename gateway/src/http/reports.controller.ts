import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Subjects,
  TicketReportQuery,
  type ServiceMetricsReply,
  type TicketReportPage,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { RequirePermission } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { ServiceClient } from './service-client.js';

/**
 * The reports of spec 2 §2 Dashboard (tickets, group tickets, ticket duration, NPS answers), answered
 * by the reporting service from its per-ticket facts; guarded like the dashboard (`dashboard:view`).
 */
@ApiTags('reports')
@ApiBearerAuth()
@Controller()
export class ReportsController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get('reports/tickets')
  @RequirePermission('dashboard:view')
  @ApiOperation({
    summary: 'One page of a report (kind tickets, groups, duration or nps) with its filters',
  })
  tickets(@Req() req: GatewayRequest, @Query() query: unknown): Promise<TicketReportPage> {
    return this.services.ask(
      req,
      Subjects.reporting.ticketReport,
      parseInput(TicketReportQuery, query ?? {}),
    );
  }

  @Get('reports/metrics')
  @RequirePermission('dashboard:view')
  @ApiOperation({
    summary: 'First response, resolution (average, median) and first-response buckets of a report',
  })
  metrics(@Req() req: GatewayRequest, @Query() query: unknown): Promise<ServiceMetricsReply> {
    return this.services.ask(
      req,
      Subjects.reporting.serviceMetrics,
      parseInput(TicketReportQuery, query ?? {}),
    );
  }
}
