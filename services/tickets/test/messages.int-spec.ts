import { randomUUID } from 'node:crypto';
import {
  DomainEventTypes,
  Subjects,
  eventSubject,
  type BusRequest,
  type MessageAckEventData,
  type MessageRecord,
  type MessagesPage,
  type RequestContext,
  type SendMessageCommand,
} from '@sb/contracts';
import type { ContactFixture } from '@sb/testing';
import { answerCompanySettings, answerUserRecords } from './replica-stand-ins.js';
import { startTicketsTestApp, type TicketsTestApp } from './tickets-test-app.js';

const S = Subjects.tickets;
const admin: Partial<RequestContext> = { companyId: 1, userId: 10, profile: 'admin', lang: 'en' };
const otherCompany: Partial<RequestContext> = { companyId: 2, userId: 20, profile: 'admin' };

const until = async (check: () => Promise<boolean>, timeoutMs = 5000) => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('messages', () => {
  let app: TicketsTestApp;
  let contact: ContactFixture;
  let ticketId: number;
  const sent: SendMessageCommand[] = [];
  const channelUp = { value: true };

  const insertTicket = async (contactId: number, status: string, whatsappId = 5) =>
    (await app.given.newTicket(1, { contact: contactId, status, whatsapp: whatsappId, user: 10 }))
      .id;

  const events = async (entity: string) => {
    const { rows } = await app.db.query<{ subject: string }>(
      `SELECT subject FROM tickets.outbox_event WHERE subject LIKE $1 ORDER BY seq`,
      [`evt.%.tickets.${entity}.%`],
    );
    return rows.map((r) => r.subject);
  };

  const stored = async (id: string) => {
    const { rows } = await app.db.query<{
      ack: number;
      wid: string | null;
      body: string;
      send_error: string | null;
    }>('SELECT ack, wid, body, send_error FROM tickets.messages WHERE id = $1', [id]);
    return rows[0];
  };

  beforeAll(async () => {
    app = await startTicketsTestApp('tickets-messages-int-spec');
    await app.bus.handle(Subjects.connectors.messageSend, (payload: BusRequest) => {
      if (!channelUp.value) return Promise.reject(new Error('channel down'));
      const command = payload.data as SendMessageCommand;
      sent.push(command);
      return Promise.resolve({
        externalId: `wa-${sent.length}`,
        ack: 1,
        sentAt: new Date().toISOString(),
      });
    });
    await app.bus.handle(Subjects.connectors.messageRevoke, () => Promise.resolve({ ok: true }));
    await app.bus.handle(Subjects.connectors.messageEdit, () => Promise.resolve({ ok: true }));
    await app.bus.handle(Subjects.connectors.messageRead, () => Promise.resolve({ ok: true }));
    await answerCompanySettings(app.bus, (_companyId, key) =>
      key === 'lgpdHideNumber' ? 'disabled' : 'enabled',
    );
    // no user listed: each one is asked for once (identity.user.get below)
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
    ticketId = await insertTicket(contact.id, 'open');
  });

  afterAll(async () => {
    await app.close();
  });

  it('stores a text at once, sends it after commit and records the channel id and ack', async () => {
    const [message] = await app.call<MessageRecord[]>(
      S.messageSend,
      { ticketId, body: 'Hello {{firstName}}, ticket {{ticket_id}}', signMessage: true },
      admin,
    );
    expect(message).toMatchObject({
      fromMe: true,
      body: `*Ana Agent:*\nHello Maria, ticket ${ticketId}`,
      mediaType: 'chat',
    });
    await until(async () => (await stored(message!.id))?.wid === `wa-${sent.length}`);
    expect(sent.at(-1)).toMatchObject({
      connectionId: 5,
      peer: { number: '5511988887777', isGroup: false },
      body: `*Ana Agent:*\nHello Maria, ticket ${ticketId}`,
    });
    expect((await stored(message!.id))?.ack).toBe(1);
    expect(await events('message')).toEqual(
      expect.arrayContaining(['evt.1.tickets.message.created', 'evt.1.tickets.message.updated']),
    );
    const { rows } = await app.db.query<{ last_message: string; from_me: boolean }>(
      'SELECT last_message, from_me FROM tickets.tickets WHERE id = $1',
      [ticketId],
    );
    expect(rows[0]).toEqual({
      last_message: expect.stringContaining('Hello Maria'),
      from_me: true,
    });
  });

  it('sends a vCard and a quoted reply with the quoted channel id', async () => {
    const [card] = await app.call<MessageRecord[]>(
      S.messageSend,
      { ticketId, vCard: { name: 'Suporte', number: '+55 11 4000-1000' } },
      admin,
    );
    expect(card).toMatchObject({ mediaType: 'contactMessage' });
    expect(card!.body).toContain('waid=551140001000');
    await until(async () => sent.some((c) => c.vcard?.includes('FN:Suporte') ?? false));
    await until(async () => (await stored(card!.id))?.wid !== null);
    const [reply] = await app.call<MessageRecord[]>(
      S.messageSend,
      { ticketId, body: 'about that', quotedMsg: { id: card!.id } },
      admin,
    );
    expect(reply!.quotedMsg).toMatchObject({ id: card!.id, mediaType: 'contactMessage' });
    const wid = (await stored(card!.id))!.wid;
    await until(async () => sent.some((c) => c.body === 'about that'));
    expect(sent.find((c) => c.body === 'about that')).toMatchObject({ quotedExternalId: wid });
  });

  it('keeps a message the channel refused, with ack 0', async () => {
    channelUp.value = false;
    try {
      const [message] = await app.call<MessageRecord[]>(
        S.messageSend,
        { ticketId, body: 'lost?' },
        admin,
      );
      await until(async () => (await stored(message!.id))?.send_error !== null);
      expect(await stored(message!.id)).toEqual({
        ack: 0,
        wid: null,
        body: 'lost?',
        send_error: 'ERR_SENDING_WAPP_MSG',
      });
      const page = await app.call<MessagesPage>(S.messageList, { ticketId }, admin);
      expect(page.messages.find((m) => m.id === message!.id)).toMatchObject({
        ack: 0,
        sendError: 'ERR_SENDING_WAPP_MSG',
      });
    } finally {
      channelUp.value = true;
    }
  });

  it('stores private notes without sending them', async () => {
    const before = sent.length;
    const [note] = await app.call<MessageRecord[]>(
      S.messageSend,
      { ticketId, body: 'internal', isPrivate: true },
      admin,
    );
    expect(note).toMatchObject({ isPrivate: true, body: 'internal' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent.length).toBe(before);
    await app.call(S.messageDelete, { id: note!.id }, admin);
    expect(await stored(note!.id)).toBeUndefined();
    expect(await events('message')).toContain('evt.1.tickets.message.deleted');
  });

  it('applies acks forward only', async () => {
    const [message] = await app.call<MessageRecord[]>(
      S.messageSend,
      { ticketId, body: 'ack me' },
      admin,
    );
    await until(async () => (await stored(message!.id))?.wid !== null);
    const wid = (await stored(message!.id))!.wid!;
    const publish = (ack: MessageAckEventData['ack']) =>
      app.bus.publish({
        id: randomUUID(),
        subject: eventSubject(1, 'connectors', 'message', 'ack'),
        companyId: 1,
        occurredAt: new Date().toISOString(),
        data: { connectionId: 5, externalId: wid, ack } satisfies MessageAckEventData,
      });
    await publish(3);
    await until(async () => (await stored(message!.id))?.ack === 3);
    await publish(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await stored(message!.id))?.ack).toBe(3);
    expect(DomainEventTypes.connectors.messageAck.action).toBe('ack');
  });

  it('pages the conversation newest first, with earlier tickets as history', async () => {
    const other = await app.given.newContact(1, { name: 'Pedro', number: '5511977776666' });
    const oldTicket = await insertTicket(other.id, 'closed');
    for (let i = 0; i < 3; i += 1) {
      await app.call(
        S.messageSend,
        { ticketId: oldTicket, body: `old ${i}`, isPrivate: true },
        admin,
      );
    }
    const current = await insertTicket(other.id, 'open');
    for (let i = 0; i < 20; i += 1) {
      await app.call(
        S.messageSend,
        { ticketId: current, body: `new ${i}`, isPrivate: true },
        admin,
      );
    }
    const first = await app.call<MessagesPage>(S.messageList, { ticketId: current }, admin);
    expect(first.count).toBe(23);
    expect(first.hasMore).toBe(true);
    expect(first.messages.map((m) => m.body).at(-1)).toBe('new 19');
    expect(first.messages[0]!.body).toBe('new 0');
    const second = await app.call<MessagesPage>(
      S.messageList,
      { ticketId: current, pageNumber: 2 },
      admin,
    );
    expect(second.messages.map((m) => m.body)).toEqual(['old 0', 'old 1', 'old 2']);
    expect(second.hasMore).toBe(false);
    expect(first.ticket.id).toBe(current);
  });

  it('marks the ticket read when it is opened', async () => {
    await app.given.newMessage(ticketId, { body: 'hi', fromMe: false, wid: 'in-1' });
    await app.db.query('UPDATE tickets.tickets SET unread_messages = 1 WHERE id = $1', [ticketId]);
    await app.call<MessagesPage>(S.messageList, { ticketId }, admin);
    const { rows } = await app.db.query<{ unread_messages: number }>(
      'SELECT unread_messages FROM tickets.tickets WHERE id = $1',
      [ticketId],
    );
    expect(rows[0]!.unread_messages).toBe(0);
    expect(await events('ticket')).toContain('evt.1.tickets.ticket.unread-reset');
  });

  it('marks the open ticket read again as messages arrive, only for those who may see it', async () => {
    await app.given.newMessage(ticketId, { body: 'again', fromMe: false, wid: 'in-2' });
    await app.db.query('UPDATE tickets.tickets SET unread_messages = 2 WHERE id = $1', [ticketId]);
    const before = (await events('ticket')).length;
    await expect(app.call(S.messageRead, { ticketId }, admin)).resolves.toEqual({
      ticketId,
      unreadMessages: 0,
    });
    const { rows } = await app.db.query<{ unread_messages: number }>(
      'SELECT unread_messages FROM tickets.tickets WHERE id = $1',
      [ticketId],
    );
    expect(rows[0]!.unread_messages).toBe(0);
    expect((await events('ticket')).slice(before)).toContain('evt.1.tickets.ticket.unread-reset');
    const stranger = { companyId: 1, userId: 11, profile: 'user' as const };
    await expect(app.call(S.messageRead, { ticketId }, stranger)).rejects.toMatchObject({
      code: 'ERR_NO_TICKET_FOUND',
    });
    await expect(app.call(S.messageRead, { ticketId }, otherCompany)).rejects.toMatchObject({
      code: 'ERR_NO_TICKET_FOUND',
    });
    await expect(app.call(S.messageRead, { ticketId: 'x' }, admin)).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
    });
  });

  it('edits and revokes own messages only', async () => {
    const [message] = await app.call<MessageRecord[]>(
      S.messageSend,
      { ticketId, body: 'typo' },
      admin,
    );
    const edited = await app.call<MessageRecord>(
      S.messageEdit,
      { id: message!.id, body: 'fixed' },
      admin,
    );
    expect(edited).toMatchObject({ body: 'fixed', isEdited: true });
    await app.call(S.messageDelete, { id: message!.id }, admin);
    const page = await app.call<MessagesPage>(S.messageList, { ticketId }, admin);
    expect(page.messages.find((m) => m.id === message!.id)).toMatchObject({ isDeleted: true });
    const { rows } = await app.db.query<{ id: string }>(
      'SELECT id FROM tickets.messages WHERE from_me = false LIMIT 1',
    );
    await expect(app.call(S.messageDelete, { id: rows[0]!.id }, admin)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
  });

  it('lets a user reach only the tickets they may see', async () => {
    const holder = { companyId: 1, userId: 10, profile: 'user' as const };
    const stranger = { companyId: 1, userId: 11, profile: 'user' as const };
    await expect(app.call(S.messageList, { ticketId }, holder)).resolves.toMatchObject({
      ticket: { id: ticketId },
    });
    await expect(app.call(S.messageList, { ticketId }, stranger)).rejects.toMatchObject({
      code: 'ERR_NO_TICKET_FOUND',
    });
    await expect(app.call(S.messageSend, { ticketId, body: 'x' }, stranger)).rejects.toMatchObject({
      code: 'ERR_NO_TICKET_FOUND',
    });
  });

  it('refuses blocked contacts and other companies', async () => {
    await expect(
      app.call(S.messageSend, { ticketId, body: 'x' }, otherCompany),
    ).rejects.toMatchObject({ code: 'ERR_NO_TICKET_FOUND', status: 404 });
    await expect(app.call(S.messageList, { ticketId }, otherCompany)).rejects.toMatchObject({
      code: 'ERR_NO_TICKET_FOUND',
    });
    await app.db.query('UPDATE tickets.contacts SET active = false WHERE id = $1', [contact.id]);
    try {
      await expect(app.call(S.messageSend, { ticketId, body: 'x' }, admin)).rejects.toMatchObject({
        code: 'ERR_CONTACT_BLOCKED',
        status: 400,
      });
    } finally {
      await app.db.query('UPDATE tickets.contacts SET active = true WHERE id = $1', [contact.id]);
    }
  });

  it('forwards a message to another contact on a new ticket assigned to the requester', async () => {
    const [message] = await app.call<MessageRecord[]>(
      S.messageSend,
      { ticketId, body: 'fw me' },
      admin,
    );
    const target = await app.given.newContact(1, { name: 'Joana', number: '5511966665555' });
    const forwarded = await app.call<MessageRecord>(
      S.messageForward,
      { messageId: message!.id, contactId: target.id },
      admin,
    );
    expect(forwarded).toMatchObject({ body: 'fw me', isForwarded: true, fromMe: true });
    const { rows } = await app.db.query<{ status: string; user_id: number; whatsapp_id: number }>(
      'SELECT status, user_id, whatsapp_id FROM tickets.tickets WHERE contact_id = $1',
      [target.id],
    );
    expect(rows).toEqual([{ status: 'open', user_id: 10, whatsapp_id: 5 }]);
    await until(async () => sent.some((c) => c.peer.number === '5511966665555'));
  });
});
