import { Injectable } from '@nestjs/common';
import { Subjects, type KanbanTickets, type TicketRecord } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { KanbanService } from './kanban.service.js';

const S = Subjects.tickets;

@Injectable()
export class KanbanHandler {
  constructor(private readonly kanban: KanbanService) {}

  @BusHandler(S.kanbanList)
  list(data: unknown, ctx: CallContext): Promise<KanbanTickets> {
    return this.kanban.list(ctx, data);
  }

  @BusHandler(S.ticketTagAdd)
  add(data: unknown, ctx: CallContext): Promise<TicketRecord> {
    return this.kanban.add(ctx, data);
  }

  @BusHandler(S.ticketTagsClear)
  clear(data: unknown, ctx: CallContext): Promise<TicketRecord> {
    return this.kanban.clear(ctx, data);
  }
}
