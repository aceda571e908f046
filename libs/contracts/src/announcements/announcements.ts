import { z } from 'zod';
import { listQuery } from '../http/list-query.js';

/** 1 high (red), 2 medium (orange), 3 low (grey); spec 3 §3. */
export const AnnouncementPriorities = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof AnnouncementPriorities)[number];
export const DefaultAnnouncementPriority: AnnouncementPriority = 3;

/** POST /announcements and PUT /announcements/:id body (spec 3 §5: title and text required). */
export const AnnouncementInput = z.object({
  title: z.string().trim().min(1).max(255),
  text: z.string().trim().min(1).max(5000),
  priority: z.coerce.number().int().min(1).max(3).default(DefaultAnnouncementPriority),
  status: z.boolean().default(true),
});
export type AnnouncementInput = z.infer<typeof AnnouncementInput>;
export type AnnouncementInputValues = z.input<typeof AnnouncementInput>;

/** A platform-wide announcement (every company sees the active ones). */
export type Announcement = {
  id: number;
  title: string;
  text: string;
  priority: number;
  status: boolean;
  /** storage key of the image (served through the gateway's media route), or null */
  mediaPath: string | null;
  /** the uploaded file's original name, or null */
  mediaName: string | null;
  /** a signed `/media/<key>?exp=&sig=` path of the image (relative to the API), or null */
  mediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
};

/** GET /announcements/ query. */
export const AnnouncementListQuery = listQuery({});
export type AnnouncementListQuery = z.infer<typeof AnnouncementListQuery>;

/** GET /announcements/ answer. */
export type AnnouncementPage = { records: Announcement[]; hasMore: boolean };

/** Page size of GET /announcements/. */
export const AnnouncementPageSize = 20;

/** Image types the announcement upload accepts (spec 3 §5: png, jpg, jpeg). */
export const AnnouncementMediaTypes = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
} as const;
export const AnnouncementMediaExtensions = ['.png', '.jpg', '.jpeg'] as const;

/** identity.announcement.update */
export type AnnouncementUpdateRequest = AnnouncementInput & { id: number };
/** identity.announcement.get / .delete / .media-clear */
export type AnnouncementIdRequest = { id: number };
/** identity.announcement.media-set: the gateway stored the file, identity records it. */
export type AnnouncementMediaRequest = { id: number; mediaPath: string; mediaName: string };
/** identity.announcement.media-set / media-clear answer: the record and the key it replaced. */
export type AnnouncementMediaReply = { record: Announcement; previousMediaPath: string | null };

/** evt.0.identity.announcement.created|updated|deleted */
export type AnnouncementEventData = { record: Announcement };

/** `company-announcement` socket payload. */
export type AnnouncementSocketPayload =
  | { action: 'create' | 'update'; record: Announcement }
  | { action: 'delete'; record: { id: number } };
