import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startConnectorsService } from '@sb/connectors';
import type { AuthResult } from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import { startTicketsService } from '@sb/tickets';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import writeXlsxFile from 'write-excel-file/node';
import {
  busKinds,
  json,
  jwtSecret,
  startIdentityStack,
  stopIdentityStack,
  type IdentityStack,
} from './support/gateway-harness.js';

// Tickets permission walk: every route of contacts, tags, queues, chatbots, quick messages and connections
// with the status each role gets (spec 1 §6, spec 2 §6, spec 3 §6), against the real identity, tickets and
// connectors services. Roles: a plain user and an admin of company 1, the admin of another company, all
// logged in for real. `2xx` means any success; 403 a refused role; 404 another tenant's id (never its
// data). Ticket and message routes join by adding rows (and, if they need them, fixture ids).

type Role = 'user' | 'admin' | 'otherAdmin';
type Expected = '2xx' | 400 | 403 | 404 | 409;
type Fixture = {
  contactId: number;
  doomedContactId: number;
  tagId: number;
  doomedTagId: number;
  queueId: number;
  doomedQueueId: number;
  chatbotId: number;
  doomedChatbotId: number;
  /** a general quick message (made by the admin) */
  generalId: number;
  doomedGeneralId: number;
  /** the admin's personal quick message */
  adminPersonalId: number;
  /** the plain user's personal quick message */
  userPersonalId: number;
  doomedUserPersonalId: number;
  connectionId: number;
  doomedConnectionId: number;
  /** an open ticket of the kept contact, held by the plain user, in the kept queue */
  ticketId: number;
  ticketUuid: string;
  doomedTicketId: number;
  /** a contact with no ticket yet (POST /tickets) */
  spareContactId: number;
  /** the plain user's messages on the ticket */
  messageId: string;
  doomedMessageId: string;
  /** the plain user's notes on the ticket */
  noteId: number;
  doomedNoteId: number;
  /** a kanban lane */
  laneTagId: number;
};
type Upload = { field: string; file: 'png' | 'pdf' | 'xlsx'; fields?: Record<string, string> };
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** a multipart body instead of json */
  upload?: Upload;
  /** checked in this order (a role that deletes comes last) */
  expect: [Role, Expected][];
};

/** Company-wide lists and creations any profile may call (each company sees its own). */
const everyone: [Role, Expected][] = [
  ['user', '2xx'],
  ['admin', '2xx'],
  ['otherAdmin', '2xx'],
];
/** A record of company 1 any of its profiles may use; another company's admin does not find it. */
const ownCompany: [Role, Expected][] = [
  ['user', '2xx'],
  ['admin', '2xx'],
  ['otherAdmin', 404],
];
/** Admin-only changes to a record of company 1. */
const adminWrites: [Role, Expected][] = [
  ['user', 403],
  ['otherAdmin', 404],
  ['admin', '2xx'],
];
/** Admin-only creations (no record of another company involved). */
const adminCreates: [Role, Expected][] = [
  ['user', 403],
  ['admin', '2xx'],
  ['otherAdmin', '2xx'],
];

let serial = 0;
const freshNumber = () =>
  `55119${String(Date.now()).slice(-6)}${String((serial += 1)).padStart(2, '0')}`;
const unique = () => Math.random().toString(36).slice(2, 8);
const freshColor = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const sheet = await writeXlsxFile([
  ['nome', 'numero', 'email'],
  ['Walk sheet', '5511977770001', ''],
]).toBuffer();
const files = { png, pdf, xlsx: sheet };

