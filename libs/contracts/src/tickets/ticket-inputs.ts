import { z } from 'zod';
import { ref, unowned } from '../refs/refs.js';
import type { ChannelKind, StoredMedia } from '../channels/channels.js';
import type {
  ContactSummary,
  MessageRecord,
  TicketLogRecord,
  TicketNoteRecord,
  TicketRecord,
} from './ticket-records.js';
import { TicketStatuses, type TicketStatus } from './ticket-statuses.js';
import { optionalRecordId, queryDay } from '../http/form-values.js';
import { pageNumberField } from '../http/list-query.js';
import { recordId } from '../http/record-ids.js';

/** Tickets per page of GET /tickets (BEHAVIOUR.md §5 List) and messages per page of GET /messages. */
export const TicketsPageSize = 40;
export const MessagesPageSize = 20;

/** an id a form may clear (`''`, 0, false, null: none); left out stays left out (no change) */
const noId = optionalRecordId;
/** A list filter only narrows the caller's own rows: an unknown id finds nothing, it is not refused. */
const filterOnly = "a filter of the caller's own list";

/** Query strings carry lists as JSON (`[1,2]`), as `1,2` or as one value; bodies as arrays. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    if (Array.isArray(value)) return value;
    if (typeof value === 'number') return [value];
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return value;
      }
    }
    return text.split(',').map((part) => part.trim());
  }, z.array(item).optional());

/** `true`/`false` as query text, a boolean, or 1/0. */
const flag = z.preprocess((value) => {
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0 || value === '') return false;
  return value;
}, z.boolean());

const day = queryDay;

const status = z.enum(TicketStatuses);

/** GET /tickets query (spec 1 §7). */
export const TicketListQuery = z.object({
  searchParam: z.string().trim().max(200).optional(),
  pageNumber: pageNumberField(),
  status: status.optional(),
  showAll: flag.optional(),
  queueIds: unowned(filterOnly, listOf(recordId)),
  tags: listOf(recordId),
  users: listOf(recordId),
  whatsapps: listOf(recordId),
  statusFilter: listOf(status),
  userFilter: listOf(recordId),
  date: day.optional(),
  updatedAt: day.optional(),
  withUnreadMessages: flag.optional(),
});
export type TicketListQuery = z.infer<typeof TicketListQuery>;

export type TicketsPage = { tickets: TicketRecord[]; hasMore: boolean; count: number };

/** POST /tickets body. */
export const TicketCreateInput = z.object({
  contactId: ref('contact', recordId),
  queueId: ref('queue', noId).optional(),
  whatsappId: ref('connection', noId).optional(),
  userId: ref('user', noId).optional(),
  status: status.default('open'),
});
export type TicketCreateInput = z.infer<typeof TicketCreateInput>;

/** PUT /tickets/:id body (spec 1 §7): the wanted status plus the assignment and close options. */
export const TicketUpdateInput = z.object({
  status: status.optional(),
  userId: ref('user', noId).optional(),
  queueId: ref('queue', noId).optional(),
  whatsappId: ref('connection', noId).optional(),
  promptId: ref('prompt', noId).optional(),
  sendFarewellMessage: flag.optional(),
  /**
   * The close dialog's rating choice: false closes without asking the customer for a rating even
   * with userRating on (absent: asked whenever userRating is on, as the family's front ends expect).
   */
  sendRating: flag.optional(),
  amountUsedBotQueues: z.coerce.number().int().min(0).optional(),
  useIntegration: flag.optional(),
});
export type TicketUpdateInput = z.infer<typeof TicketUpdateInput>;

/**
 * POST /tickets/closeAll body: which active tickets of the chosen queues are closed. `status` is the tab
 * being closed, as the family's front ends send it (`open` or `pending`); `closed` (ours, the default)
 * closes both. Those front ends name the queues `selectedQueueIds`.
 */
export const TicketCloseAllInput = z.preprocess(
  (body) => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
    const { selectedQueueIds, ...rest } = body as Record<string, unknown>;
    return rest.queueIds === undefined && selectedQueueIds !== undefined
      ? { ...rest, queueIds: selectedQueueIds }
      : rest;
  },
  z.object({
    status: z.enum(['closed', 'open', 'pending']).default('closed'),
    queueIds: unowned(filterOnly, listOf(recordId)).transform((ids) => ids ?? []),
  }),
);
export type TicketCloseAllInput = z.infer<typeof TicketCloseAllInput>;

/**
 * The holder named by ERR_OTHER_OPEN_TICKET (in the error's `details`), and what PUT /tickets/:id answers
 * when the ticket is already taken: the web app names its user and queue.
 */
export type TicketHolder = {
  id: number;
  uuid: string;
  status: TicketStatus;
  userId: number | null;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
};

/** GET /messages/:ticketId query. */
export const MessageListQuery = z.object({
  pageNumber: pageNumberField(),
  selectedQueues: listOf(recordId),
});
export type MessageListQuery = z.infer<typeof MessageListQuery>;

/** GET /messages/:ticketId answer: one page, oldest first inside the page, newest page first. */
export type MessagesPage = {
  messages: MessageRecord[];
  ticket: TicketRecord;
  count: number;
  hasMore: boolean;
};

/**
 * POST /messages/:ticketId/read answer: the ticket's unread count after marking it read (0, or the
 * count left when the ticket is not one a read applies to: the bot's, or pending with no user).
 */
