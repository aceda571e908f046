import { normaliseMetaWebhook } from './normalise-meta.js';

// Payloads shaped like Meta's documented webhooks (the channel emulator sends the same over HTTP).
type Base = { phoneNumberId: string; from: string; id?: string; at?: Date; quotedId?: string };
const seconds = (date = new Date()) => String(Math.floor(date.getTime() / 1000));
const cloudEnvelope = (phoneNumberId: string, value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'WABA',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
            ...value,
          },
        },
      ],
    },
  ],
});
const cloudMessage = (
  base: Base & { name?: string },
  type: string,
  content: Record<string, unknown>,
) => ({
  ...cloudEnvelope(base.phoneNumberId, {
    contacts: [{ profile: { name: base.name ?? 'Customer' }, wa_id: base.from }],
    messages: [
      {
        from: base.from,
        id: base.id ?? `wamid.${Math.random()}`,
        timestamp: seconds(base.at),
        type,
        ...(base.quotedId ? { context: { from: base.from, id: base.quotedId } } : {}),
        ...content,
      },
    ],
  }),
});
const cloudWebhooks = {
  text: (base: Base & { name?: string; text: string }) =>
    cloudMessage(base, 'text', { text: { body: base.text } }),
  media: (base: Base & { type: string; mediaId: string; mimeType: string; caption?: string }) =>
    cloudMessage(base, base.type, {
      [base.type]: { id: base.mediaId, mime_type: base.mimeType, caption: base.caption },
    }),
  location: (base: Base & { latitude: number; longitude: number; placeName?: string }) =>
    cloudMessage(base, 'location', {
      location: { latitude: base.latitude, longitude: base.longitude, name: base.placeName },
    }),
  contacts: (base: Base & { contactName: string; phone: string; waId: string }) =>
    cloudMessage(base, 'contacts', {
      contacts: [
        {
          name: { formatted_name: base.contactName, first_name: base.contactName },
          phones: [{ phone: base.phone, type: 'CELL', wa_id: base.waId }],
        },
      ],
    }),
  reaction: (base: Base & { messageId: string; emoji: string }) =>
    cloudMessage(base, 'reaction', { reaction: { message_id: base.messageId, emoji: base.emoji } }),
  status: (options: {
    phoneNumberId: string;
    messageId: string;
    recipientId: string;
    status: string;
  }) =>
    cloudEnvelope(options.phoneNumberId, {
      statuses: [
        {
          id: options.messageId,
          status: options.status,
          timestamp: seconds(),
          recipient_id: options.recipientId,
        },
      ],
    }),
};
type MessengerBase = { accountId: string; from: string; mid?: string; at?: Date };
const messengerEnvelope = (object: string, accountId: string, event: Record<string, unknown>) => ({
  object,
  entry: [{ id: accountId, time: Date.now(), messaging: [event] }],
});
const messengerMessage = (object: string, base: MessengerBase, message: Record<string, unknown>) =>
  messengerEnvelope(object, base.accountId, {
    sender: { id: base.from },
    recipient: { id: base.accountId },
    timestamp: (base.at ?? new Date()).getTime(),
    message: { mid: base.mid ?? 'm_x', ...message },
  });
