import { Injectable } from '@nestjs/common';
import {
  TicketNoteInput,
  TicketNoteListQuery,
  type RequestContext,
  type TicketNoteRecord,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { requireMember } from '../../contacts/contacts.service.js';
import { TicketNote } from '../../ticket-core/ticket.entity.js';
import { IdentityDirectory } from '../../directories/identity-directory.js';
import { TicketsService } from '../tickets.service.js';

const IdInput = z.object({ id: z.coerce.number().int().positive() });

/** Notes about a ticket's contact (contact drawer): list, add, read, delete (spec 1 §5, §7). */
@Injectable()
export class TicketNotesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tickets: TicketsService,
    private readonly identity: IdentityDirectory,
  ) {}

  async list(call: CallContext, query: unknown): Promise<TicketNoteRecord[]> {
    const ctx = requireMember(call);
    const filter = parseInput(TicketNoteListQuery, query ?? {});
    if (!filter.ticketId && !filter.contactId)
      throw new AppError('ERR_VALIDATION', { fields: { ticketId: ['Required'] } });
    if (filter.ticketId) await this.tickets.visible(ctx, filter.ticketId);
    const where: Partial<TicketNote> = { companyId: ctx.companyId };
    if (filter.ticketId) where.ticketId = filter.ticketId;
    if (filter.contactId) where.contactId = filter.contactId;
    const rows = await this.dataSource
      .getRepository(TicketNote)
      .find({ where, order: { createdAt: 'DESC', id: 'DESC' }, take: 500 });
    return this.records(ctx, rows);
  }

  async get(call: CallContext, request: unknown): Promise<TicketNoteRecord> {
    const ctx = requireMember(call);
    const { id } = parseInput(IdInput, request ?? {});
    return (await this.records(ctx, [await this.found(ctx, id)]))[0]!;
  }

  async create(call: CallContext, data: unknown): Promise<TicketNoteRecord> {
    const ctx = requireMember(call);
    const input = parseInput(TicketNoteInput, data ?? {});
    const ticket = await this.tickets.visible(ctx, input.ticketId);
    if (ticket.contactId !== input.contactId)
      throw new AppError('ERR_VALIDATION', { fields: { contactId: ['Not the ticket contact'] } });
    const repo = this.dataSource.getRepository(TicketNote);
    const row = await repo.save(
      repo.create({
        companyId: ctx.companyId,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        userId: ctx.userId,
        note: input.note,
      }),
    );
    return (await this.records(ctx, [row]))[0]!;
  }

  /** Deletes a note: its author, or an admin. */
  async remove(call: CallContext, request: unknown): Promise<{ id: number }> {
    const ctx = requireMember(call);
    const { id } = parseInput(IdInput, request ?? {});
    const row = await this.found(ctx, id);
    if (row.userId !== ctx.userId && ctx.profile !== 'admin' && !ctx.super)
      throw new AppError('ERR_NO_PERMISSION');
    await this.dataSource.getRepository(TicketNote).delete({ companyId: ctx.companyId, id });
    return { id };
  }

  private async found(ctx: RequestContext, id: number): Promise<TicketNote> {
    const row = await this.dataSource
      .getRepository(TicketNote)
      .findOneBy({ companyId: ctx.companyId, id });
    if (!row) throw new AppError('ERR_NO_NOTE_FOUND');
    return row;
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
