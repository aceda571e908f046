import { Injectable } from '@nestjs/common';
import { Subjects, type TicketNoteRecord } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { TicketNotesService } from './ticket-notes.service.js';

const S = Subjects.tickets;

@Injectable()
export class TicketNotesHandler {
  constructor(private readonly notes: TicketNotesService) {}

  @BusHandler(S.ticketNoteList)
  list(data: unknown, ctx: CallContext): Promise<TicketNoteRecord[]> {
    return this.notes.list(ctx, data);
  }

  @BusHandler(S.ticketNoteGet)
  get(data: unknown, ctx: CallContext): Promise<TicketNoteRecord> {
    return this.notes.get(ctx, data);
  }

  @BusHandler(S.ticketNoteCreate)
  create(data: unknown, ctx: CallContext): Promise<TicketNoteRecord> {
    return this.notes.create(ctx, data);
  }

  @BusHandler(S.ticketNoteDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.notes.remove(ctx, data);
  }
}
