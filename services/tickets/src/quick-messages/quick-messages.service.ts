import { Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  givenFields,
  QuickMessageInput,
  QuickMessageUpdateInput,
  QuickMessageListQuery,
  QuickMessagePageSize,
  type QuickMessage,
  type QuickMessageDeletedEventData,
  type QuickMessageEventData,
  type QuickMessageListItem,
  type QuickMessagePage,
  type QuickMessageRemoved,
  recordId,
  Subjects,
} from '@sb/contracts';
import { type CallContext, isAdmin, requireMember } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import { z } from 'zod';
import { MediaUrls } from '../media/media-urls.js';
import { recordDeleted, recordSaved } from '../records/record-changes.js';
import { QuickMessagesRepository, type QuickMessageRow } from './quick-messages.repository.js';
import { BusHandler } from '@sb/platform/nest';

const MediaRequest = z.object({
  id: recordId,
  mediaPath: z.string().min(1).max(500),
  mediaName: z.string().trim().min(1).max(255),
});

/**
 * Quick messages (spec 3 §2.7, §4): everyone sees their own and the general ones; only admins mark one
 * general, and only admins change or delete a general one or another user's.
 */
@Injectable()
export class QuickMessagesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly messages: QuickMessagesRepository,
    private readonly mediaUrls: MediaUrls,
  ) {}

  @BusHandler(Subjects.tickets.quickMessagePage)
  async page(ctx: CallContext, query: unknown): Promise<QuickMessagePage> {
    requireMember(ctx);
    const { searchParam, pageNumber } = parseInput(QuickMessageListQuery, query ?? {});
    const { rows, hasMore } = await this.messages.page(
      ctx.companyId,
      ctx.userId,
      searchParam,
      (pageNumber - 1) * QuickMessagePageSize,
      QuickMessagePageSize,
    );
    return { records: rows.map((row) => this.view(row)), hasMore };
  }

  @BusHandler(Subjects.tickets.quickMessageList)
  async composerList(ctx: CallContext): Promise<QuickMessageListItem[]> {
    requireMember(ctx);
    const rows = await this.messages.composerList(ctx.companyId, ctx.userId);
    return rows.map((row) => ({
      id: row.id,
      shortcode: row.shortcode,
      message: row.message,
      mediaPath: row.media_path,
      mediaName: row.media_name,
      mediaUrl: this.mediaUrls.url(row.media_path),
    }));
  }

  @BusHandler(Subjects.tickets.quickMessageGet)
  async get(ctx: CallContext, request: unknown): Promise<QuickMessage> {
    requireMember(ctx);
    const id = requestedId(request);
    return this.view(await this.visible(ctx, id));
  }

  @BusHandler(Subjects.tickets.quickMessageCreate)
  async create(ctx: CallContext, data: unknown): Promise<QuickMessage> {
    requireMember(ctx);
    const input = parseInput(QuickMessageInput, data ?? {});
    if (input.geral && !isAdmin(ctx)) throw new AppError('ERR_NO_PERMISSION');
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const id = await this.messages.insert(ctx.companyId, ctx.userId, input, manager);
      return this.saved(manager, ctx, id, DomainEventTypes.tickets.quickMessageCreated);
    });
  }

  @BusHandler(Subjects.tickets.quickMessageUpdate)
  async update(ctx: CallContext, request: unknown): Promise<QuickMessage> {
    requireMember(ctx);
    const id = requestedId(request);
    // partial update: a field the body leaves out (geral, status…) keeps its stored value
    const changes = givenFields(parseInput(QuickMessageUpdateInput, request ?? {}), request);
    if (changes.geral && !isAdmin(ctx)) throw new AppError('ERR_NO_PERMISSION');
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.editable(ctx, id, manager);
      const input = parseInput(QuickMessageInput, {
        shortcode: row.shortcode,
        message: row.message,
        geral: row.geral,
        status: row.status,
        ...changes,
      });
      await this.messages.update(ctx.companyId, id, input, manager);
      return this.saved(manager, ctx, id, DomainEventTypes.tickets.quickMessageUpdated);
    });
  }

  @BusHandler(Subjects.tickets.quickMessageDelete)
  async remove(ctx: CallContext, request: unknown): Promise<QuickMessageRemoved> {
    requireMember(ctx);
    const id = requestedId(request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.editable(ctx, id, manager);
      await this.messages.delete(ctx.companyId, id, manager);
      const data: QuickMessageDeletedEventData = { id, userId: row.user_id, geral: row.geral };
      await recordDeleted(manager, ctx, { ...DomainEventTypes.tickets.quickMessageDeleted, data });
      return { id, mediaPath: row.media_path };
    });
  }

  /** The gateway checked the caller may edit (mediaCheck) and stored the file; record it. */
  @BusHandler(Subjects.tickets.quickMessageMediaSet)
  async setMedia(
    ctx: CallContext,
    request: unknown,
  ): Promise<QuickMessage & { previousMediaPath: string | null }> {
    requireMember(ctx);
    const { id, mediaPath, mediaName } = parseInput(MediaRequest, request ?? {});
    return this.replaceMedia(ctx, id, { path: mediaPath, name: mediaName });
  }

  @BusHandler(Subjects.tickets.quickMessageMediaDelete)
  async clearMedia(
    ctx: CallContext,
    request: unknown,
  ): Promise<QuickMessage & { previousMediaPath: string | null }> {
    requireMember(ctx);
    return this.replaceMedia(ctx, requestedId(request), { path: null, name: null });
  }

  /** Records the message's file (or none) and answers the one it replaced, for the gateway to remove. */
  private replaceMedia(
    ctx: CallContext,
    id: number,
    media: { path: string | null; name: string | null },
  ): Promise<QuickMessage & { previousMediaPath: string | null }> {
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.editable(ctx, id, manager);
      await this.messages.setMedia(ctx.companyId, id, media, manager);
      const saved = await this.saved(
        manager,
        ctx,
        id,
        DomainEventTypes.tickets.quickMessageUpdated,
      );
      return { ...saved, previousMediaPath: row.media_path };
    });
  }

  private view(row: QuickMessageRow): QuickMessage {
    return {
      id: row.id,
      shortcode: row.shortcode,
      message: row.message,
      geral: row.geral,
      status: row.status,
      userId: row.user_id,
      mediaPath: row.media_path,
      mediaName: row.media_name,
      isMedia: row.media_path !== null,
      mediaUrl: this.mediaUrls.url(row.media_path),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  /** Another user's personal message does not exist for the caller (404, like another company's). */
  private async visible(
    ctx: CallContext,
    id: number,
    manager?: EntityManager,
  ): Promise<QuickMessageRow> {
    const row = await this.messages.find(ctx.companyId, id, manager);
    if (!row || (!row.geral && row.user_id !== ctx.userId && !isAdmin(ctx))) {
      throw new AppError('ERR_NOT_FOUND');
    }
    return row;
  }

  private async editable(
    ctx: CallContext,
    id: number,
    manager: EntityManager,
  ): Promise<QuickMessageRow> {
    const row = await this.visible(ctx, id, manager);
    if (!isAdmin(ctx) && (row.geral || row.user_id !== ctx.userId)) {
      throw new AppError('ERR_NO_PERMISSION');
    }
    return row;
  }

  private async saved(
    manager: EntityManager,
    ctx: CallContext,
    id: number,
    type: (typeof DomainEventTypes.tickets)['quickMessageCreated' | 'quickMessageUpdated'],
  ): Promise<QuickMessage> {
    const row = await this.messages.find(ctx.companyId, id, manager);
    if (!row) throw new AppError('ERR_NOT_FOUND');
    const record = this.view(row);
    const data: QuickMessageEventData = { record };
    await recordSaved(manager, ctx, { ...type, data });
    return record;
  }
}
