import { Injectable } from '@nestjs/common';
import { tenantScope, Transactions } from '@sb/platform/db';
import { DataSource, type EntityManager } from 'typeorm';
import { ConditionBuilder } from '../core/ticket-rules.js';

/** What a board shows: its queues (null: every queue), and a search over contact names and numbers. */
export type BoardFilter = {
  queueIds: number[] | null;
  userId: number;
  searchPattern: string | null;
  limit: number;
};

/** The kanban board's SQL: its cards, its lanes' tags and a card's move (all of one company). */
@Injectable()
export class KanbanRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  /** Ids of the company's active tickets on the board, newest first. */
  async boardTicketIds(companyId: number, filter: BoardFilter): Promise<number[]> {
    return this.transactions.read(companyId, async (manager) => {
      const where = new ConditionBuilder();
      where.add(`t.company_id = ${where.param(companyId)}`);
      where.add(`t.status IN ('pending', 'open')`);
      if (filter.queueIds !== null)
        where.add(
          `(t.queue_id = ANY(${where.param(filter.queueIds)}::int[]) OR t.user_id = ${where.param(filter.userId)})`,
        );
      if (filter.searchPattern !== null) {
        const pattern = where.param(filter.searchPattern);
        where.add(`(c.search_name LIKE ${pattern} OR c.number LIKE ${pattern})`);
      }
      const limit = where.param(filter.limit);
      const condition = where.build();
      const rows = (await manager.query(
        `SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id
        WHERE ${condition.sql} ORDER BY t.updated_at DESC, t.id DESC
        LIMIT ${limit}`,
        condition.params,
      )) as { id: number }[];
      return rows.map((r) => r.id);
    });
  }

  /** Whether the company has this kanban (lane) tag. */
  async hasLaneTag(companyId: number, tagId: number): Promise<boolean> {
    return this.transactions.read(companyId, async (manager) => {
      const rows = (await manager.query(
        'SELECT 1 FROM tags WHERE company_id = $1 AND id = $2 AND kanban = 1',
        [companyId, tagId],
      )) as unknown[];
      return rows.length > 0;
    });
  }

  async linkTag(
    manager: EntityManager,
    companyId: number,
    ticketId: number,
    tagId: number,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES ($1, $2, $3)
       ON CONFLICT (ticket_id, tag_id) DO NOTHING`,
      [ticketId, tagId, companyId],
    );
  }

  /** A card's move runs in the company's row-level security scope (issue 16). */
  move<T>(companyId: number, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return tenantScope(this.dataSource, companyId, work);
  }
}
