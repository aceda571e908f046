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

/** A contact a campaign to a tag sends to: a phone number's WhatsApp contact, not blocked. */
export type TagAudienceContact = { number: string; name: string; email: string };
/**
 * `tickets.tag.audience` (the campaigns service, spec 3 §1 "contact list or tags"): the tag and its
 * contacts reachable by number; `countOnly` leaves the contacts out. Another company's tag is
 * ERR_NO_TAG_FOUND.
 */
export type TagAudienceRequest = { id: number; countOnly?: boolean };
export type TagAudienceReply = {
  tag: { id: number; name: string };
  count: number;
  contacts: TagAudienceContact[];
};
export type TagSyncReply = { contactId: number; tags: ContactTagRef[] };

/** evt.<cid>.tickets.tag.created|updated */
export type TagEventData = { tag: TagRecord };
/** evt.<cid>.tickets.tag.deleted */
export type TagDeletedEventData = { tagId: number };
