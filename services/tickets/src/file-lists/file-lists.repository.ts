import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import type { EntityManager } from 'typeorm';
import { containsPattern } from '../contacts/contact-search.js';
import { findCompanyRow, pageOf } from '../records/company-rows.repository.js';

export type FileListRow = {
  id: number;
  company_id: number;
  user_id: number;
  name: string;
  message: string;
  created_at: Date;
  updated_at: Date;
};

export type FileListOptionRow = {
  id: number;
  company_id: number;
  file_list_id: number;
  name: string;
  path: string | null;
  media_type: string | null;
  position: number;
};

/** All SQL of tickets.file_lists and tickets.file_list_options; every method is scoped by the company. */
@Injectable()
export class FileListsRepository {
  constructor(private readonly transactions: Transactions) {}

  async page(
    companyId: number,
    search: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: FileListRow[]; hasMore: boolean }> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: FileListRow[] = await manager.query(
        `SELECT * FROM file_lists
       WHERE company_id = $1 AND ($2 = '' OR name ILIKE $3)
       ORDER BY name ASC, id ASC OFFSET $4 LIMIT $5`,
        [companyId, search, containsPattern(search), offset, limit + 1],
      );
      return pageOf(rows, limit);
    });
  }

  async find(
    companyId: number,
    id: number,
    within?: EntityManager,
  ): Promise<FileListRow | undefined> {
    return this.transactions.read(
      companyId,
      (manager) => findCompanyRow('file_lists', companyId, id, manager),
      within,
    );
  }

  /** The options of some lists of the company, in their order. */
  options(
    companyId: number,
    fileListIds: number[],
    within?: EntityManager,
  ): Promise<FileListOptionRow[]> {
    return this.transactions.read(
      companyId,
      async (manager) => {
        if (fileListIds.length === 0) return Promise.resolve([]);
        return manager.query(
          `SELECT * FROM file_list_options WHERE company_id = $1 AND file_list_id = ANY($2::int[])
       ORDER BY file_list_id, position, id`,
          [companyId, fileListIds],
        );
      },
      within,
    );
  }

  async insert(
    companyId: number,
    userId: number,
    fields: { name: string; message: string },
    manager: EntityManager,
  ): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO file_lists (company_id, user_id, name, message) VALUES ($1, $2, $3, $4) RETURNING id`,
      [companyId, userId, fields.name, fields.message],
    );
    return rows[0]!.id;
  }

  async update(
    companyId: number,
    id: number,
    userId: number,
    fields: { name: string; message: string },
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `UPDATE file_lists SET name = $3, message = $4, user_id = $5, updated_at = now()
       WHERE company_id = $1 AND id = $2`,
      [companyId, id, fields.name, fields.message, userId],
    );
  }

  async insertOption(
    companyId: number,
    fileListId: number,
    option: { name: string; position: number },
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO file_list_options (company_id, file_list_id, name, position) VALUES ($1, $2, $3, $4)`,
      [companyId, fileListId, option.name, option.position],
    );
  }

  async updateOption(
    companyId: number,
    optionId: number,
    option: { name: string; position: number },
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `UPDATE file_list_options SET name = $3, position = $4, updated_at = now()
       WHERE company_id = $1 AND id = $2`,
      [companyId, optionId, option.name, option.position],
    );
  }

  async deleteOptions(
    companyId: number,
    optionIds: number[],
    manager: EntityManager,
  ): Promise<void> {
    if (optionIds.length === 0) return;
    await manager.query(
      'DELETE FROM file_list_options WHERE company_id = $1 AND id = ANY($2::int[])',
      [companyId, optionIds],
    );
  }

  async setOptionFile(
    companyId: number,
    optionId: number,
    file: { path: string; mediaType: string },
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `UPDATE file_list_options SET path = $3, media_type = $4, updated_at = now()
       WHERE company_id = $1 AND id = $2`,
      [companyId, optionId, file.path, file.mediaType],
    );
  }

  async touch(companyId: number, id: number, manager: EntityManager): Promise<void> {
    await manager.query(
      'UPDATE file_lists SET updated_at = now() WHERE company_id = $1 AND id = $2',
      [companyId, id],
    );
  }

  /** Deletes a list with its options; the queues and chatbot options that pointed at it forget it. */
  async delete(companyId: number, id: number, manager: EntityManager): Promise<void> {
    await manager.query(
      'UPDATE queues SET file_list_id = NULL, updated_at = now() WHERE company_id = $1 AND file_list_id = $2',
      [companyId, id],
    );
    await manager.query(
      'UPDATE chatbots SET opt_file_id = NULL, updated_at = now() WHERE company_id = $1 AND opt_file_id = $2',
      [companyId, id],
    );
    await manager.query('DELETE FROM file_lists WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
    ]);
  }
}
