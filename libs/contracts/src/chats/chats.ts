import { z } from 'zod';
import { ref, unowned } from '../refs/refs.js';
import { recordId } from '../http/record-ids.js';
import { listQuery } from '../http/list-query.js';

/**
 * Internal chats between the users of one company (spec 1 §2 "Internal chats popover", spec 3 §2.13,
 * §3 Chat, §5, §6, §7 "Internal chat"). identity owns them: their members are identity's users and
 * nothing outside the company takes part. Only the owner edits or deletes a chat; every member reads,
 * writes and marks it read.
 */

/** The contract's form messages (the web maps them to translation keys). */
export const ChatMessages = {
  titleRequired: 'Title required',
  usersRequired: 'At least one user',
  messageRequired: 'Message required',
} as const;

/** A member as the web's picker sends it: an id, or the `{ id, name }` the reference sends. */
const memberId = ref(
  'user',
  z.preprocess(
    (value) =>
      typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value,
    recordId,
  ),
);

/** POST /chats and PUT /chats/:id body (spec 3 §5: title and at least one user). */
export const ChatInput = z.object({
  title: z
    .string({ error: ChatMessages.titleRequired })
    .trim()
    .min(1, ChatMessages.titleRequired)
    .max(120),
  users: z
    .array(memberId, { error: ChatMessages.usersRequired })
    .min(1, ChatMessages.usersRequired)
    .max(200),
});
export type ChatInput = z.infer<typeof ChatInput>;
export type ChatInputValues = z.input<typeof ChatInput>;

/** POST /chats/:id/messages body: blank text is refused (spec 3 §5). */
export const ChatMessageInput = z.object({
  message: z
    .string({ error: ChatMessages.messageRequired })
    .trim()
    .min(1, ChatMessages.messageRequired)
    .max(4000),
});
export type ChatMessageInput = z.infer<typeof ChatMessageInput>;

/** GET /chats/ query. */
export const ChatListQuery = listQuery({});
export type ChatListQuery = z.infer<typeof ChatListQuery>;

/** GET /chats/:id/messages query. */
export const ChatMessagesQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
});
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuery>;

/** Page sizes of GET /chats/ and GET /chats/:id/messages. */
export const ChatPageSize = 20;
export const ChatMessagePageSize = 20;

/** One member of a chat: their unread count and when they last read it (read receipts). */
export type ChatMember = {
  chatId: number;
  userId: number;
  unreads: number;
  /** when the member last read the chat (ISO), or null before their first read */
  lastReadAt: string | null;
  user: { id: number; name: string };
};

export type Chat = {
  id: number;
  uuid: string;
  title: string;
  ownerId: number;
  users: ChatMember[];
  /** the text of the last message, '' before the first */
  lastMessage: string;
  createdAt: string;
  updatedAt: string;
};

export type ChatMessage = {
  id: number;
  chatId: number;
  senderId: number;
  sender: { id: number; name: string };
  message: string;
  createdAt: string;
};

/** GET /chats/ answer: the caller's chats, by last message and update time, newest first. */
export type ChatPage = { records: Chat[]; hasMore: boolean };
/** GET /chats/:id/messages answer: page 1 holds the newest messages; each page oldest first. */
export type ChatMessagePage = { records: ChatMessage[]; count: number; hasMore: boolean };

/** identity.chat.get / .delete / .read: a chat's id, or its uuid (the web's /chats/{uuid}). */
export type ChatIdRequest = { id: number | string };
export type ChatUpdateRequest = ChatInput & { id: number };
export type ChatMessagesRequest = ChatMessagesQuery & { id: number };
export type ChatSendRequest = ChatMessageInput & { id: number };

/** evt.<cid>.identity.chat.created|updated: the chat and who left it (they hear it once more). */
export type ChatEventData = { record: Chat; removedUserIds: number[] };
/** evt.<cid>.identity.chat.deleted */
export type ChatDeletedEventData = { id: number; memberIds: number[] };
/** evt.<cid>.identity.chat-message.created */
export type ChatMessageEventData = { chat: Chat; newMessage: ChatMessage };
/** evt.<cid>.identity.chat.typing: live only, never stored */
export type ChatTypingEventData = {
  chatId: number;
  user: { id: number; name: string };
  memberIds: number[];
};

/** `company-<id>-chat` socket payload (spec 1 §7: new-message and update; create, delete, typing). */
export type ChatSocketPayload =
  | { action: 'create' | 'update'; record: Chat }
  | { action: 'delete'; id: number }
  | { action: 'new-message'; newMessage: ChatMessage; chat: Chat }
  | { action: 'typing'; chatId: number; user: { id: number; name: string } };

/** The client's typing signal: `chatTyping` with the chat id. */
export const ChatTypingRequest = z.object({
  // identity answers only for a chat of the caller's company the caller belongs to
  chatId: unowned('identity checks membership', recordId),
});
export type ChatTypingRequest = z.infer<typeof ChatTypingRequest>;

/** How long the web shows "typing…" after the last signal, and how often a typist repeats it. */
export const ChatTypingShowMs = 4_000;
export const ChatTypingRepeatMs = 2_500;

/**
 * A ticket mentioned in a chat message: `#<ticket id>` (the web links it to /tickets/<id>). Returns the
 * message split into text and mentions, in order.
 */
export const splitTicketMentions = (
  text: string,
): ({ text: string } | { ticketId: number; text: string })[] => {
  const parts: ({ text: string } | { ticketId: number; text: string })[] = [];
  const pattern = /(^|[^\w#])#(\d{1,9})\b/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[1]!.length;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ ticketId: Number(match[2]), text: `#${match[2]}` });
    last = start + match[2]!.length + 1;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
};
