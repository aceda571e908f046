import type { ContactTagRef } from '../contacts/contact-records.js';

/** A tag as the API answers it (spec 3 §3). ticketsCount counts ticket_tags links (kanban tags). */
export type TagRecord = {
  id: number;
  companyId: number;
  name: string;
  color: string;
  kanban: number;
  userId: number | null;
  contactsCount: number;
  ticketsCount: number;
  createdAt: string;
  updatedAt: string;
};

export type TagsPage = { tags: TagRecord[]; hasMore: boolean; count: number };
/** GET /contactTags/:contactId answer. */
export type ContactTagsReply = { tags: ContactTagRef[] };

export type TagIdRequest = { id: number };
export type TagSyncReply = { contactId: number; tags: ContactTagRef[] };

/** evt.<cid>.tickets.tag.created|updated */
export type TagEventData = { tag: TagRecord };
/** evt.<cid>.tickets.tag.deleted */
export type TagDeletedEventData = { tagId: number };