export type MessagesRead = { ticketId: number; unreadMessages: number };

/** POST /messages/:ticketId JSON body (spec 1 §3 send payload). */
export const MessageSendInput = z.object({
  body: z.string().max(65_536).default(''),
  quotedMsg: z
    .object({ id: ref('message', z.string().uuid()) })
    .passthrough()
    .nullish()
    .transform((quoted) => quoted ?? null),
  isPrivate: flag.default(false),
  vCard: z
    .object({ name: z.string().trim().max(255), number: z.string().trim().max(100) })
    .nullish(),
  read: flag.optional(),
  fromMe: flag.optional(),
  mediaUrl: z.string().max(2000).optional(),
  /** adds the `*Name:*` signature when the company's sendSignMessage is enabled */
  signMessage: flag.optional(),
});
export type MessageSendInput = z.infer<typeof MessageSendInput>;

/** Multipart sends: the gateway stored the files (`medias`) and forwards their keys. */
export type MessageSendRequest = MessageSendInput & { ticketId: number; medias?: StoredMedia[] };

/** Largest attachment per channel, in bytes (what each channel accepts for a media message). */
export const ChannelMediaMaxBytes: Record<ChannelKind, number> = {
  whatsapp: 16 * 1024 * 1024,
  whatsappapi: 16 * 1024 * 1024,
  facebook: 25 * 1024 * 1024,
  instagram: 8 * 1024 * 1024,
};

/** PUT /messages/:id body. */
export const MessageEditInput = z.object({ body: z.string().trim().min(1).max(65_536) });

/** The most messages one forward call takes (`messageIds`). */
export const MaxForwardMessages = 50;

/**
 * POST /message/forward body: one message (`messageId`, answered as its copy) or several at once
 * (`messageIds`, sent in that order and answered as the list of copies).
 */
export const MessageForwardInput = z
  .object({
    messageId: ref('message', z.string().uuid()).optional(),
    messageIds: ref(
      'message',
      z.array(z.string().uuid()).min(1).max(MaxForwardMessages),
    ).optional(),
    contactId: ref('contact', recordId),
    signMessage: flag.default(false),
  })
  .refine((v) => (v.messageId === undefined) !== (v.messageIds === undefined), {
    message: 'Give messageId or messageIds',
    path: ['messageId'],
  });
export type MessageForwardInput = z.infer<typeof MessageForwardInput>;

/**
 * POST /messages/:id/reactions body: the emoji (`type`, as those servers name it). The reaction is
 * stored as a `reactionMessage` quoting the message and sent to the channel.
 */
export const MessageReactionInput = z.object({ type: z.string().trim().min(1).max(32) });
export type MessageReactionInput = z.infer<typeof MessageReactionInput>;

/** GET /messages/listimages/:ticketId: the images of a ticket's conversation, oldest first. */
export type TicketImage = {
  id: string;
  /** a signed `/media/...` link */
  mediaUrl: string;
  mediaName: string | null;
  fromMe: boolean;
  createdAt: string;
};
export type TicketImages = { images: TicketImage[] };

/** The most images GET /messages/listimages answers (the newest ones). */
export const MaxTicketImages = 500;

/** POST /ticket-notes body (spec 1 §5: at least 2 characters). */
export const TicketNoteInput = z.object({
  note: z.string().trim().min(2, 'Too Short!').max(5000),
  ticketId: ref('ticket', recordId),
  contactId: ref('contact', recordId),
});
export type TicketNoteInput = z.infer<typeof TicketNoteInput>;

/** GET /ticket-notes/list query. */
export const TicketNoteListQuery = z.object({
  ticketId: ref('ticket', recordId).optional(),
  contactId: ref('contact', recordId).optional(),
});

/** GET /ticket/kanban query. */
export const KanbanQuery = z.object({
  queueIds: unowned(filterOnly, listOf(recordId)),
  searchParam: z.string().trim().max(200).optional(),
});
export type KanbanQuery = z.infer<typeof KanbanQuery>;
export type KanbanTickets = { tickets: TicketRecord[] };

/** Request `tickets.ticket.can-access` (gateway joinChatBox): may the caller watch this ticket? */
export type TicketAccessRequest = { ticketId: number };
export type TicketAccessReply = { allowed: boolean };

/** Events of the tickets service about tickets and messages (outbox → socket routes). */
export type TicketEventData = { ticket: TicketRecord; previousStatus?: TicketStatus };
export type TicketDeletedEventData = { ticketId: number; status: TicketStatus };
export type TicketUnreadEventData = { ticketId: number; status: TicketStatus };
export type MessageEventData = {
  message: MessageRecord;
  ticket: TicketRecord;
  contact: ContactSummary;
  /**
   * Set when the message also changed its ticket (last message, unread count, a reopen): the event then
   * stands for that ticket's `tickets.ticket.updated` too (`ticketUpdateOf`), so a message is one event on
   * the bus, not two. `previousStatus` when the message moved the ticket to another status.
   */
  ticketChange?: { previousStatus?: TicketStatus };
};
export type MessageDeletedEventData = { messageId: string; ticketId: number; status: TicketStatus };

export type TicketLogList = TicketLogRecord[];
export type TicketNoteList = TicketNoteRecord[];
