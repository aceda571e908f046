import { Body, Controller, Delete, Get, Inject, Param, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  SlaTargetInput,
  SlaTargetQueue,
  SlaTargetRequest,
  Subjects,
  TicketReportQuery,
  type ServiceMetricsReply,
  type SlaTarget,
  type SlaTargetsReply,
  type TicketReportPage,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { RequirePermission } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
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
    return this.services.forward(req, Subjects.reporting.ticketReport, TicketReportQuery, query);
  }

  @Get('reports/metrics')
  @RequirePermission('dashboard:view')
  @ApiOperation({
    summary:
      'First, next response and resolution (average, median), first-response buckets, on the wall ' +
      'clock and in business hours, and the SLA panel of a report',
  })
  metrics(@Req() req: GatewayRequest, @Query() query: unknown): Promise<ServiceMetricsReply> {
    return this.services.forward(req, Subjects.reporting.serviceMetrics, TicketReportQuery, query);
  }

  @Get('reports/sla-targets')
  @RequirePermission('dashboard:view')
  @ApiOperation({ summary: "The company's first-response target (minutes) per queue" })
  slaTargets(@Req() req: GatewayRequest): Promise<SlaTargetsReply> {
    return this.services.ask(req, Subjects.reporting.slaTargetList, {});
  }

  @Put('reports/sla-targets/:queueId')
  @RequirePermission('dashboard:view')
  @ApiOperation({ summary: "Sets a queue's first-response target in minutes (1 to 43200)" })
  @ApiBody({ schema: openApiSchema(SlaTargetInput) })
  setSlaTarget(
    @Req() req: GatewayRequest,
    @Param('queueId') queueId: string,
    @Body() body: unknown,
  ): Promise<SlaTarget> {
    return this.services.ask(
      req,
      Subjects.reporting.slaTargetSet,
      parseInput(SlaTargetRequest, { ...((body ?? {}) as object), queueId }),
    );
  }

  @Delete('reports/sla-targets/:queueId')
  @RequirePermission('dashboard:view')
  @ApiOperation({ summary: "Clears a queue's first-response target" })
  clearSlaTarget(
    @Req() req: GatewayRequest,
    @Param('queueId') queueId: string,
  ): Promise<SlaTargetQueue> {
    return this.services.forward(req, Subjects.reporting.slaTargetDelete, SlaTargetQueue, {
      queueId,
    });
  }
}
