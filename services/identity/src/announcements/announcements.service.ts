import { Injectable } from '@nestjs/common';
import {
  AnnouncementInput,
  AnnouncementListQuery,
  AnnouncementPageSize,
  DomainEventTypes,
  type Announcement,
  type AnnouncementEventData,
  type AnnouncementIdRequest,
  type AnnouncementMediaReply,
  type AnnouncementMediaRequest,
  type AnnouncementPage,
  type AnnouncementUpdateRequest,
  IdParam,
  Subjects,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import { Outbox } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import { z } from 'zod';
import type { AnnouncementEntry } from './announcement.entity.js';
import { AnnouncementsRepository } from './announcements.repository.js';
import { ProfileImageUrls } from '../users/profile-image-urls.js';
import { requireSignedIn, requireSuper } from './platform-access.js';
import { BusHandler } from '@sb/platform/nest';

/** Platform-wide events carry company 0 (see eventSubject). */
const PlatformCompanyId = 0;

const MediaRequest = IdParam.extend({
  mediaPath: z.string().min(1).max(500),
  mediaName: z.string().trim().min(1).max(255),
});

const toAnnouncement = (row: AnnouncementEntry, mediaUrl: string | null): Announcement => ({
  id: row.id,
  title: row.title,
  text: row.text,
  priority: row.priority,
  status: row.status,
  mediaPath: row.mediaPath,
  mediaName: row.mediaName,
  mediaUrl,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

type EventType = (typeof DomainEventTypes.identity)[
  'announcementCreated' | 'announcementUpdated' | 'announcementDeleted'];

@Injectable()
export class AnnouncementsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly announcements: AnnouncementsRepository,
    private readonly mediaUrls: ProfileImageUrls,
  ) {}

  /** The reply shape, with a signed link to the image (an `<img>` cannot send a token). */
  private view(row: AnnouncementEntry): Announcement {
    return toAnnouncement(row, this.mediaUrls.url(row.mediaPath));
  }

  /** Everyone logged in reads the active ones; super users read all (the /announcements page). */
  @BusHandler(Subjects.identity.announcementList)
  async page(ctx: CallContext, query: unknown): Promise<AnnouncementPage> {
    requireSignedIn(ctx);
    const { searchParam, pageNumber } = parseInput(AnnouncementListQuery, query ?? {});
    const { rows, hasMore } = await this.announcements.page({
      search: searchParam,
      onlyActive: !ctx.super,
      offset: (pageNumber - 1) * AnnouncementPageSize,
      limit: AnnouncementPageSize,
    });
    return { records: rows.map((row) => this.view(row)), hasMore };
  }

  @BusHandler(Subjects.identity.announcementGet)
  async get(ctx: CallContext, request: AnnouncementIdRequest): Promise<Announcement> {
    requireSuper(ctx);
    const id = requestedId(request);
    const row = await this.announcements.findById(id);
    if (!row) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
    return this.view(row);
  }

  @BusHandler(Subjects.identity.announcementCreate)
  async create(ctx: CallContext, data: unknown): Promise<Announcement> {
    requireSuper(ctx);
    const input = parseInput(AnnouncementInput, data ?? {});
    return this.transactions.acrossCompanies(async (manager) => {
      const record = this.view(await this.announcements.create(manager, input));
      await this.emit(manager, DomainEventTypes.identity.announcementCreated, record);
      return record;
    });
  }

  @BusHandler(Subjects.identity.announcementUpdate)
  async update(ctx: CallContext, request: AnnouncementUpdateRequest): Promise<Announcement> {
    requireSuper(ctx);
    const id = requestedId(request);
    const input = parseInput(AnnouncementInput, request);
    return this.change(id, input).then(({ record }) => record);
  }

  @BusHandler(Subjects.identity.announcementDelete)
  async remove(ctx: CallContext, request: AnnouncementIdRequest): Promise<Announcement> {
    requireSuper(ctx);
    const id = requestedId(request);
    return this.transactions.acrossCompanies(async (manager) => {
      const row = await this.announcements.findById(id, manager);
      if (!row) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
      await this.announcements.delete(manager, id);
      const record = this.view(row);
      await this.emit(manager, DomainEventTypes.identity.announcementDeleted, record);
      return record;
    });
  }

  /** The gateway stored the image; the reply names the key it replaced so the gateway removes it. */
  @BusHandler(Subjects.identity.announcementMediaSet)
  async setMedia(
    ctx: CallContext,
    request: AnnouncementMediaRequest,
  ): Promise<AnnouncementMediaReply> {
    requireSuper(ctx);
    const { id, mediaPath, mediaName } = parseInput(MediaRequest, request ?? {});
    return this.change(id, { mediaPath, mediaName });
  }

  @BusHandler(Subjects.identity.announcementMediaClear)
  async clearMedia(
    ctx: CallContext,
    request: AnnouncementIdRequest,
  ): Promise<AnnouncementMediaReply> {
    requireSuper(ctx);
    const id = requestedId(request);
    return this.change(id, { mediaPath: null, mediaName: null });
  }

  private change(
    id: number,
    changes: Partial<AnnouncementInput> & { mediaPath?: string | null; mediaName?: string | null },
  ): Promise<AnnouncementMediaReply> {
    return this.transactions.acrossCompanies(async (manager) => {
      const before = await this.announcements.findById(id, manager);
      if (!before) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
      await this.announcements.update(manager, id, changes);
      const after = await this.announcements.findById(id, manager);
      if (!after) throw new AppError('ERR_NO_ANNOUNCEMENT_FOUND');
      const record = this.view(after);
      await this.emit(manager, DomainEventTypes.identity.announcementUpdated, record);
      return { record, previousMediaPath: before.mediaPath };
    });
  }

  private async emit(manager: EntityManager, type: EventType, record: Announcement) {
    const data: AnnouncementEventData = { record };
    await Outbox.add(manager, { companyId: PlatformCompanyId, ...type, data });
  }
}
