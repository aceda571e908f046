import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type CloseImportedTicketsReply,
  type TicketAccessReply,
  type TicketLogRecord,
  type TicketRecord,
  type TicketsPage,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { AgentTicketCommands } from './agent-commands.service.js';
import { TicketQueries } from './ticket-queries.service.js';

const S = Subjects.tickets;

@Injectable()
export class TicketsHandler {
  constructor(
    private readonly queries: TicketQueries,
    private readonly commands: AgentTicketCommands,
  ) {}

  @BusHandler(S.ticketList)
  list(data: unknown, ctx: CallContext): Promise<TicketsPage> {
    return this.queries.list(ctx, data);
  }

  @BusHandler(S.ticketGet)
  get(data: unknown, ctx: CallContext): Promise<TicketRecord> {
    return this.queries.get(ctx, data);
  }

  @BusHandler(S.ticketGetByUuid)
  getByUuid(data: unknown, ctx: CallContext): Promise<TicketRecord> {
    return this.queries.getByUuid(ctx, data);
  }

  @BusHandler(S.ticketCreate)
  create(data: unknown, ctx: CallContext): Promise<TicketRecord> {
    return this.commands.create(ctx, data);
  }

  @BusHandler(S.ticketUpdate)
  update(data: unknown, ctx: CallContext): Promise<TicketRecord> {
    return this.commands.update(ctx, data);
  }

  @BusHandler(S.ticketDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.commands.remove(ctx, data);
  }

  @BusHandler(S.ticketCloseAll)
  closeAll(data: unknown, ctx: CallContext): Promise<{ count: number }> {
    return this.commands.closeAll(ctx, data);
  }

  @BusHandler(S.ticketCloseImported)
  closeImported(data: unknown, ctx: CallContext): Promise<CloseImportedTicketsReply> {
    return this.commands.closeImported(ctx, data);
  }

  @BusHandler(S.ticketCanAccess)
  canAccess(data: unknown, ctx: CallContext): Promise<TicketAccessReply> {
    return this.queries.canAccess(ctx, data);
  }

  @BusHandler(S.ticketLogList)
  logs(data: unknown, ctx: CallContext): Promise<TicketLogRecord[]> {
    return this.queries.logs(ctx, data);
  }
}
