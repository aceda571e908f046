import type {
  ChannelKind,
  ChannelPeer,
  MessageAck,
  MessageMediaType,
  StoredMedia,
} from './channels.js';
import type { TemplateSend } from './message-templates.js';

/**
 * Event `evt.<cid>.connectors.message.received`: one normalised inbound (or echoed outbound) message.
 * Published by every driver; consumed by the tickets service (inbound flow and automation). Deduplicate by
 * (connectionId, externalId).
 */
export type InboundMessageEventData = {
  connectionId: number;
  channel: ChannelKind;
  /** the channel's id of this message */
  externalId: string;
  fromMe: boolean;
  /** the conversation: the contact, or the group for group messages */
  peer: ChannelPeer;
  /** who wrote it inside a group */
  participant?: ChannelPeer;
  kind: 'message' | 'reaction' | 'edit' | 'revoke';
  mediaType: MessageMediaType;
  body: string;
  media?: StoredMedia;
  /** the message it answers, reacts to, edits or revokes */
  quotedExternalId?: string;
  targetExternalId?: string;
  location?: { latitude: number; longitude: number; description?: string };
  vcard?: string;
  /** the channel's timestamp, ISO */
  sentAt: string;
  /** true for history import (no bot, no notifications) */
  imported?: boolean;
};

/** Event `evt.<cid>.connectors.message.ack`: delivery progress of a message we sent. */
export type MessageAckEventData = {
  connectionId: number;
  externalId: string;
  ack: MessageAck;
};

/** Event `evt.<cid>.connectors.presence.updated`: the contact is typing or recording. */
export type PresenceEventData = {
  connectionId: number;
  peerNumber: string;
  presence: 'composing' | 'recording' | 'available' | 'unavailable';
};

/** Where an outbound command goes. */
export type ChannelTarget = { connectionId: number; peer: ChannelPeer };

/** Request `connectors.message.send` (tickets → connectors): one outbound message. */
export type SendMessageCommand = ChannelTarget & {
  body: string;
  media?: StoredMedia;
  quotedExternalId?: string;
  vcard?: string;
  /**
   * An approved template instead of the body (Cloud API only: other channels refuse it with
   * ERR_WAPP_TEMPLATES_UNSUPPORTED)
   */
  template?: TemplateSend;
  /**
   * The sender's key for this one message (a campaign's step), the same when a send is retried: the
   * connectors service calls the channel once per key and company and answers a repeat with the
   * stored result. At most `SendIdempotencyKeyMaxLength` characters.
   */
  idempotencyKey?: string;
  /** a campaign's message: it gives way to agents' messages on the connection (never the reverse) */
  bulk?: boolean;
  /**
   * A reaction instead of a message: `body` (an emoji) on the channel's message `externalId`. Channels
   * without reactions from the business side (Messenger, Instagram) refuse it.
   */
  reaction?: { externalId: string; fromMe: boolean };
};

export const SendIdempotencyKeyMaxLength = 200;

/** Reply of `connectors.message.send`. Failures: ERR_WAPP_NOT_INITIALIZED, ERR_WAPP_INVALID_CONTACT, ERR_SENDING_WAPP_MSG. */
export type SendMessageResult = { externalId: string; ack: MessageAck; sentAt: string };

/**
 * The `details` of a send failure the channel's provider answered (a Graph API refusal): `refused`
 * means trying the same message again cannot succeed (the 24-hour window, a bad parameter), so
 * senders that retry (campaigns) fail it at once with `reason`.
 */
export type SendRefusalDetails = {
  refused: true;
  /** one of `SendRefusalReasons`, or the provider's own message */
  reason: string;
  graphCode?: number;
  graphSubcode?: number;
};

/** The `reason`s of a refusal our side gives itself (any other is the provider's own message). */
export const SendRefusalReasons = {
  /** Meta's 24-hour customer service window is closed */
  outsideWindow: 'outside_24h_window',
  /**
   * An earlier attempt under the same idempotency key was cut off while the channel was being called
   * (its connectors worker died): the channel may or may not have sent it, and it is never sent again.
   */
  outcomeUnknown: 'outcome_unknown',
} as const;

export const isSendRefusal = (details: unknown): details is SendRefusalDetails =>
  typeof details === 'object' &&
  details !== null &&
  (details as { refused?: unknown }).refused === true &&
  typeof (details as { reason?: unknown }).reason === 'string';

/**
 * The catalogue code a failed send is recorded with (a message's `sendError`, a schedule's `error`):
 * the channel's code, made precise where the refusal's reason has its own code (the 24-hour window).
 */
export const sendFailureCode = (code: string, details: unknown): string =>
  isSendRefusal(details) && details.reason === SendRefusalReasons.outsideWindow
    ? 'ERR_OUTSIDE_SERVICE_WINDOW'
    : code;

/** Request `connectors.message.revoke`: delete for everyone. Failure: ERR_DELETE_WAPP_MSG. */
export type RevokeMessageCommand = ChannelTarget & { externalId: string; fromMe: boolean };

/** Request `connectors.message.edit`. */
export type EditMessageCommand = ChannelTarget & { externalId: string; body: string };

/** Request `connectors.message.read`: mark the contact's messages as read on the channel. */
export type ReadMessagesCommand = ChannelTarget & { externalIds: string[] };

/** Request `connectors.contact.check`: is this number on the channel (onWhatsApp)? */
export type CheckContactCommand = { connectionId: number; number: string };
export type CheckContactResult = { exists: boolean; number: string; lid?: string };

/** Request `connectors.contact.picture`: the profile picture URL of a peer, when the channel gives one. */
export type ContactPictureCommand = { connectionId: number; number: string };
export type ContactPictureResult = { pictureUrl: string | null };

/**
 * `connectors.contact.list`: the people a connection's phone knows, for POST /contacts/import (its address
 * book, `source: 'contacts'`) and POST /contacts/import/chats (the people it has chats with). Only channels
 * with a phone (Baileys) can answer; groups come back flagged so the importer skips them.
 */
export type PhoneContactsCommand = { connectionId: number; source: 'contacts' | 'chats' };
export type PhoneContact = { name: string; number: string; isGroup?: boolean };
export type PhoneContactsResult = { contacts: PhoneContact[] };
