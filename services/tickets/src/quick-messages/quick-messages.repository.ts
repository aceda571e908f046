import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import type { QuickMessageInput } from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { containsPattern } from '../contacts/contact-search.js';
import { findCompanyRow, pageOf } from '../records/company-rows.repository.js';

export type QuickMessageRow = {
  id: number;
  company_id: number;
  user_id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
  media_path: string | null;
  media_name: string | null;
  created_at: Date;
  updated_at: Date;
};

@Injectable()
export class QuickMessagesRepository {
  constructor(private readonly transactions: Transactions) {}

  /** A page of the messages `userId` may see: their own plus the company's general ones. */
  async page(
    companyId: number,
    userId: number,
    search: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: QuickMessageRow[]; hasMore: boolean }> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: QuickMessageRow[] = await manager.query(
        `SELECT * FROM quick_messages
       WHERE company_id = $1 AND (user_id = $2 OR geral) AND ($3 = '' OR shortcode ILIKE $4 OR message ILIKE $4)
       ORDER BY shortcode ASC, id ASC OFFSET $5 LIMIT $6`,
        [companyId, userId, search, containsPattern(search), offset, limit + 1],
      );
      return pageOf(rows, limit);
    });
  }

  /** What the composer offers: active ones of the user plus general ones. */
  composerList(companyId: number, userId: number): Promise<QuickMessageRow[]> {
    return this.transactions.read(companyId, (manager) =>
      manager.query(
        `SELECT * FROM quick_messages
       WHERE company_id = $1 AND status AND (user_id = $2 OR geral) ORDER BY shortcode ASC, id ASC`,
        [companyId, userId],
      ),
    );
  }

  async find(
    companyId: number,
    id: number,
    within?: EntityManager,
  ): Promise<QuickMessageRow | undefined> {
    return this.transactions.read(
      companyId,
      (manager) => findCompanyRow('quick_messages', companyId, id, manager),
      within,
    );
  }

  async insert(
    companyId: number,
    userId: number,
    input: QuickMessageInput,
    manager: EntityManager,
  ): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO quick_messages (company_id, user_id, shortcode, message, geral, status)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [companyId, userId, input.shortcode, input.message, input.geral, input.status],
    );
    return rows[0]!.id;
  }

  async update(
    companyId: number,
    id: number,
    input: QuickMessageInput,
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `UPDATE quick_messages SET shortcode = $3, message = $4, geral = $5, status = $6, updated_at = now()
       WHERE company_id = $1 AND id = $2`,
      [companyId, id, input.shortcode, input.message, input.geral, input.status],
    );
  }

  async setMedia(
    companyId: number,
    id: number,
    media: { path: string | null; name: string | null },
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `UPDATE quick_messages SET media_path = $3, media_name = $4, updated_at = now()
       WHERE company_id = $1 AND id = $2`,
      [companyId, id, media.path, media.name],
    );
  }

  async delete(companyId: number, id: number, manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM quick_messages WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
    ]);
  }
}
