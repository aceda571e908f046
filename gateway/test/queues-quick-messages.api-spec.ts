import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { socketEvent } from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import { startTicketsService } from '@sb/tickets';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import {
  busKinds,
  connectSocket,
  json,
  jwtSecret,
  recordEvents,
  signAccessToken,
  startIdentityStack,
  stopIdentityStack,
  waitFor,
  type IdentityStack,
  requestAs,
} from './support/gateway-harness.js';

// Queues, chatbots and quick messages through the gateway, with the real identity (plan limits) and tickets.
// Roles: a plain user and an admin of company 1, the admin of another company. `2xx` means any success,
// 403 a refused role, 404 another tenant's id.

type Role = 'user' | 'admin' | 'otherAdmin';
type Expected = '2xx' | 403 | 404;
type Fixture = {
  queueId: number;
  doomedQueueId: number;
  chatbotId: number;
  doomedChatbotId: number;
  generalId: number;
  doomedGeneralId: number;
};
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** a multipart body: one pdf under the field `file` */
  upload?: boolean;
  /** checked in this order (a role that deletes comes last) */
  expect: [Role, Expected][];
};

const everyone: [Role, Expected][] = [
  ['user', '2xx'],
  ['admin', '2xx'],
  ['otherAdmin', '2xx'],
];
const readable: [Role, Expected][] = [
  ['user', '2xx'],
  ['admin', '2xx'],
  ['otherAdmin', 404],
];
const adminWrites: [Role, Expected][] = [
  ['user', 403],
  ['otherAdmin', 404],
  ['admin', '2xx'],
];

const unique = () => Math.random().toString(36).slice(2, 8);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

const table: Row[] = [
  { method: 'GET', path: () => '/queue', expect: everyone },
  { method: 'GET', path: (f) => `/queue/${f.queueId}`, expect: readable },
  {
    method: 'POST',
    path: () => '/queue',
    body: () => ({ name: `Walk ${unique()}`, color: `#${unique()}`, greetingMessage: 'Hi' }),
    expect: [
      ['user', 403],
      ['admin', '2xx'],
    ],
  },
  {
    method: 'PUT',
    path: (f) => `/queue/${f.queueId}`,
    body: () => ({ name: 'Kept queue', color: '#aa0000', greetingMessage: 'Hello' }),
    expect: adminWrites,
  },
  { method: 'DELETE', path: (f) => `/queue/${f.doomedQueueId}`, expect: adminWrites },
  { method: 'GET', path: (f) => `/chatbot/${f.chatbotId}`, expect: readable },
  {
    method: 'POST',
    path: () => '/chatbot',
    body: (f) => ({ queueId: f.queueId, name: 'Walk option' }),
    expect: adminWrites,
  },
  {
    method: 'PUT',
    path: (f) => `/chatbot/${f.chatbotId}`,
    body: () => ({ name: 'Kept option renamed' }),
    expect: adminWrites,
  },
  { method: 'DELETE', path: (f) => `/chatbot/${f.doomedChatbotId}`, expect: adminWrites },
  { method: 'GET', path: () => '/quick-messages', expect: everyone },
  { method: 'GET', path: () => '/quick-messages/list', expect: everyone },
  { method: 'GET', path: (f) => `/quick-messages/${f.generalId}`, expect: readable },
  {
    method: 'POST',
    path: () => '/quick-messages',
    body: () => ({ shortcode: `walk${unique()}`, message: 'x' }),
    expect: everyone,
  },
  {
    method: 'POST',
    path: () => '/quick-messages',
    body: () => ({ shortcode: `walk${unique()}`, message: 'x', geral: true }),
    expect: [
      ['user', 403],
      ['admin', '2xx'],
    ],
  },
  {
    method: 'PUT',
    path: (f) => `/quick-messages/${f.generalId}`,
    body: () => ({ shortcode: 'kept', message: 'y', geral: true }),
    expect: adminWrites,
  },
  {
    method: 'POST',
    path: (f) => `/quick-messages/${f.generalId}/media-upload`,
    upload: true,
    expect: adminWrites,
  },
  {
    method: 'DELETE',
    path: (f) => `/quick-messages/${f.generalId}/media-upload`,
    expect: adminWrites,
  },
  { method: 'DELETE', path: (f) => `/quick-messages/${f.doomedGeneralId}`, expect: adminWrites },
];

const kinds = await busKinds();

