import { Injectable } from '@nestjs/common';
import {
  Transactions,
  containsPattern,
  deleteCompanyRow,
  readCompanyRow,
  insertCompanyRow,
  readCompanyPage,
  updateCompanyRow,
} from '@sb/platform/db';
import type { QuickMessageInput } from '@sb/contracts';
import type { EntityManager } from 'typeorm';

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
    return readCompanyPage(
      this.transactions,
      companyId,
      `SELECT * FROM quick_messages
       WHERE company_id = $1 AND (user_id = $2 OR geral) AND ($3 = '' OR shortcode ILIKE $4 OR message ILIKE $4)
       ORDER BY shortcode ASC, id ASC`,
      [companyId, userId, search, containsPattern(search)],
      { offset, limit },
    );
  }

  /** What the composer offers: active ones of the user plus general ones. */
  composerList(companyId: number, userId: number): Promise<QuickMessageRow[]> {
    return this.transactions.query(
      companyId,
      `SELECT * FROM quick_messages
       WHERE company_id = $1 AND status AND (user_id = $2 OR geral) ORDER BY shortcode ASC, id ASC`,
      [companyId, userId],
    );
  }

  find(
    companyId: number,
    id: number,
    within?: EntityManager,
  ): Promise<QuickMessageRow | undefined> {
    return readCompanyRow(this.transactions, 'quick_messages', companyId, id, within);
  }

  insert(
    companyId: number,
    userId: number,
    input: QuickMessageInput,
    manager: EntityManager,
  ): Promise<number> {
    return insertCompanyRow(manager, 'quick_messages', companyId, {
      user_id: userId,
      ...columns(input),
    });
  }

  update(
    companyId: number,
    id: number,
    input: QuickMessageInput,
    manager: EntityManager,
  ): Promise<void> {
    return updateCompanyRow(manager, 'quick_messages', companyId, id, columns(input));
  }

  setMedia(
    companyId: number,
    id: number,
    media: { path: string | null; name: string | null },
    manager: EntityManager,
  ): Promise<void> {
    return updateCompanyRow(manager, 'quick_messages', companyId, id, {
      media_path: media.path,
      media_name: media.name,
    });
  }

  async delete(companyId: number, id: number, manager: EntityManager): Promise<void> {
    await deleteCompanyRow(manager, 'quick_messages', companyId, id);
  }
}

const columns = (input: QuickMessageInput) => ({
  shortcode: input.shortcode,
  message: input.message,
  geral: input.geral,
  status: input.status,
});
