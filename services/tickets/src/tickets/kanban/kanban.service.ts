import { Injectable } from '@nestjs/common';
import {
  KanbanQuery,
  type KanbanTickets,
  type RequestContext,
  type TicketRecord,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { containsPattern, searchText } from '../../contacts/contact-search.js';
import { requireMember } from '../../contacts/contacts.service.js';
import { NumberVisibility } from '../../directories/number-visibility.js';
import type { Ticket } from '../../ticket-core/ticket.entity.js';
import { IdentityDirectory } from '../../directories/identity-directory.js';
import { ConditionBuilder, listQueues } from '../../ticket-core/ticket-rules.js';
import { TicketRecords } from '../../ticket-core/ticket-records.js';
import { TicketsRepository } from '../../ticket-core/tickets.repository.js';
import { TicketsService } from '../tickets.service.js';

/** Cards on one board at most (the board has no paging). */
export const KanbanMaxTickets = 500;

const TicketTagInput = z.object({
  ticketId: z.coerce.number().int().positive(),
  tagId: z.coerce.number().int().positive(),
});
const TicketIdInput = z.object({ ticketId: z.coerce.number().int().positive() });

/**
 * The kanban board (spec 3 §2.11): the active tickets of the caller's queues, each in the lane of its
 * kanban tag; a move clears the ticket's lanes and links the target lane's tag (spec 3 §4 Kanban move).
 */
@Injectable()
export class KanbanService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tickets: TicketsRepository,
    private readonly ticketsService: TicketsService,
    private readonly views: TicketRecords,
    private readonly identity: IdentityDirectory,
    private readonly visibility: NumberVisibility,
  ) {}

  async list(call: CallContext, query: unknown): Promise<KanbanTickets> {
    const ctx = requireMember(call);
    const filter = parseInput(KanbanQuery, query ?? {});
    const viewer = await this.identity.viewer(ctx);
    const where = new ConditionBuilder();
    where.add(`t.company_id = ${where.param(ctx.companyId)}`);
    where.add(`t.status IN ('pending', 'open')`);
    const queues = listQueues(viewer, filter.queueIds);
    if (queues !== null)
      where.add(
        `(t.queue_id = ANY(${where.param(queues)}::int[]) OR t.user_id = ${where.param(ctx.userId)})`,
      );
    if (filter.searchParam) {
      const pattern = where.param(containsPattern(searchText(filter.searchParam)));
      where.add(`(c.search_name LIKE ${pattern} OR c.number LIKE ${pattern})`);
    }
    const condition = where.build();
    const rows = (await this.dataSource.query(
      `SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id
        WHERE ${condition.sql} ORDER BY t.updated_at DESC, t.id DESC LIMIT ${KanbanMaxTickets}`,
      condition.params,
    )) as { id: number }[];
    const ids = rows.map((r) => r.id);
    const found = await this.tickets.findByIds(ctx.companyId, ids);
    const byId = new Map(found.map((row) => [row.id, row]));
    const ordered = ids.map((id) => byId.get(id)).filter((row): row is Ticket => !!row);
    return {
      tickets: await this.views.records(ctx, ordered, await this.visibility.masksFor(ctx)),
    };
  }

  /** PUT /ticket-tags/:ticketId/:tagId: links a kanban tag (the card's new lane). */
  async add(call: CallContext, request: unknown): Promise<TicketRecord> {
    const ctx = requireMember(call);
    const { ticketId, tagId } = parseInput(TicketTagInput, request ?? {});
    await this.ticketsService.visible(ctx, ticketId);
    const tags = (await this.dataSource.query(
      'SELECT id FROM tags WHERE company_id = $1 AND id = $2 AND kanban = 1',
      [ctx.companyId, tagId],
    )) as { id: number }[];
    if (!tags.length) throw new AppError('ERR_NO_TAG_FOUND');
    return this.change(ctx, ticketId, (manager) =>
      manager.query(
        `INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES ($1, $2, $3)
         ON CONFLICT (ticket_id, tag_id) DO NOTHING`,
        [ticketId, tagId, ctx.companyId],
      ),
    );
  }

  /** DELETE /ticket-tags/:ticketId: takes the card out of its lanes (back to the default lane). */
  async clear(call: CallContext, request: unknown): Promise<TicketRecord> {
    const ctx = requireMember(call);
    const { ticketId } = parseInput(TicketIdInput, request ?? {});
    await this.ticketsService.visible(ctx, ticketId);
    return this.change(ctx, ticketId, (manager) =>
      this.tickets.clearTicketTags(manager, ctx.companyId, ticketId),
    );
  }

  private async change(
    ctx: RequestContext,
    ticketId: number,
    write: (manager: import('typeorm').EntityManager) => Promise<unknown>,
  ): Promise<TicketRecord> {
    const hide = await this.visibility.of(ctx);
    return this.dataSource.transaction(async (manager) => {
      await write(manager);
      await this.tickets.update(manager, ctx.companyId, ticketId, {});
      return this.ticketsService.announce(ctx, manager, ticketId, hide);
    });
  }
}
