import type { ChannelKind } from '../channels/channels.js';

export type ContactExtraInfo = { id: number; name: string; value: string };
export type ContactTagRef = { id: number; name: string; color: string };

/**
 * A contact as the API answers it (spec 1 §3, spec 2 §3). `number` is masked for profile user when the
 * company setting lgpdHideNumber is enabled (groups excepted).
 */
export type ContactRecord = {
  id: number;
  companyId: number;
  name: string;
  number: string;
  email: string;
  channel: ChannelKind;
  isGroup: boolean;
  active: boolean;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  lgpdAcceptedAt: string | null;
  urlPicture: string | null;
  extraInfo: ContactExtraInfo[];
  tags: ContactTagRef[];
  createdAt: string;
  updatedAt: string;
};

/** GET /contacts answer. */
export type ContactsPage = { contacts: ContactRecord[]; hasMore: boolean; count: number };
/** GET /contacts/list answer row (pickers). */
export type ContactPickerItem = { id: number; name: string; number: string; channel: ChannelKind };
/** GET /contacts/profile/:number answer. */
export type ContactProfile = { contactId: number; urlPicture: string | null };

/** Bus request data. */
export type ContactIdRequest = { id: number };
export type ContactProfileRequest = { number: string };
export type ContactTagsRequest = { contactId: number };
/** The import job as answered and as sent on `company-<id>-contactImport`. */
export type ContactImportJob = {
  id: number;
  total: number;
  done: number;
  /** rows that made a new contact */
  created: number;
  /** rows whose number was a contact already: its name, email and tags taken from the sheet */
  updated: number;
  /** rows skipped, each in failedRows with its reason */
  failed: number;
  failedRows: ContactImportFailure[];
  status: 'running' | 'finished';
};

/** A skipped row: its error code and, for a refused field, which one (name, number, email, tags). */
export type ContactImportFailure = { row: number; number: string; error: string; field?: string };

/** evt.<cid>.tickets.contact.created|updated */
export type ContactEventData = { contact: ContactRecord };
/** evt.<cid>.tickets.contact.deleted */
export type ContactDeletedEventData = { contactId: number };
/**
 * POST /contacts/:id/erase answer: what went with the contact (LGPD erasure), counts only.
 */
export type ContactErasure = {
  id: number;
  tickets: number;
  messages: number;
  notes: number;
  objects: number;
};
/**
 * evt.<cid>.tickets.contact.erased: the contact and its conversation are gone from tickets; campaigns
 * removes the rows of its number (`number`, digits only; '' for a group) and its scheduled messages,
 * reporting the contact's name from its projections. The event carries the number so campaigns can find
 * its rows, nothing else of the contact.
 */
export type ContactErasedEventData = { contactId: number; number: string; ticketIds: number[] };
/** evt.<cid>.tickets.contact-import.progress */
export type ContactImportEventData = { job: ContactImportJob };
