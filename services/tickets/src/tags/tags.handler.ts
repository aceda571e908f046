import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type TagAudienceReply,
  type TagRecord,
  type TagsPage,
  type TagSyncReply,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { TagsService } from './tags.service.js';

const S = Subjects.tickets;

@Injectable()
export class TagsHandler {
  constructor(private readonly tags: TagsService) {}

  @BusHandler(S.tagList)
  page(data: unknown, ctx: CallContext): Promise<TagsPage> {
    return this.tags.page(ctx, data);
  }

  @BusHandler(S.tagPicker)
  picker(data: unknown, ctx: CallContext): Promise<TagRecord[]> {
    return this.tags.picker(ctx, data);
  }

  @BusHandler(S.tagKanban)
  kanban(_data: unknown, ctx: CallContext): Promise<TagRecord[]> {
    return this.tags.kanban(ctx);
  }

  @BusHandler(S.tagGet)
  get(data: unknown, ctx: CallContext): Promise<TagRecord> {
    return this.tags.get(ctx, data);
  }

  @BusHandler(S.tagCreate)
  create(data: unknown, ctx: CallContext): Promise<TagRecord> {
    return this.tags.create(ctx, data);
  }

  @BusHandler(S.tagUpdate)
  update(data: unknown, ctx: CallContext): Promise<TagRecord> {
    return this.tags.update(ctx, data);
  }

  @BusHandler(S.tagDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.tags.remove(ctx, data);
  }

  @BusHandler(S.tagAudience)
  audience(data: unknown, ctx: CallContext): Promise<TagAudienceReply> {
    return this.tags.audience(ctx, data);
  }

  @BusHandler(S.tagSync)
  sync(data: unknown, ctx: CallContext): Promise<TagSyncReply> {
    return this.tags.sync(ctx, data);
  }
}
