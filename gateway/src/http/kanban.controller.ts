import { Controller, Delete, Get, Inject, Param, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { KanbanQuery, Subjects, type TicketRecord, recordId } from '@sb/contracts';
import { RequirePlanFlag } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { ServiceClient } from './service-client.js';

const S = Subjects.tickets;
const ticketIdParam = z.object({ ticketId: recordId });
const ticketTagParams = z.object({
  ticketId: recordId,
  tagId: recordId,
});

/** The kanban board (spec 3 §2.11, §4 Kanban move, §7 "Tags and kanban"): plans with useKanban. */
@ApiTags('kanban')
@RequirePlanFlag('useKanban')
@ApiBearerAuth()
@Controller()
export class KanbanController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get('ticket/kanban')
  @ApiOperation({
    summary: "The active tickets of the caller's queues with their lanes: { tickets }",
  })
  list(@Req() req: GatewayRequest, @Query() query: unknown): Promise<{ tickets: TicketRecord[] }> {
    return this.services.forward(req, S.kanbanList, KanbanQuery, query);
  }

  @Put('ticket-tags/:ticketId/:tagId')
  @ApiOperation({ summary: "Puts the ticket in the kanban tag's lane" })
  add(
    @Req() req: GatewayRequest,
    @Param('ticketId') ticketId: string,
    @Param('tagId') tagId: string,
  ): Promise<TicketRecord> {
    return this.services.forward(req, S.ticketTagAdd, ticketTagParams, { ticketId, tagId });
  }

  @Delete('ticket-tags/:ticketId')
  @ApiOperation({ summary: 'Takes the ticket out of its kanban lanes' })
  clear(@Req() req: GatewayRequest, @Param('ticketId') ticketId: string): Promise<TicketRecord> {
    return this.services.forward(req, S.ticketTagsClear, ticketIdParam, { ticketId });
  }
}