const table: Row[] = [
  // contacts (spec 1 §6, spec 2 §6: deleting needs contacts-page:deleteContact)
  { method: 'GET', path: () => '/contacts', expect: everyone },
  { method: 'GET', path: () => '/contacts/list?searchParam=wal', expect: everyone },
  { method: 'GET', path: (f) => `/contacts/${f.contactId}`, expect: ownCompany },
  {
    method: 'POST',
    path: () => '/contacts',
    body: () => ({ name: 'Walk contact', number: freshNumber() }),
    expect: everyone,
  },
  {
    method: 'PUT',
    path: (f) => `/contacts/${f.contactId}`,
    body: () => ({ name: 'Walk renamed' }),
    expect: ownCompany,
  },
  {
    method: 'PUT',
    path: (f) => `/contacts/block/${f.contactId}`,
    body: () => ({ active: true }),
    expect: ownCompany,
  },
  { method: 'PUT', path: (f) => `/contacts/toggleDisableBot/${f.contactId}`, expect: ownCompany },
  { method: 'PUT', path: (f) => `/contacts/toggleAcceptAudio/${f.contactId}`, expect: ownCompany },
  { method: 'GET', path: () => '/contacts/profile/5511900000001', expect: ownCompany },
  { method: 'GET', path: (f) => `/contactTags/${f.contactId}`, expect: ownCompany },
  {
    method: 'POST',
    path: () => '/contactsImport',
    body: () => ({ name: 'Walk import', number: freshNumber() }),
    expect: everyone,
  },
  {
    method: 'POST',
    path: () => '/contacts/upload',
    upload: { field: 'file', file: 'xlsx' },
    expect: everyone,
  },
  {
    method: 'DELETE',
    path: (f) => `/contacts/${f.doomedContactId}`,
    expect: [
      ['user', 403],
      ['otherAdmin', 404],
      ['admin', '2xx'],
    ],
  },
  // tags (spec 3 §2.9, §2.10, §6: tags are created with the caller's id)
  { method: 'GET', path: () => '/tags', expect: everyone },
  { method: 'GET', path: () => '/tags/list?kanban=0', expect: everyone },
  { method: 'GET', path: () => '/tags/kanban', expect: everyone },
  { method: 'GET', path: (f) => `/tags/${f.tagId}`, expect: ownCompany },
  {
    method: 'POST',
    path: () => '/tags',
    body: () => ({ name: `Walk tag ${unique()}`, color: freshColor() }),
    expect: everyone,
  },
  {
    method: 'PUT',
    path: (f) => `/tags/${f.tagId}`,
    body: () => ({ name: 'Walk tag kept', color: '#123456' }),
    expect: ownCompany,
  },
  {
    method: 'POST',
    path: () => '/tags/sync',
    body: (f) => ({ contactId: f.contactId, tags: [{ id: f.tagId }] }),
    expect: ownCompany,
  },
  {
    method: 'DELETE',
    path: (f) => `/tags/${f.doomedTagId}`,
    expect: [
      ['user', 403],
      ['otherAdmin', 404],
      ['admin', '2xx'],
    ],
  },
  // queues (spec 2 §2 Queues: administration)
  { method: 'GET', path: () => '/queue', expect: everyone },
  { method: 'GET', path: (f) => `/queue/${f.queueId}`, expect: ownCompany },
  {
    method: 'POST',
    path: () => '/queue',
    body: () => ({ name: `Walk ${unique()}`, color: freshColor(), greetingMessage: 'Hi' }),
    expect: adminCreates,
  },
  {
    method: 'PUT',
    path: (f) => `/queue/${f.queueId}`,
    body: () => ({ name: 'Kept queue', color: '#aa0000', greetingMessage: 'Hello' }),
    expect: adminWrites,
  },
  { method: 'DELETE', path: (f) => `/queue/${f.doomedQueueId}`, expect: adminWrites },
  // chatbot options of a queue
  { method: 'GET', path: (f) => `/chatbot/${f.chatbotId}`, expect: ownCompany },
  {
    method: 'POST',
    path: () => '/chatbot',
    body: (f) => ({ queueId: f.queueId, name: `Walk option ${unique()}` }),
    expect: adminWrites,
  },
  {
    method: 'PUT',
    path: (f) => `/chatbot/${f.chatbotId}`,
    body: () => ({ name: 'Kept option renamed' }),
    expect: adminWrites,
  },
  { method: 'DELETE', path: (f) => `/chatbot/${f.doomedChatbotId}`, expect: adminWrites },
  // quick messages (spec 3 §6: only admins mark general; a plain user changes only its own personal ones)
  { method: 'GET', path: () => '/quick-messages', expect: everyone },
  { method: 'GET', path: () => '/quick-messages/list', expect: everyone },
  { method: 'GET', path: (f) => `/quick-messages/${f.generalId}`, expect: ownCompany },
  {
    method: 'GET',
    path: (f) => `/quick-messages/${f.adminPersonalId}`,
    expect: [
      ['user', 404],
      ['admin', '2xx'],
      ['otherAdmin', 404],
    ],
  },
  { method: 'GET', path: (f) => `/quick-messages/${f.userPersonalId}`, expect: ownCompany },
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
    expect: adminCreates,
  },
  {
    method: 'PUT',
    path: (f) => `/quick-messages/${f.generalId}`,
    body: () => ({ shortcode: 'kept', message: 'y', geral: true }),
    expect: adminWrites,
  },
  {
    method: 'PUT',
    path: (f) => `/quick-messages/${f.userPersonalId}`,
    body: () => ({ shortcode: 'mine', message: 'z' }),
    expect: ownCompany,
  },
  {
    method: 'PUT',
    path: (f) => `/quick-messages/${f.userPersonalId}`,
    body: () => ({ shortcode: 'mine', message: 'z', geral: true }),
    expect: [
      ['user', 403],
      ['otherAdmin', 404],
    ],
  },
  {
    method: 'PUT',
    path: (f) => `/quick-messages/${f.adminPersonalId}`,
    body: () => ({ shortcode: 'theirs', message: 'z' }),
    expect: [
      ['user', 404],
      ['otherAdmin', 404],
      ['admin', '2xx'],
    ],
  },
  {
    method: 'POST',
    path: (f) => `/quick-messages/${f.generalId}/media-upload`,
    upload: { field: 'file', file: 'pdf', fields: { typeArch: 'quickMessage' } },
    expect: adminWrites,
  },
  {
    method: 'DELETE',
    path: (f) => `/quick-messages/${f.generalId}/media-upload`,
    expect: adminWrites,
  },
  {
    method: 'POST',
    path: (f) => `/quick-messages/${f.userPersonalId}/media-upload`,
    upload: { field: 'file', file: 'pdf', fields: { typeArch: 'quickMessage' } },
    expect: ownCompany,
  },
  {
    method: 'DELETE',
    path: (f) => `/quick-messages/${f.userPersonalId}/media-upload`,
    expect: ownCompany,
  },
  { method: 'DELETE', path: (f) => `/quick-messages/${f.doomedGeneralId}`, expect: adminWrites },
  {
    method: 'DELETE',
    path: (f) => `/quick-messages/${f.doomedUserPersonalId}`,
    expect: [
      ['otherAdmin', 404],
      ['user', '2xx'],
    ],
  },
  // the phone's contacts and chats (spec 2 §7): company 1's connection is not connected, the other
  // company has no WhatsApp connection at all
  ...(['/contacts/import', '/contacts/import/chats'] as const).map((path): Row => ({
    method: 'POST',
    path: () => path,
    body: () => ({}),
    expect: [
      ['user', 400],
      ['admin', 400],
      ['otherAdmin', 404],
    ],
  })),
  // tickets (spec 1 §6: deleting needs ticket-options:deleteTicket, close all tickets-manager:closeAll)
  { method: 'GET', path: () => '/tickets', expect: everyone },
  { method: 'GET', path: () => '/tickets?status=open&showAll=true', expect: everyone },
  { method: 'GET', path: () => '/tickets?searchParam=walk&status=closed', expect: everyone },
  { method: 'GET', path: (f) => `/tickets/${f.ticketId}`, expect: ownCompany },
  { method: 'GET', path: (f) => `/tickets/u/${f.ticketUuid}`, expect: ownCompany },
  { method: 'GET', path: (f) => `/tickets-log/${f.ticketId}`, expect: ownCompany },
  {
    method: 'PUT',
    path: (f) => `/tickets/${f.ticketId}`,
    body: () => ({ useIntegration: false }),
    expect: ownCompany,
  },
  {
    method: 'POST',
    path: () => '/tickets',
    body: (f) => ({ contactId: f.spareContactId, queueId: f.queueId, status: 'open' }),
    // the second one finds the first open: ERR_OTHER_OPEN_TICKET
    expect: [
      ['otherAdmin', 404],
      ['user', '2xx'],
      ['admin', 409],
    ],
  },
  {
    method: 'POST',
    path: () => '/tickets/closeAll',
    body: (f) => ({ status: 'closed', queueIds: [f.doomedQueueId] }),
    expect: adminCreates,
  },
  { method: 'DELETE', path: (f) => `/tickets/${f.doomedTicketId}`, expect: adminWrites },
  // messages (spec 1 §7): only own (fromMe) messages are deleted
  { method: 'GET', path: (f) => `/messages/${f.ticketId}`, expect: ownCompany },
  {
    method: 'POST',
    path: (f) => `/messages/${f.ticketId}`,
    body: () => ({ body: 'walk answer' }),
    expect: ownCompany,
  },
  {
    method: 'POST',
    path: (f) => `/messages/${f.ticketId}`,
    upload: { field: 'medias', file: 'png' },
    expect: ownCompany,
  },
  {
    method: 'PUT',
    path: (f) => `/messages/${f.messageId}`,
    body: () => ({ body: 'walk edited' }),
    expect: ownCompany,
  },
  {
    method: 'POST',
    path: () => '/message/forward',
    body: (f) => ({ messageId: f.messageId, contactId: f.contactId }),
    expect: ownCompany,
  },
  {
    method: 'POST',
    path: () => '/message/forward',
    body: (f) => ({ messageIds: [f.messageId], contactId: f.contactId }),
    expect: ownCompany,
  },
  {
    method: 'POST',
    path: (f) => `/messages/edit/${f.messageId}`,
    body: () => ({ body: 'walk edited by post' }),
    expect: ownCompany,
  },
  // the walk's connection is not connected, so its messages never reached a channel: a reaction is
  // refused with ERR_FETCH_WAPP_MSG (400) once the caller may see the message
  {
    method: 'POST',
    path: (f) => `/messages/${f.messageId}/reactions`,
    body: () => ({ type: '👍' }),
    expect: [
      ['user', 400],
      ['admin', 400],
      ['otherAdmin', 404],
    ],
  },
  { method: 'GET', path: (f) => `/messages/listimages/${f.ticketId}`, expect: ownCompany },
  {
    method: 'DELETE',
    path: (f) => `/messages/${f.doomedMessageId}`,
    expect: [
      ['otherAdmin', 404],
      ['user', '2xx'],
    ],
  },
  // notes (spec 1 §7): the author deletes their own
  { method: 'GET', path: (f) => `/ticket-notes/list?ticketId=${f.ticketId}`, expect: ownCompany },
  {
    method: 'POST',
    path: () => '/ticket-notes',
    body: (f) => ({ note: 'Walk note', ticketId: f.ticketId, contactId: f.contactId }),
    expect: ownCompany,
  },
  { method: 'GET', path: (f) => `/ticket-notes/${f.noteId}`, expect: ownCompany },
  {
    method: 'DELETE',
    path: (f) => `/ticket-notes/${f.doomedNoteId}`,
    expect: [
      ['otherAdmin', 404],
      ['user', '2xx'],
    ],
  },
  // kanban (spec 3 §7)
  { method: 'GET', path: () => '/ticket/kanban', expect: everyone },
  {
    method: 'PUT',
    path: (f) => `/ticket-tags/${f.ticketId}/${f.laneTagId}`,
    expect: ownCompany,
  },
  { method: 'DELETE', path: (f) => `/ticket-tags/${f.ticketId}`, expect: ownCompany },
  // connections (spec 1 §6, spec 2 §6: connections-page:* are admin permissions)
  { method: 'GET', path: () => '/whatsapp', expect: everyone },
  { method: 'GET', path: (f) => `/whatsapp/${f.connectionId}?session=0`, expect: ownCompany },
  {
    method: 'POST',
    path: () => '/whatsapp',
    body: () => ({ name: `Walk ${unique()}` }),
    expect: adminCreates,
  },
  {
    method: 'PUT',
    path: (f) => `/whatsapp/${f.connectionId}`,
    body: () => ({ name: 'Kept connection', isDefault: true }),
    expect: adminWrites,
  },
  {
    method: 'POST',
    path: (f) => `/whatsapp/${f.connectionId}/media-upload`,
    upload: { field: 'file', file: 'png' },
    expect: adminWrites,
  },
  {
    method: 'DELETE',
    path: (f) => `/whatsapp/${f.connectionId}/media-upload`,
    expect: adminWrites,
  },
  { method: 'POST', path: (f) => `/whatsappsession/${f.connectionId}`, expect: adminWrites },
  { method: 'PUT', path: (f) => `/whatsappsession/${f.connectionId}`, expect: adminWrites },
  { method: 'DELETE', path: (f) => `/whatsappsession/${f.connectionId}`, expect: adminWrites },
  { method: 'POST', path: () => '/whatsapp-restart', expect: adminCreates },
  { method: 'DELETE', path: (f) => `/whatsapp/${f.doomedConnectionId}`, expect: adminWrites },
];

