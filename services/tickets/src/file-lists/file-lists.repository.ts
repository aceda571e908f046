import { Injectable } from '@nestjs/common';
import {
  Transactions,
  containsPattern,
  deleteCompanyRow,
  readCompanyRow,
  insertCompanyRow,
  readCompanyPage,
  unlinkCompanyRows,
  updateCompanyRow,
} from '@sb/platform/db';
import type { EntityManager } from 'typeorm';

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
    return readCompanyPage(
      this.transactions,
      companyId,
      `SELECT * FROM file_lists
       WHERE company_id = $1 AND ($2 = '' OR name ILIKE $3)
       ORDER BY name ASC, id ASC`,
      [companyId, search, containsPattern(search)],
      { offset, limit },
    );
  }

  find(companyId: number, id: number, within?: EntityManager): Promise<FileListRow | undefined> {
    return readCompanyRow(this.transactions, 'file_lists', companyId, id, within);
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

  insert(
    companyId: number,
    userId: number,
    fields: { name: string; message: string },
    manager: EntityManager,
  ): Promise<number> {
    return insertCompanyRow(manager, 'file_lists', companyId, {
      user_id: userId,
      name: fields.name,
      message: fields.message,
    });
  }

  update(
    companyId: number,
    id: number,
    userId: number,
    fields: { name: string; message: string },
    manager: EntityManager,
  ): Promise<void> {
    return updateCompanyRow(manager, 'file_lists', companyId, id, {
      name: fields.name,
      message: fields.message,
      user_id: userId,
    });
  }

  async insertOption(
    companyId: number,
    fileListId: number,
    option: { name: string; position: number },
    manager: EntityManager,
  ): Promise<void> {
    await insertCompanyRow(manager, 'file_list_options', companyId, {
      file_list_id: fileListId,
      name: option.name,
      position: option.position,
    });
  }

  updateOption(
    companyId: number,
    optionId: number,
    option: { name: string; position: number },
    manager: EntityManager,
  ): Promise<void> {
    return updateCompanyRow(manager, 'file_list_options', companyId, optionId, {
      name: option.name,
      position: option.position,
    });
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

  setOptionFile(
    companyId: number,
    optionId: number,
    file: { path: string; mediaType: string },
    manager: EntityManager,
  ): Promise<void> {
    return updateCompanyRow(manager, 'file_list_options', companyId, optionId, {
      path: file.path,
      media_type: file.mediaType,
    });
  }

  touch(companyId: number, id: number, manager: EntityManager): Promise<void> {
    return updateCompanyRow(manager, 'file_lists', companyId, id, {});
  }

  /** Deletes a list with its options; the queues and chatbot options that pointed at it forget it. */
  async delete(companyId: number, id: number, manager: EntityManager): Promise<void> {
    await unlinkCompanyRows(manager, 'queues', 'file_list_id', companyId, id, true);
    await unlinkCompanyRows(manager, 'chatbots', 'opt_file_id', companyId, id, true);
    await deleteCompanyRow(manager, 'file_lists', companyId, id);
  }
}
