import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type FileListPage,
  type FileListRecord,
  type FileListRemoved,
  type FileListSaved,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { FileListsService } from './file-lists.service.js';

@Injectable()
export class FileListsHandler {
  constructor(private readonly lists: FileListsService) {}

  @BusHandler(Subjects.tickets.fileListPage)
  page(data: unknown, ctx: CallContext): Promise<FileListPage> {
    return this.lists.page(ctx, data);
  }

  @BusHandler(Subjects.tickets.fileListGet)
  get(data: unknown, ctx: CallContext): Promise<FileListRecord> {
    return this.lists.get(ctx, data);
  }

  @BusHandler(Subjects.tickets.fileListCreate)
  create(data: unknown, ctx: CallContext): Promise<FileListSaved> {
    return this.lists.create(ctx, data);
  }

  @BusHandler(Subjects.tickets.fileListUpdate)
  update(data: unknown, ctx: CallContext): Promise<FileListSaved> {
    return this.lists.update(ctx, data);
  }

  @BusHandler(Subjects.tickets.fileListDelete)
  remove(data: unknown, ctx: CallContext): Promise<FileListRemoved> {
    return this.lists.remove(ctx, data);
  }

  @BusHandler(Subjects.tickets.fileListMediaSet)
  setMedia(data: unknown, ctx: CallContext): Promise<FileListSaved> {
    return this.lists.setMedia(ctx, data);
  }
}
