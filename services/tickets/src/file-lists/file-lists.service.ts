import { Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  FileListInput,
  FileListPageSize,
  FileListQuery,
  FileListMaxUploadFiles,
  type FileListDeletedEventData,
  type FileListEventData,
  type FileListPage,
  type FileListRecord,
  type FileListRemoved,
  type FileListSaved,
  recordId,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireAdmin } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import { z } from 'zod';
import { MediaUrls } from '../media/media-urls.js';
import { recordDeleted, recordSaved } from '../records/record-changes.js';
import {
  FileListsRepository,
  type FileListOptionRow,
  type FileListRow,
} from './file-lists.repository.js';
import { planOptions } from './option-replacement.js';
import { BusHandler } from '@sb/platform/nest';

const MediaRequest = z.object({
  id: recordId,
  files: z
    .array(
      z.object({
        optionId: recordId,
        path: z.string().min(1).max(500),
        mediaType: z.string().min(1).max(100),
      }),
    )
    .min(1)
    .max(FileListMaxUploadFiles),
});

/**
 * File lists (spec 3 §2.15): admin work (the admin section of the menu). A save replaces the option list;
 * the answers name the stored files that options left behind, for the gateway to remove.
 */
@Injectable()
export class FileListsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly lists: FileListsRepository,
    private readonly mediaUrls: MediaUrls,
  ) {}

  @BusHandler(Subjects.tickets.fileListPage)
  async page(ctx: CallContext, query: unknown): Promise<FileListPage> {
    requireAdmin(ctx);
    const { searchParam, pageNumber } = parseInput(FileListQuery, query ?? {});
    const { rows, hasMore } = await this.lists.page(
      ctx.companyId,
      searchParam,
      (pageNumber - 1) * FileListPageSize,
      FileListPageSize,
    );
    const options = await this.lists.options(
      ctx.companyId,
      rows.map((row) => row.id),
    );
    return { files: rows.map((row) => this.view(row, options)), hasMore };
  }

  @BusHandler(Subjects.tickets.fileListGet)
  async get(ctx: CallContext, request: unknown): Promise<FileListRecord> {
    requireAdmin(ctx);
    const id = requestedId(request);
    return this.load(ctx.companyId, id);
  }

  @BusHandler(Subjects.tickets.fileListCreate)
  async create(ctx: CallContext, data: unknown): Promise<FileListSaved> {
    requireAdmin(ctx);
    const input = parseInput(FileListInput, data ?? {});
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const id = await this.lists.insert(ctx.companyId, ctx.userId, input, manager);
      for (const [position, option] of input.options.entries()) {
        await this.lists.insertOption(ctx.companyId, id, { name: option.name, position }, manager);
      }
      const saved = await this.saved(manager, ctx, id, DomainEventTypes.tickets.fileListCreated);
      return { ...saved, removedPaths: [] };
    });
  }

  @BusHandler(Subjects.tickets.fileListUpdate)
  async update(ctx: CallContext, request: unknown): Promise<FileListSaved> {
    requireAdmin(ctx);
    const id = requestedId(request);
    const input = parseInput(FileListInput, request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.existing(ctx.companyId, id, manager);
      await this.lists.update(ctx.companyId, id, ctx.userId, input, manager);
      const existing = await this.lists.options(ctx.companyId, [id], manager);
      const plan = planOptions(existing, input.options);
      await this.lists.deleteOptions(ctx.companyId, plan.drop.ids, manager);
      for (const option of plan.keep) {
        await this.lists.updateOption(ctx.companyId, option.id, option, manager);
      }
      for (const option of plan.add) {
        await this.lists.insertOption(ctx.companyId, id, option, manager);
      }
      const saved = await this.saved(manager, ctx, id, DomainEventTypes.tickets.fileListUpdated);
      return { ...saved, removedPaths: plan.drop.paths };
    });
  }

  @BusHandler(Subjects.tickets.fileListDelete)
  async remove(ctx: CallContext, request: unknown): Promise<FileListRemoved> {
    requireAdmin(ctx);
    const id = requestedId(request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.existing(ctx.companyId, id, manager);
      const options = await this.lists.options(ctx.companyId, [id], manager);
      await this.lists.delete(ctx.companyId, id, manager);
      const data: FileListDeletedEventData = { fileListId: id };
      await recordDeleted(manager, ctx, { ...DomainEventTypes.tickets.fileListDeleted, data });
      return { id, removedPaths: options.flatMap((option) => (option.path ? [option.path] : [])) };
    });
  }

  /** The gateway stored the files; record each on its option (which must belong to this list). */
  @BusHandler(Subjects.tickets.fileListMediaSet)
  async setMedia(ctx: CallContext, request: unknown): Promise<FileListSaved> {
    requireAdmin(ctx);
    const { id, files } = parseInput(MediaRequest, request ?? {});
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.existing(ctx.companyId, id, manager);
      const options = new Map(
        (await this.lists.options(ctx.companyId, [id], manager)).map((o) => [o.id, o]),
      );
      const removedPaths: string[] = [];
      for (const file of files) {
        const option = options.get(file.optionId);
        if (!option) {
          throw new AppError('ERR_VALIDATION', {
            fields: { id: [`Option ${file.optionId} is not one of this list`] },
          });
        }
        if (option.path && option.path !== file.path) removedPaths.push(option.path);
        await this.lists.setOptionFile(ctx.companyId, option.id, file, manager);
        option.path = file.path;
      }
      await this.lists.touch(ctx.companyId, id, manager);
      const saved = await this.saved(manager, ctx, id, DomainEventTypes.tickets.fileListUpdated);
      return { ...saved, removedPaths };
    });
  }

  /** A list with its options, for the bot flow; undefined when the company has no such list. */
  async listWithOptions(
    companyId: number,
    fileListId: number,
  ): Promise<FileListRecord | undefined> {
    const row = await this.lists.find(companyId, fileListId);
    if (!row) return undefined;
    return this.view(row, await this.lists.options(companyId, [row.id]));
  }

  private async load(
    companyId: number,
    id: number,
    manager?: EntityManager,
  ): Promise<FileListRecord> {
    const row = await this.existing(companyId, id, manager);
    return this.view(row, await this.lists.options(companyId, [id], manager));
  }

  private async existing(
    companyId: number,
    id: number,
    manager?: EntityManager,
  ): Promise<FileListRow> {
    const row = await this.lists.find(companyId, id, manager);
    if (!row) throw new AppError('ERR_NO_FILE_LIST_FOUND');
    return row;
  }

  private view(row: FileListRow, options: FileListOptionRow[]): FileListRecord {
    return {
      id: row.id,
      name: row.name,
      message: row.message,
      userId: row.user_id,
      options: options
        .filter((option) => option.file_list_id === row.id)
        .map((option) => ({
          id: option.id,
          name: option.name,
          path: option.path,
          mediaType: option.media_type,
          url: this.mediaUrls.url(option.path),
        })),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  private async saved(
    manager: EntityManager,
    ctx: CallContext,
    id: number,
    type: (typeof DomainEventTypes.tickets)['fileListCreated' | 'fileListUpdated'],
  ): Promise<FileListRecord> {
    const fileList = await this.load(ctx.companyId, id, manager);
    const data: FileListEventData = { fileList };
    await recordSaved(manager, ctx, { ...type, data });
    return fileList;
  }
}
