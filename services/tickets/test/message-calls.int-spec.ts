import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Subjects,
  type BusRequest,
  type MessageRecord,
  type RequestContext,
  type SendMessageCommand,
  type StoredMedia,
  type TicketImages,
  type TicketRecord,
} from '@sb/contracts';
import { createStorage, mediaKey, type ObjectStorage } from '@sb/storage';
import type { ContactFixture } from '@sb/testing';
import { answerCompanySettings, answerUserRecords } from './replica-stand-ins.js';
import { startTicketsTestApp, type TicketsTestApp } from './tickets-test-app.js';

// Issue 19's message calls on the tickets service: reactions, the ticket's image gallery, forwarding
// several messages at once, and the creation and media error codes of spec 1 §8.

const S = Subjects.tickets;
const admin: Partial<RequestContext> = { companyId: 1, userId: 10, profile: 'admin', lang: 'en' };
const stranger: Partial<RequestContext> = { companyId: 1, userId: 11, profile: 'user' };
const otherCompany: Partial<RequestContext> = { companyId: 2, userId: 20, profile: 'admin' };
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 5000) => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('message calls (reactions, gallery, bulk forward, creation errors)', () => {
  let app: TicketsTestApp;
  let mediaDir: string;
  let storage: ObjectStorage;
  let contact: ContactFixture;
  let ticketId: number;
  const sent: SendMessageCommand[] = [];

  const storedImage = async (name: string): Promise<StoredMedia> => {
    const key = mediaKey({ companyId: 1, area: 'messages', fileName: name });
    await storage.put(key, png, { contentType: 'image/png', size: png.length });
    return { key, mimeType: 'image/png', fileName: name, size: png.length, mediaType: 'image' };
  };
  const widOf = async (id: string) =>
    (
      await app.db.query<{ wid: string | null }>('SELECT wid FROM tickets.messages WHERE id = $1', [
        id,
      ])
    ).rows[0]?.wid ?? null;
  const sendText = async (body: string) =>
    (await app.call<MessageRecord[]>(S.messageSend, { ticketId, body }, admin))[0]!;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'sb-message-calls-'));
    storage = await createStorage({ MEDIA_DIR: mediaDir });
    app = await startTicketsTestApp('tickets-message-calls-int-spec', { MEDIA_DIR: mediaDir });
    await app.bus.handle(Subjects.connectors.messageSend, (payload: BusRequest) => {
      sent.push(payload.data as SendMessageCommand);
      return Promise.resolve({
        externalId: `wa-${sent.length}`,
        ack: 1,
        sentAt: new Date().toISOString(),
      });
    });
    await app.bus.handle(Subjects.connectors.messageRead, () => Promise.resolve({ ok: true }));
    await answerCompanySettings(app.bus, (_companyId, key) =>
      key === 'lgpdHideNumber' ? 'disabled' : 'enabled',
    );
    await answerUserRecords(app.bus, () => []);
    await app.bus.handle(Subjects.identity.userGet, (payload: BusRequest) => {
      const { id } = payload.data as { id: number };
      return Promise.resolve({
        id,
        name: 'Ana Agent',
        allTicket: 'disable',
        allowGroup: false,
        queueIds: [],
      });
    });
    contact = await app.given.newContact(1, { name: 'Maria Silva', number: '5511988887777' });
    ticketId = (
      await app.given.newTicket(1, { contact: contact.id, status: 'open', whatsapp: 5, user: 10 })
    ).id;
  });

  afterAll(async () => {
    await app.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('stores a reaction quoting its message and sends it to the channel', async () => {
    const message = await sendText('react to me');
    await until(async () => (await widOf(message.id)) !== null);
    const wid = await widOf(message.id);
    const reaction = await app.call<MessageRecord>(
      S.messageReact,
      { id: message.id, type: '👍' },
      admin,
    );
    expect(reaction).toMatchObject({
      body: '👍',
      mediaType: 'reactionMessage',
      fromMe: true,
      quotedMsg: { id: message.id, body: 'react to me' },
    });
    await until(() => sent.some((c) => c.reaction !== undefined));
    expect(sent.find((c) => c.reaction)).toMatchObject({
      connectionId: 5,
      body: '👍',
      reaction: { externalId: wid, fromMe: true },
    });
  });

  it('refuses reactions to what never reached the channel, to others and with no emoji', async () => {
    const [note] = await app.call<MessageRecord[]>(
      S.messageSend,
      { ticketId, body: 'internal', isPrivate: true },
      admin,
    );
    await expect(
      app.call(S.messageReact, { id: note!.id, type: '👍' }, admin),
    ).rejects.toMatchObject({ code: 'ERR_FETCH_WAPP_MSG', status: 400 });
    await expect(
      app.call(S.messageReact, { id: note!.id, type: '👍' }, otherCompany),
    ).rejects.toMatchObject({ code: 'ERR_NO_MESSAGE_FOUND' });
    await expect(
      app.call(S.messageReact, { id: note!.id, type: '👍' }, stranger),
    ).rejects.toMatchObject({ code: 'ERR_NO_TICKET_FOUND' });
    await expect(
      app.call(S.messageReact, { id: note!.id, type: ' ' }, admin),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
  });

  it("answers the conversation's images as signed links, oldest first", async () => {
    const first = await storedImage('first.png');
    const second = await storedImage('second.png');
    for (const media of [first, second]) {
      await app.call(S.messageSend, { ticketId, medias: [media] }, admin);
    }
    const { images } = await app.call<TicketImages>(S.messageImages, { ticketId }, admin);
    expect(images.map((i) => i.mediaName)).toEqual(['first.png', 'second.png']);
    expect(images[0]!.mediaUrl).toMatch(/^\/media\/.*first\.png\?.*sig=/);
    await expect(app.call(S.messageImages, { ticketId }, otherCompany)).rejects.toMatchObject({
      code: 'ERR_NO_TICKET_FOUND',
    });
    await expect(app.call(S.messageImages, { ticketId }, stranger)).rejects.toMatchObject({
      code: 'ERR_NO_TICKET_FOUND',
    });
  });

  it('forwards several messages at once, in order, to one ticket of the contact', async () => {
    const a = await sendText('first of two');
    const [image] = await app.call<MessageRecord[]>(
      S.messageSend,
      { ticketId, medias: [await storedImage('photo.png')], body: 'a photo' },
      admin,
    );
    const target = await app.given.newContact(1, { name: 'Joana', number: '5511966665555' });
    const copies = await app.call<MessageRecord[]>(
      S.messageForward,
      { messageIds: [a.id, image!.id], contactId: target.id },
      admin,
    );
    expect(copies.map((c) => [c.body, c.mediaType, c.isForwarded])).toEqual([
      ['first of two', 'chat', true],
      ['a photo', 'image', true],
    ]);
    expect(new Set(copies.map((c) => c.ticketId)).size).toBe(1);
    await until(() => sent.filter((c) => c.peer.number === '5511966665555').length === 2);
    const toTarget = sent.filter((c) => c.peer.number === '5511966665555');
    expect(toTarget.map((c) => c.body)).toEqual(['first of two', 'a photo']);
    expect(toTarget[1]!.media).toMatchObject({ mimeType: 'image/png', size: png.length });
    await expect(
      app.call(S.messageForward, { messageIds: [], contactId: target.id }, admin),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
    const [note] = await app.call<MessageRecord[]>(
      S.messageSend,
      { ticketId, body: 'internal only', isPrivate: true },
      admin,
    );
    await expect(
      app.call(S.messageForward, { messageIds: [a.id, note!.id], contactId: target.id }, admin),
    ).rejects.toMatchObject({ code: 'ERR_NO_MESSAGE_FOUND' });
    await expect(
      app.call(
        S.messageForward,
        { messageId: a.id, messageIds: [a.id], contactId: target.id },
        admin,
      ),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION' });
  });

  it('refuses to forward a file that storage no longer has (ERR_WAPP_DOWNLOAD_MEDIA)', async () => {
    const media = await storedImage('gone.png');
    const [message] = await app.call<MessageRecord[]>(
      S.messageSend,
      { ticketId, medias: [media] },
      admin,
    );
    await storage.remove(media.key);
    const target = await app.given.newContact(1, { name: 'Rui', number: '5511955554444' });
    await expect(
      app.call(S.messageForward, { messageId: message!.id, contactId: target.id }, admin),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_DOWNLOAD_MEDIA', status: 400 });
    const { rows } = await app.db.query('SELECT id FROM tickets.tickets WHERE contact_id = $1', [
      target.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('answers ERR_CREATING_MESSAGE when the database refuses the message', async () => {
    await app.db.query(
      `ALTER TABLE tickets.messages ADD CONSTRAINT test_refused_body CHECK (body <> 'refused body') NOT VALID`,
    );
    try {
      await expect(
        app.call(S.messageSend, { ticketId, body: 'refused body' }, admin),
      ).rejects.toMatchObject({ code: 'ERR_CREATING_MESSAGE', status: 400 });
      const { rows } = await app.db.query(
        `SELECT id FROM tickets.messages WHERE body = 'refused body'`,
      );
      expect(rows).toEqual([]);
    } finally {
      await app.db.query('ALTER TABLE tickets.messages DROP CONSTRAINT test_refused_body');
    }
  });

  it('answers ERR_CREATING_TICKET when the database refuses the ticket', async () => {
    const refused = await app.given.newContact(1, { name: 'Refused', number: '5511944443333' });
    await app.db.query(
      `ALTER TABLE tickets.tickets ADD CONSTRAINT test_refused_contact CHECK (contact_id <> ${refused.id}) NOT VALID`,
    );
    try {
      await expect(
        app.call<TicketRecord>(
          S.ticketCreate,
          { contactId: refused.id, status: 'open', whatsappId: 5 },
          admin,
        ),
      ).rejects.toMatchObject({ code: 'ERR_CREATING_TICKET', status: 400 });
      const message = await sendText('for a refused contact');
      await expect(
        app.call(S.messageForward, { messageId: message.id, contactId: refused.id }, admin),
      ).rejects.toMatchObject({ code: 'ERR_CREATING_TICKET' });
    } finally {
      await app.db.query('ALTER TABLE tickets.tickets DROP CONSTRAINT test_refused_contact');
    }
  });
});
