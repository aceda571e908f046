import type { ChannelKind, MessageAck, MessageMediaType } from '../channels/channels.js';
import type { TicketLogType, TicketStatus } from './ticket-statuses.js';

/**
 * The shapes the tickets service answers and the web app reads (spec 1 §3). Dates are ISO strings.
 * The ticket row of the list and of `GET /tickets/u/:uuid` (which adds the full contact).
 */
export type TicketRecord = {
  id: number;
  uuid: string;
  companyId: number;
  status: TicketStatus;
  isGroup: boolean;
  isBot: boolean;
  channel: ChannelKind;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  userId: number | null;
  user: { id: number; name: string; color?: string } | null;
  whatsappId: number | null;
  whatsapp: {
    id: number;
    name: string;
    groupAsTicket: 'enabled' | 'disabled';
    channel: ChannelKind;
  } | null;
  contactId: number;
  contact: ContactSummary;
  tags: { id: number; name: string; color: string }[];
  lastMessage: string;
  unreadMessages: number;
  updatedAt: string;
  createdAt: string;
  /** the contact is typing or recording (live only, never stored) */
  presence?: 'composing' | 'recording' | null;
  useIntegration: boolean;
  /** the protocol shown to the contact */
  code: string;
  userRating: { rate: number } | null;
};

/** What a ticket row shows of its contact; `number` is masked for profile user when lgpdHideNumber is on. */
export type ContactSummary = {
  id: number;
  name: string;
  number: string;
  urlPicture: string | null;
  channel: ChannelKind;
  isGroup: boolean;
  active: boolean;
};

export type MessageRecord = {
  id: string;
  ticketId: number;
  contactId: number | null;
  companyId: number;
  body: string;
  fromMe: boolean;
  ack: MessageAck;
  read: boolean;
  mediaType: MessageMediaType;
  /** a signed `/media/...` URL, or null */
  mediaUrl: string | null;
  mediaName: string | null;
  isDeleted: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  isPrivate: boolean;
  /**
   * Why an outbound message did not reach the channel (an error catalogue code such as
   * ERR_WAPP_NOT_INITIALIZED or ERR_SENDING_WAPP_MSG); the message stays stored with ack 0. Null or
   * absent when it was sent (or is inbound).
   */
  sendError?: string | null;
  quotedMsg:
    | (Pick<MessageRecord, 'id' | 'body' | 'fromMe' | 'mediaType' | 'mediaUrl'> & {
        contact: { name: string } | null;
      })
    | null;
  queueId: number | null;
  contact: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
};

export type TicketLogRecord = {
  id: number;
  type: TicketLogType;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
  createdAt: string;
};

export type TicketNoteRecord = {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  user: { id: number; name: string };
  createdAt: string;
};

/** Socket payloads of `company-<id>-ticket` and `company-<id>-appMessage` (spec 1 §7 Real-time). */
export type TicketSocketPayload =
  | { action: 'update'; ticket: TicketRecord }
  | { action: 'updateUnread'; ticketId: number }
  | { action: 'delete'; ticketId: number };
export type AppMessageSocketPayload =
  | {
      action: 'create' | 'update';
      message: MessageRecord;
      ticket: TicketRecord;
      contact: ContactSummary;
    }
  | { action: 'delete'; messageId: string; ticketId: number };
