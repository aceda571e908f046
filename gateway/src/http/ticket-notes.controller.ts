import { Body, Controller, Delete, Get, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import {
  Subjects,
  TicketNoteInput,
  TicketNoteListQuery,
  type TicketNoteRecord,
  IdParam,
} from '@sb/contracts';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const S = Subjects.tickets;

/** Ticket notes (spec 1 §7): list by ticket or contact, add, read, delete (author or admin). */
@ApiTags('ticket-notes')
@ApiBearerAuth()
@Controller('ticket-notes')
export class TicketNotesController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get('list')
  list(@Req() req: GatewayRequest, @Query() query: unknown): Promise<TicketNoteRecord[]> {
    return this.services.forward(req, S.ticketNoteList, TicketNoteListQuery, query);
  }

  @Post()
  @ApiBody({ schema: openApiSchema(TicketNoteInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<TicketNoteRecord> {
    return this.services.forward(req, S.ticketNoteCreate, TicketNoteInput, body);
  }

  @Get(':id')
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<TicketNoteRecord> {
    return this.services.forward(req, S.ticketNoteGet, IdParam, { id });
  }

  @Delete(':id')
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, S.ticketNoteDelete, IdParam, { id });
  }
}
