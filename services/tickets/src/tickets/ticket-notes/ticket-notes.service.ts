import { Injectable } from '@nestjs/common';
import {
  TicketNoteInput,
  TicketNoteListQuery,
  type RequestContext,
  type TicketNoteRecord,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireMember } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import type { TicketNote } from '../core/ticket.entity.js';
import { IdentityDirectory } from '../../directories/identity-directory.js';
import { TicketQueries } from '../ticket-queries.service.js';
import { TicketNotesRepository } from './ticket-notes.repository.js';
import { BusHandler } from '@sb/platform/nest';

/** Notes about a ticket's contact (contact drawer): list, add, read, delete (spec 1 §5, §7). */
@Injectable()
export class TicketNotesService {
  constructor(
    private readonly notes: TicketNotesRepository,
    private readonly tickets: TicketQueries,
    private readonly identity: IdentityDirectory,
  ) {}

  @BusHandler(Subjects.tickets.ticketNoteList)
  async list(call: CallContext, query: unknown): Promise<TicketNoteRecord[]> {
    const ctx = requireMember(call);
    const filter = parseInput(TicketNoteListQuery, query ?? {});
    if (!filter.ticketId && !filter.contactId)
      throw new AppError('ERR_VALIDATION', { fields: { ticketId: ['Required'] } });
    if (filter.ticketId) await this.tickets.visible(ctx, filter.ticketId);
    const rows = await this.notes.find(ctx.companyId, {
      where: {
        ...(filter.ticketId ? { ticketId: filter.ticketId } : {}),
        ...(filter.contactId ? { contactId: filter.contactId } : {}),
      },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: 500,
    });
    return this.records(ctx, rows);
  }

  @BusHandler(Subjects.tickets.ticketNoteGet)
  async get(call: CallContext, request: unknown): Promise<TicketNoteRecord> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    return (await this.records(ctx, [await this.found(ctx, id)]))[0]!;
  }

  @BusHandler(Subjects.tickets.ticketNoteCreate)
  async create(call: CallContext, data: unknown): Promise<TicketNoteRecord> {
    const ctx = requireMember(call);
    const input = parseInput(TicketNoteInput, data ?? {});
    const ticket = await this.tickets.visible(ctx, input.ticketId);
    if (ticket.contactId !== input.contactId)
      throw new AppError('ERR_VALIDATION', { fields: { contactId: ['Not the ticket contact'] } });
    const row = await this.notes.save(ctx.companyId, {
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: ctx.userId,
      note: input.note,
    });
    return (await this.records(ctx, [row]))[0]!;
  }

  /** Deletes a note: its author, or an admin. */
  @BusHandler(Subjects.tickets.ticketNoteDelete)
  async remove(call: CallContext, request: unknown): Promise<{ id: number }> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    const row = await this.found(ctx, id);
    if (row.userId !== ctx.userId && ctx.profile !== 'admin' && !ctx.super)
      throw new AppError('ERR_NO_PERMISSION');
    await this.notes.delete(ctx.companyId, { id });
    return { id };
  }

  private async found(ctx: RequestContext, id: number): Promise<TicketNote> {
    return this.notes.findOneOrFail(ctx.companyId, { id });
  }

  private async records(ctx: RequestContext, rows: TicketNote[]): Promise<TicketNoteRecord[]> {
    const users = rows.length ? await this.identity.users(ctx) : new Map();
    return rows.map((row) => ({
      id: row.id,
      note: row.note,
      ticketId: row.ticketId,
      contactId: row.contactId,
      user: {
        id: row.userId,
        name: (users.get(row.userId) as { name: string } | undefined)?.name ?? '',
      },
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
