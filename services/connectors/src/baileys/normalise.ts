import type {
  ChannelPeer,
  InboundMessageEventData,
  MessageAck,
  MessageMediaType,
  PresenceEventData,
} from '@sb/contracts';
import type { proto, WAMessage } from '@whiskeysockets/baileys';

/** What the driver still has to do for a message with media: download it and store it. */
export type PendingMedia = { mediaType: MessageMediaType; mimeType: string; fileName: string };

export type NormalisedMessage = {
  data: InboundMessageEventData;
  media?: PendingMedia;
};

const REVOKE = 0;
const MESSAGE_EDIT = 14;

const userOf = (jid: string): string => jid.split('@')[0].split(':')[0];
const isGroupJid = (jid: string): boolean => jid.endsWith('@g.us');
const isLidJid = (jid: string): boolean => jid.endsWith('@lid');
const isBroadcastJid = (jid: string): boolean =>
  jid.endsWith('@broadcast') || jid.endsWith('@newsletter');

/**
 * The phone JID and the LID of one person kept together. `number` is the phone digits when known; when
 * WhatsApp only gave the LID, the LID's digits stand in so the conversation still has a stable key.
 */
export function peerFromJids(jid: string, alt?: string | null, name?: string | null): ChannelPeer {
  if (isGroupJid(jid)) return { number: userOf(jid), isGroup: true, ...(name ? { name } : {}) };
  const lidJid = isLidJid(jid) ? jid : alt && isLidJid(alt) ? alt : undefined;
  const phoneJid = !isLidJid(jid) ? jid : alt && !isLidJid(alt) ? alt : undefined;
  const peer: ChannelPeer = {
    number: userOf(phoneJid ?? (lidJid as string)),
    isGroup: false,
  };
  if (lidJid) peer.lid = userOf(lidJid);
  if (name) peer.name = name;
  return peer;
}

/** Ephemeral, view-once and captioned documents wrap the real content. */
export function unwrapContent(
  message: proto.IMessage | null | undefined,
): proto.IMessage | undefined {
  let content = message ?? undefined;
  for (let depth = 0; content && depth < 5; depth += 1) {
    const inner =
      content.ephemeralMessage?.message ??
      content.viewOnceMessage?.message ??
      content.viewOnceMessageV2?.message ??
      content.viewOnceMessageV2Extension?.message ??
      content.documentWithCaptionMessage?.message;
    if (!inner) break;
    content = inner;
  }
  return content;
}

const timestampOf = (value: WAMessage['messageTimestamp']): string => {
  const seconds = typeof value === 'number' ? value : value ? Number(value.toString()) : 0;
  return new Date(seconds > 0 ? seconds * 1000 : Date.now()).toISOString();
};

const textOf = (content: proto.IMessage | undefined): string =>
  content?.conversation ??
  content?.extendedTextMessage?.text ??
  content?.imageMessage?.caption ??
  content?.videoMessage?.caption ??
  content?.documentMessage?.caption ??
  '';

const extensionOf = (mimeType: string): string => {
  const sub = mimeType.split(';')[0].split('/')[1] ?? 'bin';
  return sub.replace(/[^a-z0-9]/gi, '').slice(0, 8) || 'bin';
};

