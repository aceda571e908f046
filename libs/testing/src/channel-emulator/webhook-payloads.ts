import { createHmac, randomBytes } from 'node:crypto';

/** `sha256=<hex HMAC of the raw body>`: the X-Hub-Signature-256 header Meta puts on every webhook. */
export const signMetaBody = (appSecret: string, rawBody: string | Buffer): string =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;

const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));
const randomId = (bytes = 12) => randomBytes(bytes).toString('hex').toUpperCase();

/** A Cloud API message id like Meta's (`wamid.` + base64). */
export const newWamid = () => `wamid.${randomBytes(24).toString('base64')}`;
/** A Messenger / Instagram message id (`m_` + random). */
export const newMid = () => `m_${randomBytes(24).toString('base64url')}`;

type CloudMessageBase = {
  phoneNumberId: string;
  displayPhoneNumber?: string;
  from: string;
  name?: string;
  id?: string;
  at?: Date;
  /** the message this one answers (context.id) */
  quotedId?: string;
};

/** The `whatsapp_business_account` envelope around one change of field `messages`. */
function cloudEnvelope(phoneNumberId: string, displayPhoneNumber: string, value: object) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: `WABA${phoneNumberId}`,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: displayPhoneNumber,
                phone_number_id: phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

function cloudMessage(base: CloudMessageBase, type: string, content: object) {
  const message = {
    from: base.from,
    id: base.id ?? newWamid(),
    timestamp: seconds(base.at ?? new Date()),
    type,
    ...(base.quotedId ? { context: { from: base.from, id: base.quotedId } } : {}),
    ...content,
  };
  return cloudEnvelope(base.phoneNumberId, base.displayPhoneNumber ?? '15550000000', {
    contacts: [
      { profile: { name: base.name ?? `Customer ${base.from.slice(-4)}` }, wa_id: base.from },
    ],
    messages: [message],
  });
}

/** Cloud API webhooks as Meta documents them ("messages" webhook reference). */
export const cloudWebhooks = {
  text: (base: CloudMessageBase & { text: string }) =>
    cloudMessage(base, 'text', { text: { body: base.text } }),
  media: (
    base: CloudMessageBase & {
      type: 'image' | 'audio' | 'video' | 'document' | 'sticker';
      mediaId: string;
      mimeType: string;
      caption?: string;
      filename?: string;
    },
  ) =>
    cloudMessage(base, base.type, {
      [base.type]: {
        id: base.mediaId,
        mime_type: base.mimeType,
        sha256: randomId(16),
        ...(base.caption ? { caption: base.caption } : {}),
        ...(base.filename ? { filename: base.filename } : {}),
      },
    }),
  location: (
    base: CloudMessageBase & {
      latitude: number;
      longitude: number;
      placeName?: string;
      address?: string;
    },
  ) =>
    cloudMessage(base, 'location', {
      location: {
        latitude: base.latitude,
        longitude: base.longitude,
        ...(base.placeName ? { name: base.placeName } : {}),
        ...(base.address ? { address: base.address } : {}),
      },
    }),
  contacts: (base: CloudMessageBase & { contactName: string; phone: string; waId?: string }) =>
    cloudMessage(base, 'contacts', {
      contacts: [
        {
          name: { formatted_name: base.contactName, first_name: base.contactName },
          phones: [{ phone: base.phone, type: 'CELL', ...(base.waId ? { wa_id: base.waId } : {}) }],
        },
      ],
    }),
  reaction: (base: CloudMessageBase & { messageId: string; emoji: string }) =>
    cloudMessage(base, 'reaction', { reaction: { message_id: base.messageId, emoji: base.emoji } }),
  status: (options: {
    phoneNumberId: string;
    displayPhoneNumber?: string;
    messageId: string;
    recipientId: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    at?: Date;
  }) =>
    cloudEnvelope(options.phoneNumberId, options.displayPhoneNumber ?? '15550000000', {
      statuses: [
        {
          id: options.messageId,
          status: options.status,
          timestamp: seconds(options.at ?? new Date()),
          recipient_id: options.recipientId,
          ...(options.status === 'failed'
            ? { errors: [{ code: 131026, title: 'Message undeliverable' }] }
            : {}),
        },
      ],
    }),
};

type MessengerBase = {
  /** page id (object page) or Instagram account id (object instagram) */
  accountId: string;
  from: string;
  mid?: string;
  at?: Date;
  quotedMid?: string;
};

function messengerEnvelope(object: 'page' | 'instagram', accountId: string, event: object) {
  return { object, entry: [{ id: accountId, time: Date.now(), messaging: [event] }] };
}

function messengerMessage(object: 'page' | 'instagram', base: MessengerBase, message: object) {
  return messengerEnvelope(object, base.accountId, {
    sender: { id: base.from },
    recipient: { id: base.accountId },
    timestamp: (base.at ?? new Date()).getTime(),
    message: {
      mid: base.mid ?? newMid(),
      ...(base.quotedMid ? { reply_to: { mid: base.quotedMid } } : {}),
      ...message,
    },
  });
}

/** Messenger Platform webhooks (Facebook pages: object `page`; Instagram: object `instagram`). */
export const messengerWebhooks = {
  text: (object: 'page' | 'instagram', base: MessengerBase & { text: string }) =>
    messengerMessage(object, base, { text: base.text }),
  attachment: (
    object: 'page' | 'instagram',
    base: MessengerBase & { type: 'image' | 'video' | 'audio' | 'file'; url: string },
  ) =>
    messengerMessage(object, base, {
      attachments: [{ type: base.type, payload: { url: base.url } }],
    }),
  delivery: (accountId: string, from: string, mids: string[]) =>
    messengerEnvelope('page', accountId, {
      sender: { id: from },
      recipient: { id: accountId },
      timestamp: Date.now(),
      delivery: { mids, watermark: Date.now() },
    }),
};
