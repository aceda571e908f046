import { z } from 'zod';
import { ref, unowned } from '../refs/refs.js';
import { recordId } from '../http/record-ids.js';
import { listQuery } from '../http/list-query.js';

/**
 * Contact lists of the campaigns (spec 3 §2.5, §2.6, §3, §5, §7 "Contact lists"; BEHAVIOUR.md §6 "List
 * import"). A list holds items (name, number, email); each item says whether its number has a messaging
 * account (`isWhatsappValid`: null until the connectors service could tell).
 */

/** Rows per page of both lists (the reference pages by 20). */
export const ContactListPageSize = 20;
/** An imported sheet may hold at most this many rows; more is refused whole, before anything is stored. */
export const ContactListImportMaxRows = 100_000;
/** An imported sheet may weigh at most this much (100,000 rows of xlsx are about 3 MB). */
export const ContactListImportMaxBytes = 20 * 1024 * 1024;
/** Rows per bus request of an import (a NATS message stays far under its 1 MB limit). */
export const ContactListImportChunkRows = 5_000;

/** The form messages of spec 3 §5 (the web maps them to translation keys). */
export const ContactListMessages = {
  required: 'Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  invalidEmail: 'Invalid email',
  duplicate: 'Number already in the list',
} as const;

const text = (min: number, max: number) =>
  z
    .string({ error: ContactListMessages.required })
    .trim()
    // one message per field: an empty one is only "Required"
    .min(1, { error: ContactListMessages.required, abort: true })
    .min(min, { error: ContactListMessages.tooShort, abort: true })
    .max(max, ContactListMessages.tooLong);

/** POST /contact-lists and PUT /contact-lists/:id body: name 2 to 50 characters. */
export const ContactListInput = z.object({ name: text(2, 50) });
export type ContactListInput = z.infer<typeof ContactListInput>;

const positiveId = recordId.max(2_147_483_647);

/** GET /contact-lists query. */
export const ContactListsQuery = listQuery({}, { pageMax: 100_000 });
export type ContactListsQuery = z.infer<typeof ContactListsQuery>;
export type ContactListsParams = z.input<typeof ContactListsQuery>;

/** A number as stored: its digits (a leading + or the mask's spaces and dashes dropped). */
export const listItemDigits = (number: string): string => number.replace(/\D/g, '');

/**
 * POST /contact-list-items and PUT /contact-list-items/:id body (spec 3 §5): name 2-50, number 8-50
 * characters (stored as its digits, at least 8 of them), email optional but valid. `companyId` is sent by
 * the reference client; the item is always the caller's company's.
 */
export const ContactListItemInput = z.object({
  name: text(2, 50),
  number: text(8, 50)
    .regex(/^[\d\s()+.-]+$/, { error: ContactListMessages.tooShort, abort: true })
    .transform(listItemDigits)
    .pipe(z.string().min(8, ContactListMessages.tooShort).max(50, ContactListMessages.tooLong)),
  email: z
    .string()
    .trim()
    .max(255, ContactListMessages.tooLong)
    .pipe(z.union([z.literal(''), z.email(ContactListMessages.invalidEmail)]))
    .nullish()
    .transform((email) => email ?? ''),
  contactListId: ref('contactList', positiveId),
  companyId: unowned('ignored: the caller’s company is used', positiveId.optional()),
});
export type ContactListItemInput = z.infer<typeof ContactListItemInput>;
export type ContactListItemForm = z.input<typeof ContactListItemInput>;

/** GET /contact-list-items query: the items of one list. */
export const ContactListItemQuery = listQuery(
  {
    contactListId: ref('contactList', positiveId),
  },
  { pageMax: 100_000 },
);
export type ContactListItemQuery = z.infer<typeof ContactListItemQuery>;
export type ContactListItemParams = z.input<typeof ContactListItemQuery>;

export type ContactListRecord = {
  id: number;
  name: string;
  contactsCount: number;
  companyId: number;
  createdAt: string;
  updatedAt: string;
};
/** GET /contact-lists answer. */
export type ContactListsPage = { records: ContactListRecord[]; hasMore: boolean };
/** GET /contact-lists/list answer: every list of the company, for the campaign dialog. */
export type ContactListChoice = { id: number; name: string; contactsCount: number };

export type ContactListItemRecord = {
  id: number;
  name: string;
  number: string;
  email: string;
  /** null: not checked yet (no connected WhatsApp connection, or the check is still running) */
  isWhatsappValid: boolean | null;
  contactListId: number;
  companyId: number;
  createdAt: string;
  updatedAt: string;
};
/** GET /contact-list-items answer. */
export type ContactListItemsPage = { contacts: ContactListItemRecord[]; hasMore: boolean };

/** One row of an imported sheet, as read (the service validates it). */
export const ContactListImportRow = z.object({
  /** the row's number in the sheet (the header is row 1) */
  row: z.number().int().positive(),
  name: z.string().max(2_000),
  number: z.string().max(2_000),
  email: z.string().max(2_000),
});
export type ContactListImportRow = z.infer<typeof ContactListImportRow>;

/** `campaigns.contact-list.import`: one chunk of a sheet's rows into a list. */
export const ContactListImportRequest = z.object({
  id: ref('contactList', positiveId),
  rows: z.array(ContactListImportRow).max(ContactListImportChunkRows),
});
export type ContactListImportRequest = z.infer<typeof ContactListImportRequest>;

/** A refused row: its sheet row and, per field, why (the messages of spec 3 §5). */
export type ContactListImportFailure = { row: number; fields: Record<string, string[]> };

/**
 * POST /contact-lists/:id/upload answer: every readable row was added, updated (same number already in
 * the list: name and email replaced) or refused with its reason; nothing else is left out.
 */
export type ContactListImportReport = {
  total: number;
  added: number;
  updated: number;
  failed: ContactListImportFailure[];
};

/** Bus request data. */
export type ContactListIdRequest = { id: number };
export type ContactListUpdateRequest = ContactListInput & { id: number };
export type ContactListItemUpdateRequest = ContactListItemInput & { id: number };

/** evt.<cid>.campaigns.contact-list.created|updated */
export type ContactListEventData = { record: ContactListRecord };
/** evt.<cid>.campaigns.contact-list.deleted */
export type ContactListDeletedEventData = { id: number };
/** evt.<cid>.campaigns.contact-list-item.created|updated */
export type ContactListItemEventData = { record: ContactListItemRecord };
/** evt.<cid>.campaigns.contact-list-item.deleted */
export type ContactListItemDeletedEventData = { id: number; contactListId: number };
/** evt.<cid>.campaigns.contact-list-item.reloaded: many items changed at once (an import, a check pass) */
export type ContactListItemsReloadedEventData = { contactListId: number };

/** `company-<id>-ContactList` (spec 3 §7 real-time). */
export type ContactListSocketPayload =
  { action: 'create' | 'update'; record: ContactListRecord } | { action: 'delete'; id: number };
/** `company-<id>-ContactListItem`: `reload` after an import or a check pass of a list. */
export type ContactListItemSocketPayload =
  | { action: 'create' | 'update'; record: ContactListItemRecord }
  | { action: 'delete'; id: number; contactListId: number }
  | { action: 'reload'; contactListId: number };

/** The example sheet's header and a sample row (GET /contact-lists/example). */
export const ContactListExampleSheet = {
  header: ['nome', 'numero', 'email'],
  rows: [['João da Silva', '5511999999999', 'joao@example.com']],
} as const;
