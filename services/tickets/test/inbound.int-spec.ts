import { randomUUID } from 'node:crypto';
import {
  SettingDefaults,
  eventSubject,
  type DomainEvent,
  type InboundMessageEventData,
  type MessageEventData,
  type PresenceEventData,
  type TicketEventData,
} from '@sb/contracts';
import { answerCompanySettings, answerConnections } from './replica-stand-ins.js';
import { startTicketsTestApp, type TicketsTestApp } from './tickets-test-app.js';

/** Connection 5 refuses groups, 6 takes them as group tickets; connectors does not know 9. */
const connections: Record<number, { allowGroup: boolean; groupAsTicket: 'enabled' | 'disabled' }> =
  {
    5: { allowGroup: false, groupAsTicket: 'disabled' },
    6: { allowGroup: true, groupAsTicket: 'disabled' },
  };

const until = async (check: () => Promise<boolean>, timeoutMs = 8000) => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('inbound messages (connectors.message.received)', () => {
  let app: TicketsTestApp;
  let seq = 0;

  const received = (over: Partial<InboundMessageEventData>, companyId = 1) => {
    seq += 1;
    const data: InboundMessageEventData = {
      connectionId: 5,
      channel: 'whatsapp',
      externalId: `wa-in-${seq}`,
      fromMe: false,
      peer: { number: '5511977770001', isGroup: false },
      kind: 'message',
      mediaType: 'chat',
      body: `message ${seq}`,
      sentAt: new Date().toISOString(),
      ...over,
    };
    const event: DomainEvent<InboundMessageEventData> = {
      id: randomUUID(),
      subject: eventSubject(companyId, 'connectors', 'message', 'received'),
      companyId,
      occurredAt: new Date().toISOString(),
      data,
    };
    return event;
  };
  const publish = async <T>(event: DomainEvent<T>): Promise<DomainEvent<T>> => {
    await app.bus.publish(event);
    return event;
  };

  const count = async (sql: string, params: unknown[]) =>
    Number((await app.db.query<{ n: string }>(sql, params)).rows[0]!.n);
  const messageCount = (wid: string) =>
    count('SELECT count(*) AS n FROM tickets.messages WHERE wid = $1', [wid]);
  const messageRow = async (wid: string) =>
    (
      await app.db.query<{
        id: string;
        body: string;
        ticket_id: number;
        contact_id: number | null;
        media_type: string;
        media_key: string | null;
        data_json: Record<string, unknown> | null;
        is_edited: boolean;
        is_deleted: boolean;
        from_me: boolean;
        participant: string | null;
        company_id: number;
      }>('SELECT * FROM tickets.messages WHERE wid = $1', [wid])
    ).rows[0];
  const contactsOf = async (number: string, companyId = 1) =>
    (
      await app.db.query<{ id: number; name: string; lid: string | null; number: string }>(
        `SELECT id, name, lid, number FROM tickets.contacts
          WHERE company_id = $1 AND (number = $2 OR lid = $2) ORDER BY id`,
        [companyId, number],
      )
    ).rows;
  const ticketsOf = async (contactId: number) =>
    (
      await app.db.query<{
        id: number;
        status: string;
        unread_messages: number;
        last_message: string;
        whatsapp_id: number;
        user_id: number | null;
        is_group: boolean;
      }>('SELECT * FROM tickets.tickets WHERE contact_id = $1 ORDER BY id', [contactId])
    ).rows;
  const outbox = async <T>(subjectLike: string) =>
    (
      await app.db.query<{ subject: string; payload: T }>(
        'SELECT subject, payload FROM tickets.outbox_event WHERE subject LIKE $1 ORDER BY seq',
        [subjectLike],
      )
    ).rows;

  beforeAll(async () => {
    app = await startTicketsTestApp('tickets-inbound-int-spec');
    await answerConnections(app.bus, () =>
      Object.entries(connections).map(([id, known]) => ({
        id: Number(id),
        name: `Connection ${id}`,
        channel: 'whatsapp',
        ...known,
      })),
    );
    await answerCompanySettings(app.bus, (companyId, key) => {
      // Company 2 keeps deleted messages readable (lgpdDeleteMessage off); company 1 erases them.
      if (key === 'lgpdDeleteMessage') return companyId === 2 ? 'disabled' : 'enabled';
      if (key === 'lgpdHideNumber') return 'disabled';
      return SettingDefaults[key as keyof typeof SettingDefaults];
    });
  });

  afterAll(async () => {
    await app.close();
  });

  it('creates the contact, a pending ticket and the message, with its socket events', async () => {
    const event = await publish(
      received({ peer: { number: '+55 11 97777-0001', isGroup: false } }),
    );
    await until(async () => (await messageCount(event.data.externalId)) === 1);
    const [contact] = await contactsOf('5511977770001');
    expect(contact).toMatchObject({ name: '5511977770001', number: '5511977770001' });
    const [ticket] = await ticketsOf(contact!.id);
    expect(ticket).toMatchObject({
      status: 'pending',
      unread_messages: 1,
      last_message: event.data.body,
      whatsapp_id: 5,
      user_id: null,
    });
    const message = await messageRow(event.data.externalId);
    expect(message).toMatchObject({
      body: event.data.body,
      ticket_id: ticket!.id,
      contact_id: contact!.id,
      from_me: false,
      company_id: 1,
    });
    const created = await outbox<MessageEventData>('evt.1.tickets.message.created');
    expect(created.at(-1)!.payload).toMatchObject({
      message: { id: message!.id, body: event.data.body, fromMe: false },
      ticket: { id: ticket!.id, status: 'pending', unreadMessages: 1 },
      contact: { id: contact!.id, number: '5511977770001' },
    });
    // the one event is the ticket's update too: no separate ticket.updated for the same change
    expect(created.at(-1)!.payload.ticketChange).toEqual({});
    const updated = await outbox<TicketEventData>('evt.1.tickets.ticket.updated');
    expect(updated.filter((row) => row.payload.ticket.id === ticket!.id)).toEqual([]);
    // the contact event of a contact the message created carries the whole stored row
    const contactEvents = await outbox<{ contact: Record<string, unknown> }>(
      'evt.1.tickets.contact.created',
    );
    const contactEvent = contactEvents.find((row) => row.payload.contact.id === contact!.id);
    expect(contactEvent!.payload.contact).toEqual({
      id: contact!.id,
      companyId: 1,
      name: '5511977770001',
      number: '5511977770001',
      email: '',
      channel: 'whatsapp',
      isGroup: false,
      active: true,
      disableBot: false,
      acceptAudioMessage: true,
      lgpdAcceptedAt: null,
      urlPicture: null,
      extraInfo: [],
      tags: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(
      await count('SELECT count(*) AS n FROM tickets.ticket_logs WHERE ticket_id = $1', [
        ticket!.id,
      ]),
    ).toBe(1);
  });

  it('reuses the ticket, counts unread and names the contact only while the name is the number', async () => {
    const named = await publish(
      received({ peer: { number: '5511977770001', name: 'Maria', isGroup: false } }),
    );
    await until(async () => (await messageCount(named.data.externalId)) === 1);
    const renamed = await publish(
      received({ peer: { number: '5511977770001', name: 'Someone Else', isGroup: false } }),
    );
    await until(async () => (await messageCount(renamed.data.externalId)) === 1);
    const [contact] = await contactsOf('5511977770001');
    expect(contact!.name).toBe('Maria');
    const tickets = await ticketsOf(contact!.id);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ unread_messages: 3, last_message: renamed.data.body });
  });

  it('stores a message once when the event or the channel message comes twice', async () => {
    const event = received({ peer: { number: '5511977770002', isGroup: false } });
    await publish(event);
    await publish(event); // the same event id again
    await publish({ ...event, id: randomUUID() }); // the channel delivered the message twice
    await until(async () => (await messageCount(event.data.externalId)) === 1);
    await settle();
    expect(await messageCount(event.data.externalId)).toBe(1);
    const [contact] = await contactsOf('5511977770002');
    expect((await ticketsOf(contact!.id))[0]!.unread_messages).toBe(1);
    const { id } = (await messageRow(event.data.externalId))!;
    const created = await outbox<MessageEventData>('evt.1.tickets.message.created');
    expect(created.filter((row) => row.payload.message.id === id)).toHaveLength(1);
  });

  it('ignores status broadcasts, our own echoes and groups the connection refuses', async () => {
    const status = await publish(
      received({ peer: { number: 'status@broadcast', isGroup: false } }),
    );
    const [contact] = await contactsOf('5511977770001');
    const [ticket] = await ticketsOf(contact!.id);
    const wid = `wa-echo-${randomUUID()}`;
    await app.given.newMessage(ticket!.id, {
      wid,
      contactId: null,
      body: 'sent by an agent',
      fromMe: true,
      ack: 1,
    });
    const echo = await publish(
      received({ externalId: wid, fromMe: true, body: 'sent by an agent' }),
    );
    const group = await publish(
      received({
        connectionId: 5,
        peer: { number: '120363000001@g.us', isGroup: true, name: 'Team' },
        participant: { number: '5511977770009', isGroup: false },
      }),
    );
    const marker = await publish(received({ peer: { number: '5511977770001', isGroup: false } }));
    await until(async () => (await messageCount(marker.data.externalId)) === 1);
    await settle();
    expect(await messageCount(status.data.externalId)).toBe(0);
    expect(await messageCount(echo.data.externalId)).toBe(1);
    expect(await messageCount(group.data.externalId)).toBe(0);
    expect(await contactsOf('120363000001@g.us')).toHaveLength(0);
  });

  it('opens a group ticket with the member as sender when the connection allows groups', async () => {
    const event = await publish(
      received({
        connectionId: 6,
        peer: { number: '120363000002@g.us', isGroup: true, name: 'Sales team' },
        participant: { number: '5511977770010', name: 'Joana', isGroup: false },
      }),
    );
    await until(async () => (await messageCount(event.data.externalId)) === 1);
    const [group] = await contactsOf('120363000002@g.us');
    const [member] = await contactsOf('5511977770010');
    expect(group!.name).toBe('Sales team');
    expect(member!.name).toBe('Joana');
    expect(await ticketsOf(group!.id)).toMatchObject([{ status: 'group', is_group: true }]);
    expect(await ticketsOf(member!.id)).toHaveLength(0);
    expect(await messageRow(event.data.externalId)).toMatchObject({
      contact_id: member!.id,
      participant: '5511977770010',
    });
  });

  it('keeps a group ticket when connectors does not answer for the connection', async () => {
    const event = await publish(
      received({
        connectionId: 9,
        peer: { number: '120363000003@g.us', isGroup: true },
        participant: { number: '5511977770011', isGroup: false },
      }),
    );
    await until(async () => (await messageCount(event.data.externalId)) === 1);
    const [group] = await contactsOf('120363000003@g.us');
    expect(await ticketsOf(group!.id)).toMatchObject([{ status: 'group' }]);
  });

  it('reopens a closed ticket as pending without an agent', async () => {
    const [contact] = await contactsOf('5511977770002');
    const [ticket] = await ticketsOf(contact!.id);
    await app.db.query(
      `UPDATE tickets.tickets SET status = 'closed', user_id = 10, unread_messages = 0 WHERE id = $1`,
      [ticket!.id],
    );
    const event = await publish(received({ peer: { number: '5511977770002', isGroup: false } }));
    await until(async () => (await messageCount(event.data.externalId)) === 1);
    const tickets = await ticketsOf(contact!.id);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ status: 'pending', user_id: null, unread_messages: 1 });
    const created = await outbox<MessageEventData>('evt.1.tickets.message.created');
    expect(created.at(-1)!.payload).toMatchObject({
      ticketChange: { previousStatus: 'closed' },
      ticket: { id: ticket!.id, status: 'pending' },
    });
  });

  it('keeps one contact for a number and its LID', async () => {
    const first = await publish(
      received({ peer: { number: '5511977770003', lid: '88001', isGroup: false } }),
    );
    await until(async () => (await messageCount(first.data.externalId)) === 1);
    const byLid = await publish(
      received({ peer: { number: '88001', lid: '88001', isGroup: false } }),
    );
    await until(async () => (await messageCount(byLid.data.externalId)) === 1);
    const contacts = await contactsOf('88001');
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ number: '5511977770003', lid: '88001' });
    expect(await ticketsOf(contacts[0]!.id)).toHaveLength(1);
  });

  it('never creates two contacts or two tickets for messages arriving at once', async () => {
    const burst = Array.from({ length: 12 }, (_, i) =>
      received({
        peer: { number: '5511977770004', ...(i % 2 ? { lid: '88002' } : {}), isGroup: false },
      }),
    );
    await Promise.all(burst.map((event) => publish(event)));
    await until(async () => {
      const rows = await Promise.all(burst.map((e) => messageCount(e.data.externalId)));
      return rows.every((n) => n === 1);
    });
    const contacts = await contactsOf('5511977770004');
    expect(contacts).toHaveLength(1);
    const tickets = await ticketsOf(contacts[0]!.id);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.unread_messages).toBe(12);
  });

  it('stores media references, locations, vCards, reactions and call logs', async () => {
    const image = await publish(
      received({
        mediaType: 'image',
        body: '',
        media: {
          key: 'company-1/inbound/photo.jpg',
          mimeType: 'image/jpeg',
          fileName: 'photo.jpg',
          size: 10,
          mediaType: 'image',
        },
      }),
    );
    const location = await publish(
      received({
        mediaType: 'locationMessage',
        body: '',
        location: { latitude: -23.56, longitude: -46.65, description: 'Office' },
      }),
    );
    const vcard = await publish(
      received({
        mediaType: 'contactMessage',
        body: 'Ana',
        vcard: 'BEGIN:VCARD\nFN:Ana\nEND:VCARD',
      }),
    );
    const call = await publish(received({ mediaType: 'call_log', body: 'voice call' }));
    await until(async () => (await messageCount(call.data.externalId)) === 1);
    const reaction = await publish(
      received({
        kind: 'reaction',
        mediaType: 'reactionMessage',
        body: '👍',
        targetExternalId: call.data.externalId,
      }),
    );
    await until(async () => (await messageCount(reaction.data.externalId)) === 1);
    expect(await messageRow(image.data.externalId)).toMatchObject({
      media_type: 'image',
      media_key: 'company-1/inbound/photo.jpg',
    });
    expect(await messageRow(location.data.externalId)).toMatchObject({
      body: 'Office',
      media_type: 'locationMessage',
      data_json: { location: { latitude: -23.56, longitude: -46.65, description: 'Office' } },
    });
    expect(await messageRow(vcard.data.externalId)).toMatchObject({
      body: 'Ana',
      data_json: { vcard: 'BEGIN:VCARD\nFN:Ana\nEND:VCARD' },
    });
    expect(await messageRow(call.data.externalId)).toMatchObject({ media_type: 'call_log' });
    const callRow = await messageRow(call.data.externalId);
    const reactionRow = await app.db.query<{ quoted_msg_id: string; media_type: string }>(
      'SELECT quoted_msg_id, media_type FROM tickets.messages WHERE wid = $1',
      [reaction.data.externalId],
    );
    expect(reactionRow.rows[0]).toEqual({
      quoted_msg_id: callRow!.id,
      media_type: 'reactionMessage',
    });
  });

  it('applies the channel’s edits and revokes to the stored message', async () => {
    const original = await publish(received({ body: 'typo' }));
    await until(async () => (await messageCount(original.data.externalId)) === 1);
    await publish(
      received({ kind: 'edit', body: 'fixed', targetExternalId: original.data.externalId }),
    );
    await until(async () => (await messageRow(original.data.externalId))!.is_edited);
    expect(await messageRow(original.data.externalId)).toMatchObject({
      body: 'fixed',
      is_edited: true,
    });
    await publish(
      received({ kind: 'revoke', body: '', targetExternalId: original.data.externalId }),
    );
    await until(async () => (await messageRow(original.data.externalId))!.is_deleted);
    const updates = await outbox<MessageEventData>('evt.1.tickets.message.updated');
    const id = (await messageRow(original.data.externalId))!.id;
    const mine = updates.filter((row) => row.payload.message.id === id);
    expect(mine.map((row) => [row.payload.message.body, row.payload.message.isDeleted])).toEqual([
      ['fixed', false],
      ['', true],
    ]);
    expect((await messageRow(original.data.externalId))!.body).toBe('');
  });

  it('keeps a revoked message readable, marked deleted, while lgpdDeleteMessage is off', async () => {
    const original = await publish(received({ body: 'still here' }, 2));
    await until(async () => (await messageCount(original.data.externalId)) === 1);
    await publish(
      received({ kind: 'revoke', body: '', targetExternalId: original.data.externalId }, 2),
    );
    await until(async () => (await messageRow(original.data.externalId))!.is_deleted);
    expect(await messageRow(original.data.externalId)).toMatchObject({
      body: 'still here',
      is_deleted: true,
    });
    const updates = await outbox<MessageEventData>('evt.2.tickets.message.updated');
    const id = (await messageRow(original.data.externalId))!.id;
    expect(updates.find((row) => row.payload.message.id === id)?.payload.message).toMatchObject({
      body: 'still here',
      isDeleted: true,
    });
  });

  it('keeps each company apart', async () => {
    await publish(
      received({ peer: { number: '5511977770001', isGroup: false }, externalId: 'wa-same-id' }, 2),
    );
    const mine = await publish(received({ externalId: 'wa-same-id' }));
    await until(async () => (await messageCount('wa-same-id')) === 2);
    expect(await contactsOf('5511977770001', 2)).toHaveLength(1);
    const rows = await app.db.query<{ company_id: number }>(
      'SELECT company_id FROM tickets.messages WHERE wid = $1 ORDER BY company_id',
      [mine.data.externalId],
    );
    expect(rows.rows.map((row) => row.company_id)).toEqual([1, 2]);
  });

  it('shows the contact typing on its ticket without storing anything', async () => {
    const seen: TicketEventData[] = [];
    const subscription = await app.bus.subscribe<TicketEventData>(
      'evt.1.tickets.ticket.updated',
      (event) => {
        if (event.data.ticket.presence !== undefined) seen.push(event.data);
      },
    );
    // Only the contact's own messages: a greeting the bot sends for an earlier test may land meanwhile.
    const inbound =
      'SELECT count(*) AS n FROM tickets.messages WHERE company_id = 1 AND NOT from_me';
    const before = await count(inbound, []);
    await app.bus.publish({
      id: randomUUID(),
      subject: eventSubject(1, 'connectors', 'presence', 'updated'),
      companyId: 1,
      occurredAt: new Date().toISOString(),
      data: {
        connectionId: 5,
        peerNumber: '5511977770001',
        presence: 'composing',
      } satisfies PresenceEventData,
    });
    await until(() => Promise.resolve(seen.length === 1));
    await subscription.unsubscribe();
    const [contact] = await contactsOf('5511977770001');
    expect(seen[0]!.ticket).toMatchObject({ contactId: contact!.id, presence: 'composing' });
    expect(await count(inbound, [])).toBe(before);
  });
});
