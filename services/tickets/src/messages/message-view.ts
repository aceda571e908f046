import type { MessageRecord } from '@sb/contracts';
import type { Message } from './message.entity.js';

export type MediaUrlOf = (key: string | null) => string | null;

/** A stored message as the API and the socket answer it; `contacts` names the senders of inbound ones. */
export const toMessageRecord = (
  row: Message,
  quoted: Message | null,
  contacts: ReadonlyMap<number, { name: string }>,
  mediaUrl: MediaUrlOf,
): MessageRecord => {
  const sender = (contactId: number | null) => {
    if (!contactId) return null;
    const contact = contacts.get(contactId);
    return contact ? { id: contactId, name: contact.name } : null;
  };
  return {
    id: row.id,
    ticketId: row.ticketId,
    contactId: row.contactId,
    companyId: row.companyId,
    body: row.body,
    fromMe: row.fromMe,
    ack: row.ack,
    read: row.read,
    mediaType: row.mediaType,
    mediaUrl: mediaUrl(row.mediaKey),
    mediaName: row.mediaName,
    isDeleted: row.isDeleted,
    isEdited: row.isEdited,
    isForwarded: row.isForwarded,
    isPrivate: row.isPrivate,
    sendError: row.sendError,
    quotedMsg: quoted
      ? {
          id: quoted.id,
          body: quoted.body,
          fromMe: quoted.fromMe,
          mediaType: quoted.mediaType,
          mediaUrl: mediaUrl(quoted.mediaKey),
          contact: quoted.fromMe ? null : (sender(quoted.contactId) ?? null),
        }
      : null,
    queueId: row.queueId,
    contact: sender(row.contactId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** What the ticket row shows as its last message for this one. */
export const lastMessageText = (row: Pick<Message, 'body' | 'mediaType' | 'mediaName'>): string => {
  if (row.body) return row.body.slice(0, 255);
  return row.mediaName ?? row.mediaType;
};
