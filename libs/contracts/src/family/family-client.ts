import { z } from 'zod';
import { optionalRecordId } from '../http/form-values.js';
import { ref, unowned } from '../refs/refs.js';
import type { MessageRecord } from '../tickets/ticket-records.js';
import { recordId } from '../http/record-ids.js';

/*
 * Calls of this product family's front ends that our own web app does not make (issue 19): their
 * inputs and the shapes their screens read. Each route answers from the same services and with the
 * same guards as our own route for the same data (docs/compatibility.md, "Clients of this product
 * family").
 */

/** `-1`, `''`, `0`, `null` or nothing: no parent (the family's "top level"). */
const optionalParent = z.preprocess((v) => (v === '-1' || v === -1 ? null : v), optionalRecordId);

/** GET /queue-options: a queue's options (no parentId, or -1), or the options under parentId. */
export const QueueOptionListQuery = z.object({
  queueId: ref('queue', recordId),
  parentId: ref('chatbot', optionalParent),
});

/** PUT /queue-options/:id body: the option's title and message (`option`, its place, is read only). */
export const QueueOptionUpdateInput = z.object({
  title: z.string().trim().min(4).max(100),
  message: z
    .string()
    .max(5000)
    .nullish()
    .transform((v) => v ?? ''),
  option: z.coerce.number().int().min(1).max(100).optional(),
});
export type QueueOptionUpdateInput = z.infer<typeof QueueOptionUpdateInput>;

/** POST /queue-options body: under a queue (`queueId`) or under another option (`parentId`). */
export const QueueOptionInput = QueueOptionUpdateInput.extend({
  queueId: ref('queue', optionalRecordId),
  parentId: ref('chatbot', optionalParent),
}).refine((v) => v.queueId !== null || v.parentId !== null, {
  message: 'queueId or parentId is required',
  path: ['queueId'],
});
export type QueueOptionInput = z.infer<typeof QueueOptionInput>;

/** A chatbot option as /queue-options answers it; `option` is its place among its siblings. */
export type QueueOptionRecord = {
  id: number;
  title: string;
  message: string;
  option: string;
  queueId: number | null;
  parentId: number | null;
  createdAt: string;
  updatedAt: string;
};

/** POST /forwardmessage: one message to each chosen contact (at most 20 at once). */
export const FamilyForwardInput = z.object({
  currentContacts: z
    .array(z.object({ id: ref('contact', recordId) }).passthrough())
    .min(1)
    .max(20),
  message: z.object({ id: ref('message', z.string().uuid()) }).passthrough(),
  signMessage: z.preprocess((v) => v ?? false, z.coerce.boolean()),
});

/** POST /react/messages: the emoji (`text`) and the message's id (`id`). */
export const FamilyReactionInput = z
  .object({
    text: z.string().trim().min(1).max(32),
    id: ref('message', z.string().uuid()),
  })
  .passthrough();

/** GET /messages/getmedia/:ticketId: the conversation's files, links and calls, newest first. */
export type TicketMediaReply = {
  media: MessageRecord[];
  documents: MessageRecord[];
  links: MessageRecord[];
  calls: MessageRecord[];
};
/** How many of a ticket's newest messages GET /messages/getmedia reads. */
export const TicketMediaMaxMessages = 1_000;

/** GET /dashboard/user-info: tickets closed per user in the range. */
export type UserInfoRow = { userId: number; name: string; quantidade: number };
/** GET /dashboard/nps-info: the range's ratings as the family's three bands. */
export type NpsInfoRow = { total_notas: number; ruim: number; media: number; boa: number };
/** GET /dashboard/queues: tickets per queue in the range (`null` queue: tickets without one). */
export type QueueCountRow = { quantidade: number; queue: { id: number; name: string } | null };

/** GET /ticket/reports answer (the family's report grid). */
export type FamilyTicketReportRow = {
  id: number;
  contactName: string;
  whatsappName: string | null;
  userName: string | null;
  queueName: string | null;
  status: string;
  createdAt: string;
  closedAt: string | null;
  /** accepted → closed, "HH:MM" */
  supportTime: string | null;
  NPS: number | null;
  tags: string[];
};
export type FamilyTicketReport = { tickets: FamilyTicketReportRow[]; totalTickets: number };

/** POST and PUT /invoices (super user): a charge of a company. */
export const InvoiceInput = z.object({
  // the super user names any company
  companyId: unowned('a company the super user charges', recordId),
  detail: z.string().trim().min(1).max(255),
  value: z.coerce.number().min(0).max(99_999_999),
  dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'Use YYYY-MM-DD'),
  status: z.enum(['open', 'paid', 'cancelled']).default('open'),
});
export type InvoiceInput = z.infer<typeof InvoiceInput>;
export const InvoiceUpdateInput = InvoiceInput.partial();
export type InvoiceUpdateInput = z.infer<typeof InvoiceUpdateInput>;
