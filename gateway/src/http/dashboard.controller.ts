import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DashboardQuery,
  MessagesCountQuery,
  MomentsQuery,
  Subjects,
  TicketsChartQuery,
  type DashboardReply,
  type MessagesCountReply,
  type ReportTimeZoneReply,
  type TicketsDayReply,
  type TicketsUsersReply,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { RequirePermission } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import type { Response } from 'express';
import { ServiceClient } from './service-client.js';

const S = Subjects.reporting;

/**
 * Dashboard and Tempo Real (spec 2 §7 "Dashboard and moments"), answered by the reporting service from
 * its projections. The figures are admins' (`dashboard:view`); Tempo Real is everyone's, and a user gets
 * only their own tickets there. The company is the token's: a `companyId` in the query is ignored.
 */
@ApiTags('dashboard')
@ApiBearerAuth()
@Controller()
export class DashboardController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get('dashboard')
  @RequirePermission('dashboard:view')
  @ApiOperation({ summary: 'Counters and attendants of a period (days, or date_from and date_to)' })
  dashboard(@Req() req: GatewayRequest, @Query() query: unknown): Promise<DashboardReply> {
    return this.services.forward(req, S.dashboard, DashboardQuery, query);
  }

  @Get('dashboard/ticketsUsers')
  @RequirePermission('dashboard:view')
  @ApiOperation({ summary: 'Tickets per user between initialDate and finalDate (groups excluded)' })
  ticketsUsers(@Req() req: GatewayRequest, @Query() query: unknown): Promise<TicketsUsersReply> {
    return this.services.forward(req, S.ticketsUsers, TicketsChartQuery, query);
  }

  @Get('dashboard/ticketsDay')
  @RequirePermission('dashboard:view')
  @ApiOperation({
    summary: 'Tickets per hour (one day) or per day between initialDate and finalDate',
  })
  ticketsDay(@Req() req: GatewayRequest, @Query() query: unknown): Promise<TicketsDayReply> {
    return this.services.forward(req, S.ticketsDay, TicketsChartQuery, query);
  }

  @Get('dashboard/time-zone')
  @ApiOperation({ summary: "The zone the company's figures and Tempo Real's days are read in" })
  timeZone(@Req() req: GatewayRequest): Promise<ReportTimeZoneReply> {
    return this.services.ask(req, S.timeZone, {});
  }

  @Get('dashboard/moments')
  @ApiOperation({ summary: 'Tempo Real: tickets created in the range (users: their own)' })
  async moments(
    @Req() req: GatewayRequest,
    @Query() query: unknown,
    @Res() res: Response,
  ): Promise<void> {
    // up to 2,000 tickets (MomentsReply): sent as the service wrote them, not parsed and written again
    const tickets = await this.services.askJson(
      req,
      S.moments,
      parseInput(MomentsQuery, query ?? {}),
    );
    res.set('Content-Type', 'application/json; charset=utf-8').send(tickets);
  }

  @Get('messages-allMe')
  @RequirePermission('dashboard:view')
  @ApiOperation({ summary: 'Messages sent (fromMe) or received between dateStart and dateEnd' })
  messagesCount(@Req() req: GatewayRequest, @Query() query: unknown): Promise<MessagesCountReply> {
    return this.services.forward(req, S.messagesCount, MessagesCountQuery, query);
  }
}