const kinds = await busKinds();
const root = { email: 'root@issue4walk.test', password: 'issue4-root-pw' };

describe.each(kinds)('tickets permission walk over the $name', (kind) => {
  let stack: Partial<IdentityStack> = {};
  let ticketsDb: TestDatabase | undefined;
  let connectorsDb: TestDatabase | undefined;
  let tickets: RunningService | undefined;
  let connectors: RunningService | undefined;
  let mediaDir: string;
  const tokens = {} as Record<Role, string>;
  let fixture: Fixture;
  const url = () => stack.gateway!.url;

  const call = (role: Role, method: string, path: string, body?: unknown) =>
    fetch(`${url()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${tokens[role]}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const send = (role: Role, row: Row) => {
    if (!row.upload) return call(role, row.method, row.path(fixture), row.body?.(fixture));
    const form = new FormData();
    for (const [name, value] of Object.entries(row.upload.fields ?? {})) form.append(name, value);
    form.append(
      row.upload.field,
      new Blob([new Uint8Array(files[row.upload.file])]),
      `walk.${row.upload.file}`,
    );
    return fetch(`${url()}${row.path(fixture)}`, {
      method: row.method,
      headers: { authorization: `Bearer ${tokens[role]}` },
      body: form,
    });
  };

  const created = async <T = { id: number }>(res: Response): Promise<T> => {
    if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
    return (await json(res)) as T;
  };
  const login = async (email: string, password: string): Promise<AuthResult> =>
    created<AuthResult>(
      await fetch(`${url()}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }),
    );

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'sb-issue4-walk-'));
    const env = {
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: root.email,
      ADMIN_PASSWORD: root.password,
      AUTH_RATE_LIMIT: '0',
      MEDIA_DIR: mediaDir,
    };
    ticketsDb = await createTestDatabase('gateway_issue4_tickets');
    connectorsDb = await createTestDatabase('gateway_issue4_connectors');
    stack = await startIdentityStack(kind, {
      database: 'gateway_issue4',
      env,
      beforeGateway: async (buses) => {
        tickets = await startTicketsService({
          bus: buses.serviceBus,
          databaseUrl: ticketsDb!.url,
          env,
        });
        connectors = await startConnectorsService({
          bus: buses.serviceBus,
          databaseUrl: connectorsDb!.url,
          env,
        });
      },
    });

    // the super user only prepares the people; it is no role of this walk
    const superToken = (await login(root.email, root.password)).token;
    const asSuper = (path: string, body: unknown) =>
      fetch(`${url()}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${superToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((res) => created(res));
    const planId = (await login(root.email, root.password)).user.company.planId;
    await asSuper('/companies', {
      name: 'Issue4 Other Co',
      email: 'other-admin@issue4walk.test',
      password: 'other-pass-1',
      planId,
    });
    tokens.otherAdmin = (await login('other-admin@issue4walk.test', 'other-pass-1')).token;
    const userIds = {} as Record<'admin' | 'user', number>;
    for (const profile of ['admin', 'user'] as const) {
      await asSuper('/users', {
        name: `Issue4 ${profile}`,
        email: `${profile}@issue4walk.test`,
        password: 'issue4-pass-1',
        profile,
      });
      const session = await login(`${profile}@issue4walk.test`, 'issue4-pass-1');
      tokens[profile] = session.token;
      userIds[profile] = session.user.id;
    }

    const post = <T = { id: number }>(role: Role, path: string, body: unknown) =>
      call(role, 'POST', path, body).then((res) => created<T>(res));
    const queue = (name: string, color: string) =>
      post<{ id: number; chatbots: { id: number }[] }>('admin', '/queue', {
        name,
        color,
        greetingMessage: `Welcome to ${name}`,
        chatbots: [{ name: 'Kept option' }, { name: 'Doomed option' }],
      });
    const kept = await queue('Kept queue', '#aa0000');
    const doomed = await queue('Doomed queue', '#bb0000');
    const quick = (role: Role, shortcode: string, geral: boolean) =>
      post(role, '/quick-messages', { shortcode, message: 'Hi', geral });
    const base = {
      contactId: (await post('admin', '/contacts', { name: 'Walk main', number: '5511900000001' }))
        .id,
      doomedContactId: (
        await post('admin', '/contacts', { name: 'Walk doomed', number: '5511900000002' })
      ).id,
      tagId: (await post('admin', '/tags', { name: 'Walk main tag' })).id,
      doomedTagId: (await post('admin', '/tags', { name: 'Walk doomed tag' })).id,
      queueId: kept.id,
      doomedQueueId: doomed.id,
      chatbotId: kept.chatbots[0]!.id,
      doomedChatbotId: kept.chatbots[1]!.id,
      generalId: (await quick('admin', 'general', true)).id,
      doomedGeneralId: (await quick('admin', 'doomedgeneral', true)).id,
      adminPersonalId: (await quick('admin', 'adminonly', false)).id,
      userPersonalId: (await quick('user', 'useronly', false)).id,
      doomedUserPersonalId: (await quick('user', 'userdoomed', false)).id,
      connectionId: (await post('admin', '/whatsapp', { name: 'Kept connection' })).id,
      doomedConnectionId: (await post('admin', '/whatsapp', { name: 'Doomed connection' })).id,
    };
    const ticket = (contactId: number) =>
      post<{ id: number; uuid: string }>('admin', '/tickets', {
        contactId,
        queueId: kept.id,
        userId: userIds.user,
        status: 'open',
      });
    const main = await ticket(base.contactId);
    const doomedTicket = await ticket(
      (await post('admin', '/contacts', { name: 'Walk doomed ticket', number: freshNumber() })).id,
    );
    const message = async () =>
      (await post<{ id: string }[]>('user', `/messages/${main.id}`, { body: 'walk message' }))[0]!
        .id;
    const note = async () =>
      (
        await post('user', '/ticket-notes', {
          note: 'Walk note',
          ticketId: main.id,
          contactId: base.contactId,
        })
      ).id;
    fixture = {
      ...base,
      ticketId: main.id,
      ticketUuid: main.uuid,
      doomedTicketId: doomedTicket.id,
      spareContactId: (
        await post('admin', '/contacts', { name: 'Walk spare', number: freshNumber() })
      ).id,
      messageId: await message(),
      doomedMessageId: await message(),
      noteId: await note(),
      doomedNoteId: await note(),
      laneTagId: (await post('admin', '/tags', { name: 'Walk lane', kanban: 1 })).id,
    };
  }, 120_000);

  afterAll(async () => {
    await stack.gateway?.close();
    await connectors?.close();
    await tickets?.close();
    await stopIdentityStack({ ...stack, gateway: undefined });
    await ticketsDb?.drop();
    await connectorsDb?.drop();
    await rm(mediaDir, { recursive: true, force: true });
  }, 30_000);

  // the table's paths with their parameters named, e.g. PUT /tags/:tagId
  const named = new Proxy({} as Fixture, { get: (_t, key) => `:${String(key)}` });
  const label = (row: Row) =>
    `${row.method} ${row.path(named)}${row.upload ? ` (${row.upload.file})` : ''}`;

  it.each(table.map((row, index) => [`${index + 1}. ${label(row)}`, row] as const))(
    '%s',
    async (_name, row) => {
      const seen: string[] = [];
      const wanted: string[] = [];
      const bodies: string[] = [];
      for (const [role, expected] of row.expect) {
        const res = await send(role, row);
        const text = await res.text();
        const got = res.status >= 200 && res.status < 300 ? '2xx' : res.status;
        seen.push(`${role} ${got}`);
        wanted.push(`${role} ${expected}`);
        if (got !== expected) bodies.push(`${role}: ${text.slice(0, 300)}`);
        // a refusal never carries the other company's data
        if (got === 403 || got === 404) expect(text).not.toContain('Walk main');
      }
      expect({ seen, bodies }).toEqual({ seen: wanted, bodies: [] });
    },
  );

  it('answers a refusal with the catalogue codes, never a bare status', async () => {
    const forbidden = await call('user', 'DELETE', `/queue/${fixture.queueId}`);
    expect(forbidden.status).toBe(403);
    expect(await json(forbidden)).toMatchObject({ error: 'ERR_NO_PERMISSION' });
    const hidden = await call('otherAdmin', 'GET', `/contacts/${fixture.contactId}`);
    expect(hidden.status).toBe(404);
    expect((await json(hidden)) as { error: string }).toMatchObject({
      error: expect.stringMatching(/^ERR_/),
    });
  });
});