/** Maps one Baileys message to the shared inbound event; null for what is not a conversation message. */
export function normaliseMessage(
  connectionId: number,
  message: WAMessage,
): NormalisedMessage | null {
  const key = message.key;
  const remoteJid = key?.remoteJid;
  if (!remoteJid || !key.id || isBroadcastJid(remoteJid)) return null;
  const content = unwrapContent(message.message);
  if (!content) return null;

  const isGroup = isGroupJid(remoteJid);
  const base: InboundMessageEventData = {
    connectionId,
    channel: 'whatsapp',
    externalId: key.id,
    fromMe: Boolean(key.fromMe),
    peer: isGroup
      ? peerFromJids(remoteJid)
      : peerFromJids(
          remoteJid,
          key.remoteJidAlt,
          key.fromMe ? undefined : (message.pushName ?? undefined),
        ),
    kind: 'message',
    mediaType: 'chat',
    body: textOf(content),
    sentAt: timestampOf(message.messageTimestamp),
  };
  if (isGroup && key.participant) {
    base.participant = peerFromJids(
      key.participant,
      key.participantAlt,
      message.pushName ?? undefined,
    );
  }
  const quoted =
    content.extendedTextMessage?.contextInfo?.stanzaId ??
    content.imageMessage?.contextInfo?.stanzaId ??
    content.videoMessage?.contextInfo?.stanzaId ??
    content.audioMessage?.contextInfo?.stanzaId ??
    content.documentMessage?.contextInfo?.stanzaId;
  if (quoted) base.quotedExternalId = quoted;

  const protocol = content.protocolMessage;
  if (protocol) {
    if (protocol.type === REVOKE && protocol.key?.id) {
      return { data: { ...base, kind: 'revoke', body: '', targetExternalId: protocol.key.id } };
    }
    if (protocol.type === MESSAGE_EDIT && protocol.key?.id) {
      const edited = unwrapContent(protocol.editedMessage);
      return {
        data: { ...base, kind: 'edit', body: textOf(edited), targetExternalId: protocol.key.id },
      };
    }
    return null;
  }
  if (content.reactionMessage) {
    return {
      data: {
        ...base,
        kind: 'reaction',
        mediaType: 'reactionMessage',
        body: content.reactionMessage.text ?? '',
        targetExternalId: content.reactionMessage.key?.id ?? undefined,
      },
    };
  }
  const location = content.locationMessage ?? content.liveLocationMessage;
  if (location) {
    const description =
      content.locationMessage?.name ??
      content.locationMessage?.address ??
      content.liveLocationMessage?.caption;
    return {
      data: {
        ...base,
        mediaType: 'locationMessage',
        body: description ?? '',
        location: {
          latitude: Number(location.degreesLatitude ?? 0),
          longitude: Number(location.degreesLongitude ?? 0),
          ...(description ? { description } : {}),
        },
      },
    };
  }
  const contacts = content.contactMessage
    ? [content.contactMessage]
    : (content.contactsArrayMessage?.contacts ?? []);
  if (contacts.length > 0) {
    const vcard = contacts
      .map((contact) => contact.vcard ?? '')
      .filter(Boolean)
      .join('\n');
    return {
      data: {
        ...base,
        mediaType: 'contactMessage',
        body: contacts.map((contact) => contact.displayName ?? '').join(', '),
        vcard,
      },
    };
  }
  const media = pendingMediaOf(content, key.id);
  if (media) return { data: { ...base, mediaType: media.mediaType }, media };
  if (content.conversation == null && content.extendedTextMessage == null) return null;
  return { data: base };
}

function pendingMediaOf(content: proto.IMessage, id: string): PendingMedia | undefined {
  const pick = (
    mediaType: MessageMediaType,
    mimeType: string | null | undefined,
    fileName?: string | null,
  ): PendingMedia => {
    const mime = mimeType || 'application/octet-stream';
    return { mediaType, mimeType: mime, fileName: fileName || `${id}.${extensionOf(mime)}` };
  };
  if (content.imageMessage) return pick('image', content.imageMessage.mimetype);
  if (content.stickerMessage) return pick('image', content.stickerMessage.mimetype);
  if (content.videoMessage) return pick('video', content.videoMessage.mimetype);
  if (content.audioMessage) return pick('audio', content.audioMessage.mimetype);
  if (content.documentMessage) {
    return pick('application', content.documentMessage.mimetype, content.documentMessage.fileName);
  }
  return undefined;
}

/** A missed or rejected call becomes a `call_log` message in the conversation. */
export function normaliseCall(
  connectionId: number,
  call: {
    id: string;
    from: string;
    status: string;
    date: Date;
    isVideo?: boolean;
    isGroup?: boolean;
  },
): InboundMessageEventData | null {
  if (call.status !== 'offer' || call.isGroup) return null;
  return {
    connectionId,
    channel: 'whatsapp',
    externalId: `call-${call.id}`,
    fromMe: false,
    peer: peerFromJids(call.from),
    kind: 'message',
    mediaType: 'call_log',
    body: call.isVideo ? 'video call' : 'voice call',
    sentAt: call.date.toISOString(),
  };
}

/**
 * WebMessageInfo.Status (ERROR 0, PENDING 1, SERVER_ACK 2, DELIVERY_ACK 3, READ 4, PLAYED 5) to the shared
 * ack scale (0 pending/error, 1 sent, 2 delivered, 3 read, 4 played).
 */
export function ackOfStatus(status: number | null | undefined): MessageAck | null {
  if (status === null || status === undefined) return null;
  if (status <= 1) return 0;
  return Math.min(4, status - 1) as MessageAck;
}

export function presenceOf(last: string | undefined): PresenceEventData['presence'] | null {
  if (last === 'paused') return 'available';
  const known = ['composing', 'recording', 'available', 'unavailable'] as const;
  return known.find((presence) => presence === last) ?? null;
}

/** `5511999990000` → `5511999990000@s.whatsapp.net`; a group id → `<id>@g.us`. */
export function jidOf(peer: Pick<ChannelPeer, 'number' | 'lid' | 'isGroup'>): string {
  if (peer.isGroup) return `${peer.number}@g.us`;
  return `${peer.number.replace(/\D/g, '')}@s.whatsapp.net`;
}