const messengerWebhooks = {
  text: (object: string, base: MessengerBase & { text: string }) =>
    messengerMessage(object, base, { text: base.text }),
  attachment: (object: string, base: MessengerBase & { type: string; url: string }) =>
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

const at = new Date('2026-03-01T12:00:00.000Z');

describe('Cloud API webhooks', () => {
  it('turns a text into one whatsappapi message of the phone number, with the sender name', () => {
    const payload = cloudWebhooks.text({
      phoneNumberId: '111',
      from: '+55 11 99999-0001',
      name: 'Ana',
      text: 'hello',
      id: 'wamid.A',
      at,
      quotedId: 'wamid.Q',
    });
    const { batches, issues } = normaliseMetaWebhook(payload);
    expect(issues).toEqual([]);
    expect(batches).toEqual([
      {
        channel: 'whatsappapi',
        accountId: '111',
        acks: [],
        messages: [
          {
            data: {
              channel: 'whatsappapi',
              externalId: 'wamid.A',
              fromMe: false,
              peer: { number: '5511999990001', name: 'Ana', isGroup: false },
              kind: 'message',
              mediaType: 'chat',
              body: 'hello',
              sentAt: at.toISOString(),
              quotedExternalId: 'wamid.Q',
            },
          },
        ],
      },
    ]);
  });

  it('keeps a media id to fetch later, with a file name and the caption as body', () => {
    const payload = cloudWebhooks.media({
      phoneNumberId: '111',
      from: '5511999990001',
      type: 'document',
      mediaId: '987',
      mimeType: 'application/pdf',
      caption: 'the invoice',
      id: 'wamid.D',
    });
    const [batch] = normaliseMetaWebhook(payload).batches;
    expect(batch.messages[0].data).toMatchObject({ mediaType: 'application', body: 'the invoice' });
    expect(batch.messages[0].media).toEqual({
      source: 'graph-id',
      id: '987',
      mimeType: 'application/pdf',
      fileName: 'document-987.pdf',
      mediaType: 'application',
    });
  });

  it('reads locations, shared contacts (as a vCard) and reactions', () => {
    const location = normaliseMetaWebhook(
      cloudWebhooks.location({
        phoneNumberId: '1',
        from: '5511999990001',
        latitude: -23.5,
        longitude: -46.6,
        placeName: 'Office',
      }),
    ).batches[0].messages[0].data;
    expect(location).toMatchObject({
      mediaType: 'locationMessage',
      body: 'Office',
      location: { latitude: -23.5, longitude: -46.6, description: 'Office' },
    });
    const contact = normaliseMetaWebhook(
      cloudWebhooks.contacts({
        phoneNumberId: '1',
        from: '5511999990001',
        contactName: 'Bob',
        phone: '+55 11 98888-0000',
        waId: '5511988880000',
      }),
    ).batches[0].messages[0].data;
    expect(contact.mediaType).toBe('contactMessage');
    expect(contact.body).toBe('Bob');
    expect(contact.vcard).toContain('TEL;type=CELL;waid=5511988880000:+55 11 98888-0000');
    const reaction = normaliseMetaWebhook(
      cloudWebhooks.reaction({
        phoneNumberId: '1',
        from: '5511999990001',
        messageId: 'wamid.T',
        emoji: '👍',
      }),
    ).batches[0].messages[0].data;
    expect(reaction).toMatchObject({
      kind: 'reaction',
      body: '👍',
      targetExternalId: 'wamid.T',
    });
  });

  it('turns statuses into acks (failed is 0, read is 3)', () => {
    const read = cloudWebhooks.status({
      phoneNumberId: '1',
      messageId: 'wamid.S',
      recipientId: '5511999990001',
      status: 'read',
    });
    const failed = cloudWebhooks.status({
      phoneNumberId: '1',
      messageId: 'wamid.F',
      recipientId: '5511999990001',
      status: 'failed',
    });
    expect(normaliseMetaWebhook(read).batches[0].acks).toEqual([{ externalId: 'wamid.S', ack: 3 }]);
    expect(normaliseMetaWebhook(failed).batches[0].acks).toEqual([
      { externalId: 'wamid.F', ack: 0 },
    ]);
  });

  it('lists unreadable parts as issues and never throws', () => {
    const unknownType = cloudWebhooks.text({ phoneNumberId: '1', from: '55', text: 'x' });
    const value = unknownType.entry[0].changes[0].value as unknown as {
      messages: { type: string }[];
    };
    value.messages[0].type = 'hologram';
    expect(normaliseMetaWebhook(unknownType)).toMatchObject({
      batches: [],
      issues: [{ reason: 'unsupported or malformed Cloud API message' }],
    });
    const noMetadata = {
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ field: 'messages', value: { messages: [] } }] }],
    };
    expect(normaliseMetaWebhook(noMetadata).issues).toHaveLength(1);
    for (const junk of [null, 42, 'text', [], { object: 'page', entry: 'nope' }, { entry: [] }]) {
      expect(() => normaliseMetaWebhook(junk)).not.toThrow();
      expect(normaliseMetaWebhook(junk).batches).toEqual([]);
    }
    expect(normaliseMetaWebhook({ object: 'user' }).issues[0].reason).toBe('unknown object user');
  });
});

describe('Messenger and Instagram webhooks', () => {
  it('turns a page message into a facebook message of the page, sender as peer', () => {
    const payload = messengerWebhooks.text('page', {
      accountId: 'PAGE1',
      from: 'PSID1',
      text: 'hi page',
      mid: 'm_1',
      at,
    });
    expect(normaliseMetaWebhook(payload).batches).toEqual([
      {
        channel: 'facebook',
        accountId: 'PAGE1',
        acks: [],
        messages: [
          {
            data: {
              channel: 'facebook',
              externalId: 'm_1',
              fromMe: false,
              peer: { number: 'PSID1', isGroup: false },
              kind: 'message',
              mediaType: 'chat',
              body: 'hi page',
              sentAt: at.toISOString(),
              quotedExternalId: undefined,
            },
          },
        ],
      },
    ]);
  });

  it('routes Instagram payloads to the instagram channel, attachments by URL', () => {
    const payload = messengerWebhooks.attachment('instagram', {
      accountId: 'IG1',
      from: 'IGSID',
      type: 'image',
      url: 'https://cdn.example/p.jpg',
      mid: 'm_2',
    });
    const [batch] = normaliseMetaWebhook(payload).batches;
    expect(batch).toMatchObject({ channel: 'instagram', accountId: 'IG1' });
    expect(batch.messages[0].media).toEqual({
      source: 'url',
      url: 'https://cdn.example/p.jpg',
      fileName: 'image-m2.bin',
      mediaType: 'image',
    });
  });

  it('turns deliveries into acks of 2 and echoes into fromMe messages', () => {
    const delivery = messengerWebhooks.delivery('PAGE1', 'PSID1', ['m_a', 'm_b']);
    expect(normaliseMetaWebhook(delivery).batches[0].acks).toEqual([
      { externalId: 'm_a', ack: 2 },
      { externalId: 'm_b', ack: 2 },
    ]);
    const echo = messengerWebhooks.text('page', {
      accountId: 'PAGE1',
      from: 'PAGE1',
      text: 'from the page app',
      mid: 'm_e',
    });
    const event = echo.entry[0].messaging[0] as {
      recipient: { id: string };
      message: Record<string, unknown>;
    };
    event.recipient.id = 'PSID1';
    event.message.is_echo = true;
    expect(normaliseMetaWebhook(echo).batches[0].messages[0].data).toMatchObject({
      fromMe: true,
      peer: { number: 'PSID1' },
    });
  });
});
