import type { MessageAck, MessageMediaType } from '@sb/contracts';
import {
  asArray,
  asString,
  fileNameFor,
  isoOf,
  isRecord,
  type InboundAck,
  type InboundBatch,
  type InboundMessage,
  type JsonObject,
  type NormaliseIssue,
} from './meta-inbound.js';

/** Cloud API message statuses → acks (failed shows the error clock). */
const StatusAcks: Record<string, MessageAck> = { failed: 0, sent: 1, delivered: 2, read: 3 };

const MediaKinds: Record<string, MessageMediaType> = {
  image: 'image',
  sticker: 'image',
  audio: 'audio',
  video: 'video',
  document: 'application',
};

/**
 * A `whatsapp_business_account` webhook (Cloud API "messages" field) → one batch per phone number:
 * inbound messages (text, media, location, contacts, reactions, button and list replies) and statuses.
 */
export function normaliseCloudWebhook(
  payload: JsonObject,
  issues: NormaliseIssue[],
): InboundBatch[] {
  const batches: InboundBatch[] = [];
  for (const entry of asArray(payload.entry)) {
    if (!isRecord(entry)) continue;
    for (const change of asArray(entry.changes)) {
      if (!isRecord(change) || !isRecord(change.value)) continue;
      if (change.field !== undefined && change.field !== 'messages') continue;
      const value = change.value;
      const phoneNumberId = isRecord(value.metadata)
        ? asString(value.metadata.phone_number_id)
        : undefined;
      if (!phoneNumberId) {
        issues.push({ reason: 'change without metadata.phone_number_id', item: change });
        continue;
      }
      const names = contactNames(value.contacts);
      const messages: InboundMessage[] = [];
      for (const item of asArray(value.messages)) {
        const message = normaliseCloudMessage(item, names);
        if (message) messages.push(message);
        else issues.push({ reason: 'unsupported or malformed Cloud API message', item });
      }
      const acks: InboundAck[] = [];
      for (const item of asArray(value.statuses)) {
        const ack = isRecord(item) ? StatusAcks[String(item.status)] : undefined;
        const externalId = isRecord(item) ? asString(item.id) : undefined;
        if (ack !== undefined && externalId) acks.push({ externalId, ack });
        else issues.push({ reason: 'unknown Cloud API status', item });
      }
      if (messages.length > 0 || acks.length > 0) {
        batches.push({ channel: 'whatsappapi', accountId: phoneNumberId, messages, acks });
      }
    }
  }
  return batches;
}

function contactNames(contacts: unknown): Map<string, string> {
  const names = new Map<string, string>();
  for (const contact of asArray(contacts)) {
    if (!isRecord(contact)) continue;
    const waId = asString(contact.wa_id);
    const name = isRecord(contact.profile) ? asString(contact.profile.name) : undefined;
    if (waId && name) names.set(waId, name);
  }
  return names;
}

function normaliseCloudMessage(item: unknown, names: Map<string, string>): InboundMessage | null {
  if (!isRecord(item)) return null;
  const externalId = asString(item.id);
  const from = asString(item.from);
  const type = asString(item.type);
  if (!externalId || !from || !type) return null;
  const number = from.replace(/\D/g, '');
  const common = {
    channel: 'whatsappapi' as const,
    externalId,
    fromMe: false,
    peer: { number, name: names.get(from), isGroup: false },
    kind: 'message' as const,
    sentAt: isoOf(item.timestamp, 's'),
    quotedExternalId: isRecord(item.context) ? asString(item.context.id) : undefined,
  };
  const content = isRecord(item[type]) ? (item[type] as JsonObject) : {};

  switch (type) {
    case 'text':
      return { data: { ...common, mediaType: 'chat', body: asString(content.body) ?? '' } };
    case 'image':
    case 'sticker':
    case 'audio':
    case 'video':
    case 'document': {
      const mediaId = asString(content.id);
      if (!mediaId) return null;
      const mediaType = MediaKinds[type];
      const mimeType = asString(content.mime_type);
      const fileName = asString(content.filename) ?? fileNameFor(type, mediaId, mimeType);
      return {
        data: { ...common, mediaType, body: asString(content.caption) ?? '' },
        media: { source: 'graph-id', id: mediaId, mimeType, fileName, mediaType },
      };
    }
    case 'location': {
      const latitude = Number(content.latitude);
      const longitude = Number(content.longitude);
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
      const description =
        [asString(content.name), asString(content.address)].filter(Boolean).join(' - ') ||
        undefined;
      return {
        data: {
          ...common,
          mediaType: 'locationMessage',
          body: description ?? `${latitude},${longitude}`,
          location: { latitude, longitude, description },
        },
      };
    }
    case 'contacts': {
      const cards = asArray(item.contacts).filter(isRecord);
      if (cards.length === 0) return null;
      return {
        data: {
          ...common,
          mediaType: 'contactMessage',
          body: cards.map(formattedName).join(', '),
          vcard: cards.map(toVcard).join('\n'),
        },
      };
    }
    case 'reaction': {
      const target = asString(content.message_id);
      if (!target) return null;
      return {
        data: {
          ...common,
          kind: 'reaction',
          mediaType: 'reactionMessage',
          // an empty emoji takes the reaction back
          body: asString(content.emoji) ?? '',
          targetExternalId: target,
        },
      };
    }
    case 'button':
      return { data: { ...common, mediaType: 'chat', body: asString(content.text) ?? '' } };
    case 'interactive': {
      const reply = isRecord(content.button_reply)
        ? content.button_reply
        : isRecord(content.list_reply)
          ? content.list_reply
          : undefined;
      if (!reply) return null;
      return { data: { ...common, mediaType: 'chat', body: asString(reply.title) ?? '' } };
    }
    default:
      return null;
  }
}

function formattedName(card: JsonObject): string {
  const name = isRecord(card.name) ? card.name : {};
  return (
    asString(name.formatted_name) ??
    [asString(name.first_name), asString(name.last_name)].filter(Boolean).join(' ')
  );
}

/** A vCard 3.0 of a shared contact, with the WhatsApp id on each phone (`waid=`) as WhatsApp writes it. */
export function toVcard(card: JsonObject): string {
  const name = isRecord(card.name) ? card.name : {};
  const escape = (value: string) => value.replace(/([,;\\])/g, '\\$1').replace(/\n/g, '\\n');
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${escape(asString(name.last_name) ?? '')};${escape(asString(name.first_name) ?? '')};;;`,
    `FN:${escape(formattedName(card))}`,
  ];
  if (isRecord(card.org) && asString(card.org.company)) {
    lines.push(`ORG:${escape(asString(card.org.company) as string)}`);
  }
  for (const phone of asArray(card.phones).filter(isRecord)) {
    const number = asString(phone.phone);
    if (!number) continue;
    const waId = asString(phone.wa_id);
    const type = (asString(phone.type) ?? 'CELL').toUpperCase();
    lines.push(`TEL;type=${type}${waId ? `;waid=${waId}` : ''}:${number}`);
  }
  for (const email of asArray(card.emails).filter(isRecord)) {
    const address = asString(email.email);
    if (address) lines.push(`EMAIL:${address}`);
  }
  lines.push('END:VCARD');
  return lines.join('\n');
}
