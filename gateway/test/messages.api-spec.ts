import { randomUUID } from 'node:crypto';
import {
  socketEvent,
  type AppMessageSocketPayload,
  type AuthResult,
  type ContactRecord,
  type MessageRecord,
  type MessagesPage,
  type TicketImages,
} from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import { MaxMessageUploadBytes } from '../src/media/message-media.js';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import { startTicketsService } from '@sb/tickets';
import pg from 'pg';
import {
  busKinds,
  connectSocket,
  emitWithAck,
  json,
  recordEvents,
  waitFor,
  jwtSecret,
  startIdentityStack,
  stopIdentityStack,
  type IdentityStack,
} from './support/gateway-harness.js';

// Messages through the gateway against the real identity and tickets services: JSON and multipart sends,
// the page, edit, delete and forward, and another company's 404.

const kinds = await busKinds();
const root = { email: 'root@messages.test', password: 'messages-root-pw' };
// a 1×1 PNG: typed by its bytes, whatever the client claims
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(kinds)('messages over the $name', (kind) => {
  let stack: Partial<IdentityStack> = {};
  let tickets: RunningService | undefined;
  let ticketsDatabase: TestDatabase | undefined;
  let db: pg.Pool | undefined;
  const tokens = {} as Record<'super' | 'admin' | 'otherAdmin', string>;
  let ticketId: number;
  let otherContactId: number;
  const url = () => stack.gateway!.url;

  const call = (
    role: keyof typeof tokens,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Response> =>
    fetch(`${url()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${tokens[role]}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const ok = async <T>(res: Response): Promise<T> => {
    if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
    return (await json(res)) as T;
  };
  const login = async (email: string, password: string): Promise<AuthResult> =>
    ok<AuthResult>(
      await fetch(`${url()}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }),
    );

  beforeAll(async () => {
    const env = {
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: root.email,
      ADMIN_PASSWORD: root.password,
      AUTH_RATE_LIMIT: '0',
    };
    stack = await startIdentityStack(kind, {
      database: 'gateway_messages',
      env,
      beforeGateway: async (buses) => {
        ticketsDatabase = await createTestDatabase('gateway_messages_tickets');
        tickets = await startTicketsService({
          bus: buses.serviceBus,
          databaseUrl: ticketsDatabase.url,
          env,
        });
      },
    });
    db = new pg.Pool({ connectionString: ticketsDatabase!.url, max: 2 });
    const superSession = await login(root.email, root.password);
    tokens.super = superSession.token;
    await ok(
      await call('super', 'POST', '/companies', {
        name: 'Messages Other Co',
        email: 'other-admin@messages.test',
        password: 'other-pass-1',
        planId: superSession.user.company.planId,
      }),
    );
    tokens.otherAdmin = (await login('other-admin@messages.test', 'other-pass-1')).token;
    await ok(
      await call('super', 'POST', '/users', {
        name: 'Messages Admin',
        email: 'admin@messages.test',
        password: 'messages-pass-1',
        profile: 'admin',
      }),
    );
    const admin = await login('admin@messages.test', 'messages-pass-1');
    tokens.admin = admin.token;
    const contact = await ok<ContactRecord>(
      await call('admin', 'POST', '/contacts', { name: 'Carla Souza', number: '5511955554444' }),
    );
    otherContactId = (
      await ok<ContactRecord>(
        await call('admin', 'POST', '/contacts', { name: 'Davi', number: '5511944443333' }),
      )
    ).id;
    // no connection: the channel send fails after commit and the message stays with ack 0
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO tickets.tickets (uuid, company_id, status, contact_id, user_id, channel)
       VALUES ($1, $2, 'open', $3, $4, 'instagram') RETURNING id`,
      [randomUUID(), admin.user.companyId, contact.id, admin.user.id],
    );
    ticketId = rows[0]!.id;
  });

  afterAll(async () => {
    await stack.gateway?.close();
    await tickets?.close();
    await db?.end();
    await stopIdentityStack({ ...stack, gateway: undefined });
    await ticketsDatabase?.drop();
  });

  it('sends a text and pages it back, newest page first', async () => {
    const [message] = await ok<MessageRecord[]>(
      await call('admin', 'POST', `/messages/${ticketId}`, { body: 'Olá {{firstName}}' }),
    );
    expect(message).toMatchObject({ body: 'Olá Carla', fromMe: true, ack: 0 });
    const page = await ok<MessagesPage>(await call('admin', 'GET', `/messages/${ticketId}`));
    expect(page.messages.map((m) => m.body)).toContain('Olá Carla');
    expect(page.hasMore).toBe(false);
    const other = await call('otherAdmin', 'GET', `/messages/${ticketId}`);
    expect(other.status).toBe(404);
  });

  it('tells the open chat about a sent message over the socket', async () => {
    const socket = await connectSocket(url(), { token: tokens.admin });
    try {
      const received = recordEvents(socket);
      expect(await emitWithAck(socket, 'joinChatBox', ticketId)).toEqual({ ok: true });
      const started = Date.now();
      const [message] = await ok<MessageRecord[]>(
        await call('admin', 'POST', `/messages/${ticketId}`, { body: 'live' }),
      );
      const isCreate = (r: { event: string; payload: unknown }) =>
        r.event.endsWith('-appMessage') &&
        (r.payload as AppMessageSocketPayload).action === 'create' &&
        (r.payload as { message?: MessageRecord }).message?.id === message!.id;
      await waitFor(() => received.some(isCreate), 5_000, 'the appMessage create');
      const created = received.find(isCreate)!;
      expect(created.event).toBe(socketEvent.company(message!.companyId, 'appMessage'));
      expect(created.payload).toMatchObject({ ticket: { id: ticketId, lastMessage: 'live' } });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      socket.close();
    }
  });

  it('stores uploaded files typed by their bytes and refuses files over the channel limit', async () => {
    const form = new FormData();
    form.append('body', 'a picture');
    form.append('medias', new Blob([png], { type: 'application/x-anything' }), 'photo.bin');
    const res = await fetch(`${url()}/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}` },
      body: form,
    });
    const [message] = await ok<MessageRecord[]>(res);
    expect(message).toMatchObject({
      mediaType: 'image',
      body: 'a picture',
      mediaName: 'photo.png',
    });
    expect(message!.mediaUrl).toMatch(/^\/media\//);
    const media = await fetch(`${url()}${message!.mediaUrl}`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('image/png');

    // instagram takes at most 8 MB
    const big = new FormData();
    big.append('medias', new Blob([Buffer.alloc(9 * 1024 * 1024, 1)]), 'big.bin');
    const refused = await fetch(`${url()}/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}` },
      body: big,
    });
    expect(refused.status).toBe(413);
    expect(await json(refused)).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    // over what any channel takes, multer stops reading and the answer names that limit
    const huge = new FormData();
    huge.append('medias', new Blob([Buffer.alloc(MaxMessageUploadBytes + 1, 1)]), 'huge.bin');
    const stopped = await fetch(`${url()}/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}` },
      body: huge,
    });
    expect(stopped.status).toBe(413);
    expect(await json(stopped)).toMatchObject({
      message: `The file is larger than ${Math.round(MaxMessageUploadBytes / (1024 * 1024))} MB.`,
    });
  });

  it('deletes own messages, forwards, and validates ids', async () => {
    const [message] = await ok<MessageRecord[]>(
      await call('admin', 'POST', `/messages/${ticketId}`, { body: 'to forward' }),
    );
    const forwarded = await ok<MessageRecord>(
      await call('admin', 'POST', '/message/forward', {
        messageId: message!.id,
        contactId: otherContactId,
      }),
    );
    expect(forwarded).toMatchObject({ isForwarded: true, body: 'to forward' });
    expect((await call('otherAdmin', 'DELETE', `/messages/${message!.id}`)).status).toBe(404);
    expect((await call('admin', 'DELETE', `/messages/${message!.id}`)).status).toBe(200);
    const bad = await call('admin', 'DELETE', '/messages/not-a-uuid');
    expect(bad.status).toBe(400);
    // instagram messages cannot be edited; the forward went to the contact's whatsapp ticket
    const refused = await call('admin', 'PUT', `/messages/${message!.id}`, { body: 'changed' });
    expect(refused.status).toBe(403);
    const edited = await ok<MessageRecord>(
      await call('admin', 'PUT', `/messages/${forwarded.id}`, { body: 'changed' }),
    );
    expect(edited).toMatchObject({ body: 'changed', isEdited: true });
  });

  it("answers the ticket's images as signed links, edits by POST, and forwards several at once", async () => {
    const form = new FormData();
    form.append('medias', new Blob([png], { type: 'image/png' }), 'gallery.png');
    await ok<MessageRecord[]>(
      await fetch(`${url()}/messages/${ticketId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.admin}` },
        body: form,
      }),
    );
    const { images } = await ok<TicketImages>(
      await call('admin', 'GET', `/messages/listimages/${ticketId}`),
    );
    const image = images.find((i) => i.mediaName === 'gallery.png')!;
    expect(image).toMatchObject({ fromMe: true, mediaUrl: expect.stringMatching(/^\/media\//) });
    const served = await fetch(`${url()}${image.mediaUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect((await call('otherAdmin', 'GET', `/messages/listimages/${ticketId}`)).status).toBe(404);
    expect((await call('admin', 'GET', '/messages/listimages/abc')).status).toBe(400);

    const texts: MessageRecord[] = [];
    for (const body of ['one', 'two']) {
      const [message] = await ok<MessageRecord[]>(
        await call('admin', 'POST', `/messages/${ticketId}`, { body }),
      );
      texts.push(message!);
    }
    const copies = await ok<MessageRecord[]>(
      await call('admin', 'POST', '/message/forward', {
        messageIds: texts.map((m) => m.id),
        contactId: otherContactId,
      }),
    );
    expect(copies.map((c) => c.body)).toEqual(['one', 'two']);
    // the copies are on the other contact's whatsapp ticket, where texts can be edited
    const edited = await ok<MessageRecord>(
      await call('admin', 'POST', `/messages/edit/${copies[0]!.id}`, { body: 'one, edited' }),
    );
    expect(edited).toMatchObject({ body: 'one, edited', isEdited: true });
    const empty = await call('admin', 'POST', `/messages/edit/${copies[0]!.id}`, { body: '' });
    expect(empty.status).toBe(400);
    // a reaction needs a message the channel has: these never reached one
    const reaction = await call('admin', 'POST', `/messages/${copies[1]!.id}/reactions`, {
      type: '👍',
    });
    expect(reaction.status).toBe(400);
    expect(await json(reaction)).toMatchObject({ error: 'ERR_FETCH_WAPP_MSG' });
  });

  it('refuses a file that is not what it claims, leaving the conversation unchanged', async () => {
    const before = await ok<MessagesPage>(await call('admin', 'GET', `/messages/${ticketId}`));
    const fake = new FormData();
    fake.append('body', 'not a picture');
    fake.append('medias', new Blob(['#!/bin/sh\necho hi'], { type: 'image/jpeg' }), 'photo.jpg');
    const refused = await fetch(`${url()}/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}` },
      body: fake,
    });
    expect(refused.status).toBe(415);
    expect(await json(refused)).toMatchObject({ error: 'ERR_UNSUPPORTED_MEDIA_TYPE' });
    // a PNG named .pdf claims a document it is not
    const renamed = new FormData();
    renamed.append('medias', new Blob([png], { type: 'application/pdf' }), 'invoice.pdf');
    const refusedPdf = await fetch(`${url()}/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}` },
      body: renamed,
    });
    expect(refusedPdf.status).toBe(415);
    const after = await ok<MessagesPage>(await call('admin', 'GET', `/messages/${ticketId}`));
    expect(after.count).toBe(before.count);
  });

  it('refuses a send or a forward to a blocked contact with ERR_CONTACT_BLOCKED', async () => {
    const [message] = await ok<MessageRecord[]>(
      await call('admin', 'POST', `/messages/${ticketId}`, { body: 'before the block' }),
    );
    const page = await ok<MessagesPage>(await call('admin', 'GET', `/messages/${ticketId}`));
    const contactId = page.ticket.contact.id;
    await ok(await call('admin', 'PUT', `/contacts/block/${otherContactId}`, { active: false }));
    const forward = await call('admin', 'POST', '/message/forward', {
      messageId: message!.id,
      contactId: otherContactId,
    });
    expect(forward.status).toBe(400);
    expect(await json(forward)).toMatchObject({ error: 'ERR_CONTACT_BLOCKED' });
    await ok(await call('admin', 'PUT', `/contacts/block/${contactId}`, { active: false }));
    try {
      const send = await call('admin', 'POST', `/messages/${ticketId}`, { body: 'blocked' });
      expect(send.status).toBe(400);
      expect(await json(send)).toMatchObject({ error: 'ERR_CONTACT_BLOCKED' });
      // a private note is never sent, so it is still allowed
      const note = await call('admin', 'POST', `/messages/${ticketId}`, {
        body: 'internal',
        isPrivate: true,
      });
      expect(note.status).toBe(201);
    } finally {
      await ok(await call('admin', 'PUT', `/contacts/block/${contactId}`, { active: true }));
      await ok(await call('admin', 'PUT', `/contacts/block/${otherContactId}`, { active: true }));
    }
  });
});
