import { Injectable } from '@nestjs/common';
import {
  canSeeTicket,
  TicketListQuery,
  TicketsPageSize,
  type RequestContext,
  type TicketAccessReply,
  type TicketLogRecord,
  type TicketRecord,
  type TicketsPage,
  type TicketViewer,
  recordId,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireMember } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import { Transactions, containsPattern } from '@sb/platform/db';
import { z } from 'zod';
import { searchText } from '../contacts/contact-search.js';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { NumberVisibility } from '../directories/number-visibility.js';
import type { Ticket } from './core/ticket.entity.js';
import { listConditions, listsNewestPerContact } from './core/ticket-rules.js';
import { TicketRecords } from './core/ticket-records.js';
import { TicketsRepository } from './core/tickets.repository.js';
import { BusHandler } from '@sb/platform/nest';

const UuidInput = z.object({ uuid: z.string().uuid() });
const TicketIdInput = z.object({ ticketId: recordId });

/** What the caller may read of tickets: the list, one ticket, its timeline, whether it may watch it. */
@Injectable()
export class TicketQueries {
  constructor(
    private readonly transactions: Transactions,
    private readonly tickets: TicketsRepository,
    private readonly views: TicketRecords,
    private readonly identity: IdentityDirectory,
    private readonly visibility: NumberVisibility,
  ) {}

  /** GET /tickets: one page of 40 by updatedAt, newest first (BEHAVIOUR.md §5 List). */
  @BusHandler(Subjects.tickets.ticketList)
  async list(call: CallContext, query: unknown): Promise<TicketsPage> {
    const ctx = requireMember(call);
    const filter = parseInput(TicketListQuery, query ?? {});
    const viewer = await this.identity.viewer(ctx);
    const text = filter.searchParam ? searchText(filter.searchParam) : '';
    const digits = filter.searchParam?.replace(/\D/g, '') ?? '';
    const condition = listConditions(
      ctx.companyId,
      viewer,
      filter,
      text ? containsPattern(text) : null,
      digits.length >= 3 ? containsPattern(digits) : null,
    );
    const offset = (filter.pageNumber - 1) * TicketsPageSize;
    // a status tab reads its page, the rows' contacts, queues and tags and its count in one statement;
    // the closed and search tabs (newest ticket per contact) first pick their ids
    const [page, hide] = await Promise.all([
      listsNewestPerContact(filter)
        ? this.tickets
            .newestPage(ctx.companyId, condition, offset, TicketsPageSize)
            .then(async ({ ids, count }) => ({
              rows: await this.tickets.listRows(ctx.companyId, ids),
              count,
            }))
        : this.tickets.statusPage(ctx.companyId, condition, offset, TicketsPageSize),
      this.visibility.masksFor(ctx),
    ]);
    return {
      tickets: await this.views.listRecords(ctx, page.rows, hide),
      count: page.count,
      hasMore: page.count > offset + page.rows.length,
    };
  }

  /** GET /tickets/:id (writes an "access" log entry). */
  @BusHandler(Subjects.tickets.ticketGet)
  async get(call: CallContext, request: unknown): Promise<TicketRecord> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    return this.open(ctx, await this.tickets.findById(ctx.companyId, id));
  }

  /** GET /tickets/u/:uuid (writes an "access" log entry). */
  @BusHandler(Subjects.tickets.ticketGetByUuid)
  async getByUuid(call: CallContext, request: unknown): Promise<TicketRecord> {
    const ctx = requireMember(call);
    const { uuid } = parseInput(UuidInput, request ?? {});
    return this.open(ctx, await this.tickets.findByUuid(ctx.companyId, uuid));
  }

  /** `tickets.ticket.can-access`: may the caller watch this ticket (gateway joinChatBox)? */
  @BusHandler(Subjects.tickets.ticketCanAccess)
  async canAccess(call: CallContext, request: unknown): Promise<TicketAccessReply> {
    if (call.companyId <= 0 || call.userId <= 0) return { allowed: false };
    const ctx = call as RequestContext;
    const { ticketId } = parseInput(TicketIdInput, request ?? {});
    const row = await this.tickets.findById(ctx.companyId, ticketId);
    if (!row) return { allowed: false };
    return { allowed: canSeeTicket(await this.identity.viewer(ctx), row) };
  }

  /** The ticket row the caller may see, else ERR_NO_TICKET_FOUND (the same answer as another company's). */
  async visible(ctx: RequestContext, id: number, viewer?: TicketViewer): Promise<Ticket> {
    const row = await this.tickets.findById(ctx.companyId, id);
    if (!row || !canSeeTicket(viewer ?? (await this.identity.viewer(ctx)), row))
      throw new AppError('ERR_NO_TICKET_FOUND');
    return row;
  }

  /** GET /tickets-log/:ticketId: the timeline, oldest first. */
  @BusHandler(Subjects.tickets.ticketLogList)
  async logs(call: CallContext, request: unknown): Promise<TicketLogRecord[]> {
    const ctx = requireMember(call);
    const { ticketId } = parseInput(TicketIdInput, request ?? {});
    await this.visible(ctx, ticketId);
    const rows = await this.tickets.logs(ctx.companyId, ticketId);
    const unique = (values: (number | null)[]) => [
      ...new Set(values.filter((v): v is number => v !== null)),
    ];
    const [users, queues] = await Promise.all([
      this.identity.users(ctx),
      this.tickets.queues(ctx.companyId, unique(rows.map((r) => r.queueId))),
    ]);
    return rows.map((row) => {
      const queue = row.queueId !== null ? queues.get(row.queueId) : undefined;
      return {
        id: row.id,
        type: row.type,
        user:
          row.userId !== null ? { id: row.userId, name: users.get(row.userId)?.name ?? '' } : null,
        queue: queue ? { id: queue.id, name: queue.name } : null,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  private async open(ctx: RequestContext, row: Ticket | null): Promise<TicketRecord> {
    const viewer = await this.identity.viewer(ctx);
    if (!row || !canSeeTicket(viewer, row)) throw new AppError('ERR_NO_TICKET_FOUND');
    await this.transactions.inTenant(ctx.companyId, (manager) =>
      this.tickets.addLog(manager, ctx.companyId, row.id, 'access', ctx.userId, row.queueId),
    );
    return this.views.record(ctx, row, await this.visibility.masksFor(ctx));
  }
}
