import type { MessageMediaType } from '@sb/contracts';
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

type MessengerChannel = 'facebook' | 'instagram';

const AttachmentKinds: Record<string, MessageMediaType> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  file: 'application',
};

/**
 * A Messenger Platform webhook (`object: page` for Facebook pages, `object: instagram` for Instagram
 * accounts) → one batch per page / account: messages (and the page's own echoes as fromMe), reactions,
 * postbacks, deliveries and Instagram reads.
 */
export function normaliseMessengerWebhook(
  payload: JsonObject,
  channel: MessengerChannel,
  issues: NormaliseIssue[],
): InboundBatch[] {
  const batches: InboundBatch[] = [];
  for (const entry of asArray(payload.entry)) {
    if (!isRecord(entry)) continue;
    const accountId = asString(entry.id);
    if (!accountId) {
      issues.push({ reason: 'entry without id', item: entry });
      continue;
    }
    const messages: InboundMessage[] = [];
    const acks: InboundAck[] = [];
    for (const event of asArray(entry.messaging)) {
      if (!isRecord(event)) continue;
      const before = messages.length + acks.length;
      messages.push(...normaliseEvent(event, channel));
      acks.push(...acksOf(event));
      if (messages.length + acks.length === before && !isRecord(event.read)) {
        issues.push({ reason: 'unsupported or malformed messaging event', item: event });
      }
    }
    if (messages.length > 0 || acks.length > 0) {
      batches.push({ channel, accountId, messages, acks });
    }
  }
  return batches;
}

function acksOf(event: JsonObject): InboundAck[] {
  if (isRecord(event.delivery)) {
    return asArray(event.delivery.mids)
      .map(asString)
      .filter((mid): mid is string => !!mid)
      .map((externalId) => ({ externalId, ack: 2 as const }));
  }
  // Instagram names the message read; Messenger only gives a watermark (no message to mark)
  if (isRecord(event.read) && asString(event.read.mid)) {
    return [{ externalId: asString(event.read.mid) as string, ack: 3 }];
  }
  return [];
}

function normaliseEvent(event: JsonObject, channel: MessengerChannel): InboundMessage[] {
  const senderId = isRecord(event.sender) ? asString(event.sender.id) : undefined;
  const recipientId = isRecord(event.recipient) ? asString(event.recipient.id) : undefined;
  if (!senderId || !recipientId) return [];
  const sentAt = isoOf(event.timestamp, 'ms');

  if (isRecord(event.message)) {
    const message = event.message;
    const mid = asString(message.mid);
    if (!mid) return [];
    const fromMe = message.is_echo === true;
    const common = {
      channel,
      fromMe,
      peer: { number: fromMe ? recipientId : senderId, isGroup: false },
      sentAt,
      quotedExternalId: isRecord(message.reply_to) ? asString(message.reply_to.mid) : undefined,
    };
    if (message.is_deleted === true) {
      return [
        {
          data: {
            ...common,
            externalId: `revoke:${mid}`,
            kind: 'revoke',
            mediaType: 'chat',
            body: '',
            targetExternalId: mid,
          },
        },
      ];
    }
    const text = asString(message.text) ?? '';
    const attachments = asArray(message.attachments).filter(isRecord);
    if (attachments.length === 0) {
      if (!text) return [];
      return [
        { data: { ...common, externalId: mid, kind: 'message', mediaType: 'chat', body: text } },
      ];
    }
    // one message per attachment; the first keeps the mid (and the text), the others get `<mid>:<n>`
    return attachments.map((attachment, index) => {
      const externalId = index === 0 ? mid : `${mid}:${index}`;
      return attachmentMessage(attachment, { ...common, externalId }, index === 0 ? text : '');
    });
  }

  if (isRecord(event.reaction)) {
    const target = asString(event.reaction.mid);
    if (!target) return [];
    const emoji = event.reaction.action === 'unreact' ? '' : (asString(event.reaction.emoji) ?? '');
    return [
      {
        data: {
          channel,
          externalId: `reaction:${target}:${senderId}:${String(event.timestamp ?? '')}`,
          fromMe: false,
          peer: { number: senderId, isGroup: false },
          kind: 'reaction',
          mediaType: 'reactionMessage',
          body: emoji,
          targetExternalId: target,
          sentAt,
        },
      },
    ];
  }

  if (isRecord(event.postback)) {
    const title = asString(event.postback.title) ?? asString(event.postback.payload) ?? '';
    return [
      {
        data: {
          channel,
          externalId:
            asString(event.postback.mid) ?? `postback:${senderId}:${String(event.timestamp ?? '')}`,
          fromMe: false,
          peer: { number: senderId, isGroup: false },
          kind: 'message',
          mediaType: 'chat',
          body: title,
          sentAt,
        },
      },
    ];
  }
  return [];
}

type Common = {
  channel: MessengerChannel;
  externalId: string;
  fromMe: boolean;
  peer: { number: string; isGroup: boolean };
  sentAt: string;
  quotedExternalId?: string;
};

function attachmentMessage(attachment: JsonObject, common: Common, text: string): InboundMessage {
  const type = asString(attachment.type) ?? '';
  const payload = isRecord(attachment.payload) ? attachment.payload : {};
  const url = asString(payload.url);
  const mediaType = AttachmentKinds[type];
  if (mediaType && url) {
    return {
      data: { ...common, kind: 'message', mediaType, body: text },
      media: {
        source: 'url',
        url,
        fileName: fileNameFor(type, common.externalId, undefined),
        mediaType,
      },
    };
  }
  const coordinates = isRecord(payload.coordinates) ? payload.coordinates : undefined;
  if (type === 'location' && coordinates) {
    const latitude = Number(coordinates.lat);
    const longitude = Number(coordinates.long);
    if (Number.isFinite(latitude) && Number.isFinite(longitude)) {
      const description = asString(attachment.title) ?? asString(payload.title);
      return {
        data: {
          ...common,
          kind: 'message',
          mediaType: 'locationMessage',
          body: description ?? `${latitude},${longitude}`,
          location: { latitude, longitude, description },
        },
      };
    }
  }
  // shares, reels, story mentions, fallbacks: the link as text
  const title = asString(attachment.title) ?? asString(payload.title);
  const body = [text, title, url].filter(Boolean).join('\n');
  return { data: { ...common, kind: 'message', mediaType: 'chat', body } };
}
