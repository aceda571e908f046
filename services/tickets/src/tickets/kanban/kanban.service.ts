import { Injectable } from '@nestjs/common';
import {
  KanbanQuery,
  type KanbanTickets,
  type RequestContext,
  type TicketRecord,
  recordId,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireMember } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { searchText } from '../../contacts/contact-search.js';
import { NumberVisibility } from '../../directories/number-visibility.js';
import type { Ticket } from '../core/ticket.entity.js';
import { IdentityDirectory } from '../../directories/identity-directory.js';
import { listQueues } from '../core/ticket-rules.js';
import { TicketRecords } from '../core/ticket-records.js';
import { TicketsRepository } from '../core/tickets.repository.js';
import { TicketQueries } from '../ticket-queries.service.js';
import { TicketWrites } from '../ticket-writes.js';
import { KanbanRepository } from './kanban.repository.js';
import { BusHandler } from '@sb/platform/nest';
import { containsPattern } from '@sb/platform/db';

/** Cards on one board at most (the board has no paging). */
export const KanbanMaxTickets = 500;

const TicketTagInput = z.object({
  ticketId: recordId,
  tagId: recordId,
});
const TicketIdInput = z.object({ ticketId: recordId });

/**
 * The kanban board (spec 3 §2.11): the active tickets of the caller's queues, each in the lane of its
 * kanban tag; a move clears the ticket's lanes and links the target lane's tag (spec 3 §4 Kanban move).
 */
@Injectable()
export class KanbanService {
  constructor(
    private readonly board: KanbanRepository,
    private readonly tickets: TicketsRepository,
    private readonly queries: TicketQueries,
    private readonly writes: TicketWrites,
    private readonly views: TicketRecords,
    private readonly identity: IdentityDirectory,
    private readonly visibility: NumberVisibility,
  ) {}

  @BusHandler(Subjects.tickets.kanbanList)
  async list(call: CallContext, query: unknown): Promise<KanbanTickets> {
    const ctx = requireMember(call);
    const filter = parseInput(KanbanQuery, query ?? {});
    const viewer = await this.identity.viewer(ctx);
    const ids = await this.board.boardTicketIds(ctx.companyId, {
      queueIds: listQueues(viewer, filter.queueIds),
      userId: ctx.userId,
      searchPattern: filter.searchParam ? containsPattern(searchText(filter.searchParam)) : null,
      limit: KanbanMaxTickets,
    });
    const found = await this.tickets.findByIds(ctx.companyId, ids);
    const byId = new Map(found.map((row) => [row.id, row]));
    const ordered = ids.map((id) => byId.get(id)).filter((row): row is Ticket => !!row);
    return {
      tickets: await this.views.records(ctx, ordered, await this.visibility.masksFor(ctx)),
    };
  }

  /** PUT /ticket-tags/:ticketId/:tagId: links a kanban tag (the card's new lane). */
  @BusHandler(Subjects.tickets.ticketTagAdd)
  async add(call: CallContext, request: unknown): Promise<TicketRecord> {
    const ctx = requireMember(call);
    const { ticketId, tagId } = parseInput(TicketTagInput, request ?? {});
    await this.queries.visible(ctx, ticketId);
    if (!(await this.board.hasLaneTag(ctx.companyId, tagId)))
      throw new AppError('ERR_NO_TAG_FOUND');
    return this.change(ctx, ticketId, (manager) =>
      this.board.linkTag(manager, ctx.companyId, ticketId, tagId),
    );
  }

  /** DELETE /ticket-tags/:ticketId: takes the card out of its lanes (back to the default lane). */
  @BusHandler(Subjects.tickets.ticketTagsClear)
  async clear(call: CallContext, request: unknown): Promise<TicketRecord> {
    const ctx = requireMember(call);
    const { ticketId } = parseInput(TicketIdInput, request ?? {});
    await this.queries.visible(ctx, ticketId);
    return this.change(ctx, ticketId, (manager) =>
      this.tickets.clearTicketTags(manager, ctx.companyId, ticketId),
    );
  }

  private async change(
    ctx: RequestContext,
    ticketId: number,
    write: (manager: EntityManager) => Promise<unknown>,
  ): Promise<TicketRecord> {
    const hide = await this.visibility.of(ctx);
    return this.board.move(ctx.companyId, async (manager) => {
      await write(manager);
      await this.tickets.update(manager, ctx.companyId, ticketId, {});
      return this.writes.announce(ctx, manager, ticketId, hide);
    });
  }
}
