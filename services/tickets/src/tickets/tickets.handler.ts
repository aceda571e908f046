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
import { TicketsService } from './tickets.service.js';

const S = Subjects.tickets;

@Injectable()
export class TicketsHandler {
  constructor(private readonly tickets: TicketsService) {}

  @BusHandler(S.ticketList)
  list(data: unknown, ctx: CallContext): Promise<TicketsPage> {
    return this.tickets.list(ctx, data);
  }

  @BusHandler(S.ticketGet)
  get(data: unknown, ctx: CallContext): Promise<TicketRecord> {
    return this.tickets.get(ctx, data);
  }

  @BusHandler(S.ticketGetByUuid)
  getByUuid(data: unknown, ctx: CallContext): Promise<TicketRecord> {
    return this.tickets.getByUuid(ctx, data);
  }

  @BusHandler(S.ticketCreate)
  create(data: unknown, ctx: CallContext): Promise<TicketRecord> {
    return this.tickets.create(ctx, data);
  }

  @BusHandler(S.ticketUpdate)
  update(data: unknown, ctx: CallContext): Promise<TicketRecord> {
    return this.tickets.update(ctx, data);
  }

  @BusHandler(S.ticketDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.tickets.remove(ctx, data);
  }

  @BusHandler(S.ticketCloseAll)
  closeAll(data: unknown, ctx: CallContext): Promise<{ count: number }> {
    return this.tickets.closeAll(ctx, data);
  }

  @BusHandler(S.ticketCloseImported)
  closeImported(data: unknown, ctx: CallContext): Promise<CloseImportedTicketsReply> {
    return this.tickets.closeImported(ctx, data);
  }

  @BusHandler(S.ticketCanAccess)
  canAccess(data: unknown, ctx: CallContext): Promise<TicketAccessReply> {
    return this.tickets.canAccess(ctx, data);
  }

  @BusHandler(S.ticketLogList)
  logs(data: unknown, ctx: CallContext): Promise<TicketLogRecord[]> {
    return this.tickets.logs(ctx, data);
  }
}
