/**
 * The channel vocabulary shared by the connectors service (which talks to WhatsApp and Meta) and the
 * tickets service (which stores conversations): kinds, acks, media and peers. Spec 2 §3, ARCHITECTURE.md
 * §7. The connection itself (record, statuses, inputs) is in ../connections.
 */

/** One driver per kind. `whatsapp` is Baileys (QR pairing), `whatsappapi` the Cloud API. */
export const ChannelKinds = ['whatsapp', 'whatsappapi', 'facebook', 'instagram'] as const;
export type ChannelKind = (typeof ChannelKinds)[number];

/** 0 error/pending clock, 1 sent to server, 2 delivered, 3 read, 4 played (spec 1 §4 acknowledgement). */
export const MessageAcks = [0, 1, 2, 3, 4] as const;
export type MessageAck = (typeof MessageAcks)[number];

/** Stored message media types (spec 1 §3 Message); `chat` is a plain text. */
export const MessageMediaTypes = [
  'chat',
  'image',
  'audio',
  'video',
  'application',
  'locationMessage',
  'contactMessage',
  'reactionMessage',
  'call_log',
] as const;
export type MessageMediaType = (typeof MessageMediaTypes)[number];

/**
 * The other side of a conversation as a channel names it. `number` is the normalised key (digits of the
 * phone number; the page-scoped id for facebook/instagram; the group id for groups). `lid` is WhatsApp's
 * linked identity, kept so one person never becomes two contacts.
 */
export type ChannelPeer = {
  number: string;
  lid?: string;
  name?: string;
  pictureUrl?: string;
  isGroup: boolean;
};

/** Media already copied to object storage by the connector (key from `@sb/storage` mediaKey). */
export type StoredMedia = {
  key: string;
  mimeType: string;
  fileName: string;
  size: number;
  mediaType: MessageMediaType;
};