describe.each(kinds)('queues, chatbots and quick messages over the $name', (kind) => {
  let stack: IdentityStack;
  let ticketsDb: TestDatabase;
  let tickets: RunningService;
  let mediaDir: string;
  const tokens = {} as Record<Role, string>;
  let fixture: Fixture;

  const call = (role: Role, method: string, path: string, body?: unknown) =>
    requestAs(stack.gateway.url, tokens[role], method, path, body);

  const upload = (role: Role, path: string, data: Buffer, name: string) => {
    const form = new FormData();
    form.append('typeArch', 'quickMessage');
    form.append('file', new Blob([new Uint8Array(data)]), name);
    return fetch(`${stack.gateway.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[role]}` },
      body: form,
    });
  };

  const created = async (res: Response): Promise<{ id: number }> => {
    if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
    return (await json(res)) as { id: number };
  };

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'sb-queues-'));
    const env = { JWT_SECRET: jwtSecret, AUTH_RATE_LIMIT: '0', MEDIA_DIR: mediaDir };
    ticketsDb = await createTestDatabase('gateway_queues_tickets');
    stack = await startIdentityStack(kind, {
      database: 'gateway_queues',
      env,
      beforeGateway: async (buses) => {
        tickets = await startTicketsService({
          bus: buses.serviceBus,
          databaseUrl: ticketsDb.url,
          env,
        });
      },
    });
    // company 1 is identity's seeded one; company 2 only needs to exist in tokens
    tokens.user = await signAccessToken({ sub: '11', cid: 1, profile: 'user' });
    tokens.admin = await signAccessToken({ sub: '10', cid: 1, profile: 'admin' });
    tokens.otherAdmin = await signAccessToken({ sub: '20', cid: 2, profile: 'admin' });

    const queue = (name: string, color: string) =>
      call('admin', 'POST', '/queue', {
        name,
        color,
        greetingMessage: `Welcome to ${name}`,
        chatbots: [{ name: 'Kept option' }, { name: 'Doomed option' }],
      }).then(created) as Promise<{ id: number; chatbots: { id: number }[] }>;
    const kept = await queue('Kept queue', '#aa0000');
    const doomed = await queue('Doomed queue', '#bb0000');
    const general = (shortcode: string) =>
      call('admin', 'POST', '/quick-messages', { shortcode, message: 'Hi', geral: true }).then(
        created,
      );
    fixture = {
      queueId: kept.id,
      doomedQueueId: doomed.id,
      chatbotId: kept.chatbots[0]!.id,
      doomedChatbotId: kept.chatbots[1]!.id,
      generalId: (await general('kept')).id,
      doomedGeneralId: (await general('doomed')).id,
    };
  }, 90_000);

  afterAll(async () => {
    await tickets?.close();
    await stopIdentityStack(stack ?? {});
    await ticketsDb?.drop();
    await rm(mediaDir, { recursive: true, force: true });
  }, 30_000);

  const named = new Proxy({} as Fixture, { get: (_t, key) => `:${String(key)}` });
  const label = (row: Row) => `${row.method} ${row.path(named)}`;

  describe('permission walk', () => {
    it.each(table.map((row) => [label(row), row] as const))('%s', async (_label, row) => {
      for (const [role, expected] of row.expect) {
        const res = row.upload
          ? await upload(role, row.path(fixture), pdf, 'walk.pdf')
          : await call(role, row.method, row.path(fixture), row.body?.(fixture));
        const body = await res.text();
        const got = res.status >= 200 && res.status < 300 ? '2xx' : res.status;
        expect({ role, status: got, body: got === expected ? '' : body }).toEqual({
          role,
          status: expected,
          body: '',
        });
      }
    });
  });

  it('refuses a file that is no accepted media, whatever its name', async () => {
    const res = await upload(
      'admin',
      `/quick-messages/${fixture.generalId}/media-upload`,
      Buffer.from('#!/bin/sh\n'),
      'a.pdf',
    );
    expect(res.status).toBe(415);
    expect(await json(res)).toMatchObject({ error: 'ERR_UNSUPPORTED_MEDIA_TYPE' });
  });

  it('serves an attachment through its signed link', async () => {
    const res = await upload(
      'admin',
      `/quick-messages/${fixture.generalId}/media-upload`,
      pdf,
      'prices.pdf',
    );
    expect(res.status).toBe(201);
    const record = (await json(res)) as { mediaName: string; mediaUrl: string; isMedia: boolean };
    expect(record).toMatchObject({ mediaName: 'prices.pdf', isMedia: true });
    const file = await fetch(`${stack.gateway.url}${record.mediaUrl}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('answers the spec error codes for colour and name clashes', async () => {
    const clash = await call('admin', 'POST', '/queue', {
      name: 'Another',
      color: '#AA0000',
      greetingMessage: 'x',
    });
    expect(clash.status).toBe(409);
    expect(await json(clash)).toMatchObject({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });
  });

  it('keeps the fields a PUT body leaves out (partial update)', async () => {
    const queue = await created(
      await call('admin', 'POST', '/queue', {
        name: `Partial ${unique()}`,
        color: `#${unique()}`,
        greetingMessage: 'Hi',
        orderQueue: 4,
        closeTicket: true,
      }),
    );
    const renamed = await call('admin', 'PUT', `/queue/${queue.id}`, { greetingMessage: 'Hey' });
    expect(renamed.status).toBe(200);
    expect(await json(renamed)).toMatchObject({
      greetingMessage: 'Hey',
      orderQueue: 4,
      closeTicket: true,
    });
    // an explicit null still clears it
    const cleared = await call('admin', 'PUT', `/queue/${queue.id}`, { orderQueue: null });
    expect(await json(cleared)).toMatchObject({ greetingMessage: 'Hey', orderQueue: null });

    const general = await created(
      await call('admin', 'POST', '/quick-messages', {
        shortcode: `part${unique()}`,
        message: 'Old',
        geral: true,
      }),
    );
    const edited = await call('admin', 'PUT', `/quick-messages/${general.id}`, { message: 'New' });
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({ message: 'New', geral: true, status: true });
    const invalid = await call('admin', 'PUT', `/quick-messages/${general.id}`, { shortcode: '' });
    expect(invalid.status).toBe(400);
  });

  it('tells the company sockets about queue changes', async () => {
    const socket = await connectSocket(stack.gateway.url, { token: tokens.user });
    try {
      const received = recordEvents(socket);
      await created(
        await call('admin', 'PUT', `/queue/${fixture.queueId}`, {
          name: 'Kept queue',
          color: '#aa0000',
          greetingMessage: 'Hello again',
        }),
      );
      await waitFor(
        () => received.some((r) => r.event === socketEvent.company(1, 'queue')),
        5_000,
        'the queue event',
      );
      const { payload } = received.find((r) => r.event === socketEvent.company(1, 'queue'))!;
      expect(payload).toMatchObject({
        action: 'update',
        queue: { greetingMessage: 'Hello again' },
      });
    } finally {
      socket.close();
    }
  });
});
