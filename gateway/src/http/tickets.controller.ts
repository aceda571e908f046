import {
  Body,
  Controller,
  Delete,
  Get,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { Response } from 'express';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  Subjects,
  TicketCloseAllInput,
  TicketCreateInput,
  TicketListQuery,
  TicketUpdateInput,
  type TicketLogRecord,
  type TicketRecord,
  IdParam,
  recordId,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { RequirePermission } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const S = Subjects.tickets;
const uuidParam = z.object({ uuid: z.string().uuid() });
const ticketIdParam = z.object({ ticketId: recordId });

/**
 * Tickets (spec 1 §7 "Tickets and messages"): every company user works tickets; the tickets service
 * applies the visibility rules (queues, allTicket, allowGroup). Close all and delete need their permission.
 */
@ApiTags('tickets')
@ApiBearerAuth()
@Controller()
export class TicketsController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get('tickets')
  @ApiOperation({ summary: 'A page of 40 tickets by updatedAt: { tickets, hasMore, count }' })
  async list(
    @Req() req: GatewayRequest,
    @Query() query: unknown,
    @Res() res: Response,
  ): Promise<void> {
    // the busiest read of the app: the page (TicketsPage) goes out as the service wrote it
    const page = await this.services.askJson(
      req,
      S.ticketList,
      parseInput(TicketListQuery, query ?? {}),
    );
    res.set('Content-Type', 'application/json; charset=utf-8').send(page);
  }

  @Get('tickets/u/:uuid')
  @ApiOperation({ summary: 'The ticket with this uuid (with its contact)' })
  byUuid(@Req() req: GatewayRequest, @Param('uuid') uuid: string): Promise<TicketRecord> {
    return this.services.forward(req, S.ticketGetByUuid, uuidParam, { uuid });
  }

  @Get('tickets/:id')
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<TicketRecord> {
    return this.services.forward(req, S.ticketGet, IdParam, { id });
  }

  @Post('tickets/closeAll')
  @RequirePermission('tickets-manager:closeAll')
  @ApiBody({ schema: openApiSchema(TicketCloseAllInput) })
  @ApiOperation({ summary: "Closes the chosen queues' pending and open tickets: { count }" })
  closeAll(@Req() req: GatewayRequest, @Body() body: unknown): Promise<{ count: number }> {
    return this.services.forward(req, S.ticketCloseAll, TicketCloseAllInput, body);
  }

  @Post('tickets')
  @ApiBody({ schema: openApiSchema(TicketCreateInput) })
  @ApiOperation({
    summary: 'Opens a ticket; 409 ERR_OTHER_OPEN_TICKET names the holder in details',
  })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<TicketRecord> {
    return this.services.forward(req, S.ticketCreate, TicketCreateInput, body);
  }

  @Put('tickets/:id')
  @ApiBody({ schema: openApiSchema(TicketUpdateInput) })
  @ApiOperation({
    summary:
      'Accept, transfer, return, close or reopen; a ticket held by someone else comes back unchanged',
  })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<TicketRecord> {
    return this.services.ask(req, S.ticketUpdate, {
      ...parseInput(TicketUpdateInput, body ?? {}),
      ...parseInput(IdParam, { id }),
    });
  }

  @Delete('tickets/:id')
  @RequirePermission('ticket-options:deleteTicket')
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, S.ticketDelete, IdParam, { id });
  }

  @Get('tickets-log/:ticketId')
  @ApiOperation({ summary: "The ticket's log, oldest first" })
  log(@Req() req: GatewayRequest, @Param('ticketId') ticketId: string): Promise<TicketLogRecord[]> {
    return this.services.forward(req, S.ticketLogList, ticketIdParam, { ticketId });
  }
}
