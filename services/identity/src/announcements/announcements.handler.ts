import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type Announcement,
  type AnnouncementIdRequest,
  type AnnouncementMediaReply,
  type AnnouncementMediaRequest,
  type AnnouncementPage,
  type AnnouncementUpdateRequest,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { AnnouncementsService } from './announcements.service.js';

@Injectable()
export class AnnouncementsHandler {
  constructor(private readonly announcements: AnnouncementsService) {}

  @BusHandler(Subjects.identity.announcementList)
  page(data: unknown, ctx: CallContext): Promise<AnnouncementPage> {
    return this.announcements.page(ctx, data);
  }

  @BusHandler(Subjects.identity.announcementGet)
  get(data: AnnouncementIdRequest, ctx: CallContext): Promise<Announcement> {
    return this.announcements.get(ctx, data);
  }

  @BusHandler(Subjects.identity.announcementCreate)
  create(data: unknown, ctx: CallContext): Promise<Announcement> {
    return this.announcements.create(ctx, data);
  }

  @BusHandler(Subjects.identity.announcementUpdate)
  update(data: AnnouncementUpdateRequest, ctx: CallContext): Promise<Announcement> {
    return this.announcements.update(ctx, data);
  }

  @BusHandler(Subjects.identity.announcementDelete)
  remove(data: AnnouncementIdRequest, ctx: CallContext): Promise<Announcement> {
    return this.announcements.remove(ctx, data);
  }

  @BusHandler(Subjects.identity.announcementMediaSet)
  setMedia(data: AnnouncementMediaRequest, ctx: CallContext): Promise<AnnouncementMediaReply> {
    return this.announcements.setMedia(ctx, data);
  }

  @BusHandler(Subjects.identity.announcementMediaClear)
  clearMedia(data: AnnouncementIdRequest, ctx: CallContext): Promise<AnnouncementMediaReply> {
    return this.announcements.clearMedia(ctx, data);
  }
}
