import { randomUUID } from 'node:crypto';
import {
  emptyOnDutyDays,
  EventSocketRoutes,
  refNotFoundCode,
  type RefKind,
  type AuthResult,
  type DomainEvent,
  type Queue,
} from '@sb/contracts';
import type { Socket } from 'socket.io-client';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';
import {
  connectSocket,
  emitWithAck,
  json,
  recordEvents,
  requestAs,
  sleep,
  waitFor,
} from './support/gateway-harness.js';

// An id a body or query carries must be a record of the caller's company. The walk takes
// every route whose input declares references (the OpenAPI description marks them `x-sb-ref`), sends
// company A's ids as each role, and checks: another company's admin and the super user (company 1)
// are refused, naming the fields, before anything is stored; A's own
// admin and agent are never refused by the check; no answer is a 5xx. The refusal is a 404 with the
// kind's own not-found code (ERR_NO_QUEUE_FOUND…), or ERR_REFERENCE_NOT_FOUND for several kinds.

type Role = 'user' | 'admin' | 'super' | 'otherAdmin';
type Fixture = {
  queueId: number;
  chatbotId: number;
  promptId: number;
  integrationId: number;
  fileListId: number;
  fileOptionId: number;
  contactId: number;
  ticketId: number;
  tagId: number;
  messageId: string;
  connectionId: number;
  ticketUuid: string;
  contactNumber: string;
  companyId: number;
  quickMessageId: number;
  scheduleId: number;
  onDutyId: number;
  contactListId: number;
  contactListItemId: number;
  noteId: number;
  agentId: number;
  adminId: number;
  chatId: number;
};
type Row = {
  method: 'GET' | 'POST' | 'PUT';
  /** the route as the OpenAPI description writes it */
  route: string;
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** the fields the refusal must name */
  fields: string[];
};

const promptText =
  'You answer questions about the walk, politely and briefly, in the language of the contact.';
const futureIso = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

const queueBody = (f: Fixture) => ({
  name: `Walk ${Math.random().toString(36).slice(2, 8)}`,
  color: `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`,
  greetingMessage: 'Welcome to the walk',
  promptId: f.promptId,
  integrationId: f.integrationId,
  fileListId: f.fileListId,
  chatbots: [
    {
      name: 'Walk option',
      optQueueId: f.queueId,
      optUserId: f.agentId,
      optIntegrationId: f.integrationId,
      optFileId: f.fileListId,
    },
  ],
});
const queueFields = [
  'promptId',
  'integrationId',
  'fileListId',
  'chatbots.0.optQueueId',
  'chatbots.0.optUserId',
  'chatbots.0.optIntegrationId',
  'chatbots.0.optFileId',
];
const connectionBody = (f: Fixture) => ({
  queueIds: [f.queueId],
  sendIdQueue: f.queueId,
  promptId: f.promptId,
  integrationId: f.integrationId,
});
const connectionFields = ['queueIds', 'sendIdQueue', 'promptId', 'integrationId'];
const onDutyEntry = (f: Fixture) => ({
  userId: f.agentId,
  phone: '+55 11 98888-0001',
  interval: 5,
  days: emptyOnDutyDays().map((day) =>
    day.weekdayEn === 'monday' ? { ...day, startTime: '08:00', endTime: '18:00' } : day,
  ),
});
const schedule = (f: Fixture) => ({
  body: 'A scheduled walk message',
  contactId: f.contactId,
  sendAt: futureIso(),
  ticketId: f.ticketId,
  userId: f.agentId,
});

const listItem = (f: Fixture) => ({
  name: 'Walk item',
  number: `55119${Math.floor(Math.random() * 1e8)}`,
  contactListId: f.contactListId,
});

const chatBody = (f: Fixture) => ({ title: 'Walk chat', users: [f.agentId] });

const table: Row[] = [
  // first: PUT /queue below replaces the queue's options, f.chatbotId among them
  {
    method: 'POST',
    route: '/queue-options',
    path: () => '/queue-options',
    body: (f) => ({ title: 'Walk option', queueId: f.queueId, parentId: f.chatbotId }),
    fields: ['queueId', 'parentId'],
  },
  { method: 'POST', route: '/chats', path: () => '/chats', body: chatBody, fields: ['users.0'] },
  {
    method: 'PUT',
    route: '/chats/{id}',
    path: (f) => `/chats/${f.chatId}`,
    body: chatBody,
    fields: ['users.0'],
  },
  {
    method: 'POST',
    route: '/users',
    path: () => '/users',
    body: (f) => ({
      name: 'Walk user',
      email: `walk-${Math.random().toString(36).slice(2)}@walk.test`,
      password: 'walk-user-pw',
      queueIds: [f.queueId],
      whatsappId: f.connectionId,
    }),
    fields: ['queueIds', 'whatsappId'],
  },
  {
    method: 'PUT',
    route: '/users/{id}',
    path: (f) => `/users/${f.agentId}`,
    body: (f) => ({ queueIds: [f.queueId], whatsappId: f.connectionId }),
    fields: ['queueIds', 'whatsappId'],
  },
  { method: 'POST', route: '/queue', path: () => '/queue', body: queueBody, fields: queueFields },
  {
    method: 'PUT',
    route: '/queue/{id}',
    path: (f) => `/queue/${f.queueId}`,
    body: queueBody,
    fields: queueFields,
  },
  {
    method: 'POST',
    route: '/chatbot',
    path: () => '/chatbot',
    body: (f) => ({ name: 'Walk option', queueId: f.queueId, optQueueId: f.queueId }),
    fields: ['queueId', 'optQueueId'],
  },
  {
    method: 'PUT',
    route: '/chatbot/{id}',
    path: (f) => `/chatbot/${f.chatbotId}`,
    body: (f) => ({ name: 'Walk option', optQueueId: f.queueId, optFileId: f.fileListId }),
    fields: ['optQueueId', 'optFileId'],
  },
  {
    method: 'POST',
    route: '/react/messages',
    path: () => '/react/messages',
    body: (f) => ({ text: '👍', id: f.messageId }),
    fields: ['id'],
  },
  {
    method: 'POST',
    route: '/forwardmessage',
    path: () => '/forwardmessage',
    body: (f) => ({ currentContacts: [{ id: f.contactId }], message: { id: f.messageId } }),
    fields: ['currentContacts.0.id', 'message.id'],
  },
  {
    method: 'POST',
    route: '/whatsapp',
    path: () => '/whatsapp',
    body: (f) => ({ name: 'Walk connection', ...connectionBody(f) }),
    fields: connectionFields,
  },
  {
    method: 'PUT',
    route: '/whatsapp/{id}',
    path: (f) => `/whatsapp/${f.connectionId}`,
    body: connectionBody,
    fields: connectionFields,
  },
  {
    method: 'POST',
    route: '/prompt',
    path: () => '/prompt',
    body: (f) => ({
      name: 'Walk prompt',
      prompt: promptText,
      apiKey: 'sk-walk',
      queueId: f.queueId,
    }),
    fields: ['queueId'],
  },
  {
    method: 'PUT',
    route: '/prompt/{id}',
    path: (f) => `/prompt/${f.promptId}`,
    body: (f) => ({
      name: 'Walk prompt',
      prompt: promptText,
      queueId: f.queueId,
    }),
    fields: ['queueId'],
  },
  {
    method: 'POST',
    route: '/queueIntegration/testSession',
    path: () => '/queueIntegration/testSession',
    body: (f) => ({ projectName: 'walk', jsonContent: '{}', id: f.integrationId }),
    fields: ['id'],
  },
  {
    method: 'POST',
    route: '/files',
    path: () => '/files',
    body: (f) => ({
      name: `Walk list ${Math.random().toString(36).slice(2, 8)}`,
      message: 'Files',
      options: [{ id: f.fileOptionId, name: 'Walk file' }],
    }),
    fields: ['options.0.id'],
  },
  {
    method: 'PUT',
    route: '/files/{id}',
    path: (f) => `/files/${f.fileListId}`,
    body: (f) => ({
      name: `Walk list ${Math.random().toString(36).slice(2, 8)}`,
      message: 'Files',
      options: [{ id: f.fileOptionId, name: 'Walk file' }],
    }),
    fields: ['options.0.id'],
  },
  {
    method: 'POST',
    route: '/tags/sync',
    path: () => '/tags/sync',
    body: (f) => ({ contactId: f.contactId, tags: [f.tagId] }),
    fields: ['contactId', 'tags.0'],
  },
  {
    method: 'POST',
    route: '/contacts/import',
    path: () => '/contacts/import',
    body: (f) => ({ whatsappId: f.connectionId }),
    fields: ['whatsappId'],
  },
  {
    method: 'POST',
    route: '/contacts/import/chats',
    path: () => '/contacts/import/chats',
    body: (f) => ({ whatsappId: f.connectionId }),
    fields: ['whatsappId'],
  },
  {
    method: 'POST',
    route: '/tickets',
    path: () => '/tickets',
    body: (f) => ({
      contactId: f.contactId,
      queueId: f.queueId,
      whatsappId: f.connectionId,
      userId: f.agentId,
    }),
    fields: ['contactId', 'queueId', 'whatsappId', 'userId'],
  },
  {
    method: 'PUT',
    route: '/tickets/{id}',
    path: (f) => `/tickets/${f.ticketId}`,
    body: (f) => ({ queueId: f.queueId, userId: f.agentId, promptId: f.promptId }),
    fields: ['queueId', 'userId', 'promptId'],
  },
  {
    method: 'POST',
    route: '/messages/{ticketId}',
    path: (f) => `/messages/${f.ticketId}`,
    body: (f) => ({ body: 'quoting', quotedMsg: { id: f.messageId } }),
    fields: ['quotedMsg.id'],
  },
  {
    method: 'POST',
    route: '/message/forward',
    path: () => '/message/forward',
    body: (f) => ({ messageId: f.messageId, contactId: f.contactId }),
    fields: ['messageId', 'contactId'],
  },
  {
    method: 'POST',
    route: '/ticket-notes',
    path: () => '/ticket-notes',
    body: (f) => ({ note: 'A walk note', ticketId: f.ticketId, contactId: f.contactId }),
    fields: ['ticketId', 'contactId'],
  },
  {
    method: 'GET',
    route: '/ticket-notes/list',
    path: (f) => `/ticket-notes/list?ticketId=${f.ticketId}&contactId=${f.contactId}`,
    fields: ['ticketId', 'contactId'],
  },
  {
    method: 'POST',
    route: '/schedules',
    path: () => '/schedules',
    body: schedule,
    fields: ['contactId', 'ticketId', 'userId'],
  },
  {
    method: 'GET',
    route: '/schedules',
    path: (f) => `/schedules?contactId=${f.contactId}`,
    fields: ['contactId'],
  },
  {
    method: 'GET',
    route: '/quick-messages',
    path: (f) => `/quick-messages?userId=${f.agentId}`,
    fields: ['userId'],
  },
  {
    method: 'POST',
    route: '/plantao',
    path: () => '/plantao',
    body: onDutyEntry,
    fields: ['userId'],
  },
  {
    method: 'POST',
    route: '/contact-list-items',
    path: () => '/contact-list-items',
    body: listItem,
    fields: ['contactListId'],
  },
  {
    method: 'GET',
    route: '/campaigns/templates',
    path: (f) => `/campaigns/templates?whatsappId=${f.connectionId}`,
    fields: ['whatsappId'],
  },
  {
    method: 'POST',
    route: '/campaigns',
    path: () => '/campaigns',
    body: (f) => ({
      name: 'Walk campaign',
      whatsappId: f.connectionId,
      contactListId: f.contactListId,
      message1: 'Walk',
    }),
    fields: ['whatsappId', 'contactListId'],
  },
];

/** Routes whose body carries references but which this walk reaches another way. */
const walkedElsewhere: Record<string, string> = {
  // the path id comes first there; schedules and on-duty entries of B cannot exist before B has them
  'PUT /schedules/{id}': 'same body as POST /schedules',
  'PUT /plantao/{id}': 'same body as POST /plantao',
  'PUT /contact-list-items/{id}': 'same body as POST /contact-list-items',
  'PUT /campaigns/{id}': 'same body as POST /campaigns',
  // the path's campaign comes first, and its whatsappId must be one of that campaign's connections
  'POST /campaigns/{id}/test-send': "one of the campaign's own connections (campaigns.api-spec)",
  // authenticated by a connection's API token, not a user's: its company is the token's
  'POST /api/messages/send': 'external API (token of a connection)',
};

/** Every `METHOD /route` of the OpenAPI description whose request body declares a reference. */
const routesWithRefs = (doc: {
  paths: Record<string, Record<string, { requestBody?: unknown }>>;
}): string[] =>
  Object.entries(doc.paths).flatMap(([route, operations]) =>
    Object.entries(operations)
      .filter(([, op]) => JSON.stringify(op.requestBody ?? {}).includes('"x-sb-ref"'))
      .map(([method]) => `${method.toUpperCase()} ${route}`),
  );

describe('ids of another company in a body or query', () => {
  let stack: RunningConversationStack;
  let f: Fixture;
  let companyB: number;
  const tokens = {} as Record<Role, string>;

  const call = (role: Role, method: string, path: string, body?: unknown) =>
    requestAs(stack.gatewayUrl, tokens[role], method, path, body);

  beforeAll(async () => {
    stack = await startConversationStack({ name: 'refwalk', campaigns: true });
    const api = <T>(method: string, path: string, body?: unknown) =>
      stack.api<T>('admin', method, path, body);
    const login = async (email: string, password: string) => {
      const res = await fetch(`${stack.gatewayUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return (await res.json()) as AuthResult;
    };
    const root = await login('root@refwalk.test', 'conversation-root-pw');
    await requestAs(stack.gatewayUrl, root.token, 'POST', '/companies', {
      name: 'Company B of the walk',
      email: 'admin-b@refwalk.test',
      password: 'company-b-pw',
      planId: root.user.company.planId,
    });
    const otherAdmin = await login('admin-b@refwalk.test', 'company-b-pw');
    companyB = otherAdmin.user.companyId;
    Object.assign(tokens, {
      user: stack.users.agent.token,
      admin: stack.users.admin.token,
      super: root.token,
      otherAdmin: otherAdmin.token,
    });

    // company A's records
    const integration = await api<{ id: number }>('POST', '/queueIntegration', {
      type: 'webhook',
      name: 'Walk hook',
      urlN8N: 'http://127.0.0.1:9/hook',
    });
    const fileList = await api<{ id: number; options: { id: number }[] }>('POST', '/files', {
      name: 'Walk files',
      message: 'Pick one',
      options: [{ name: 'A file' }],
    });
    const queue = await stack.createQueue({
      name: 'Walk queue',
      greetingMessage: 'Welcome',
      forAgent: true,
      chatbots: [{ name: 'First option' }],
    });
    const prompt = await api<{ id: number }>('POST', '/prompt', {
      name: 'Walk prompt',
      prompt: promptText,
      apiKey: 'sk-walk',
      queueId: queue.id,
    });
    const tag = await api<{ id: number }>('POST', '/tags', { name: 'Walk tag', color: '#aa0000' });
    const contact = await api<{ id: number }>('POST', '/contacts', {
      name: 'Walk contact',
      number: '5511977770001',
    });
    const ticket = await api<{ id: number; uuid: string }>('POST', '/tickets', {
      contactId: contact.id,
      status: 'open',
      userId: stack.users.admin.id,
    });
    await api('POST', `/messages/${ticket.id}`, { body: 'hello from A' });
    const page = await api<{ messages: { id: string }[] }>('GET', `/messages/${ticket.id}`);
    const queueRecord = await api<Queue>('GET', `/queue/${queue.id}`);
    f = {
      queueId: queue.id,
      chatbotId: queueRecord.chatbots[0]!.id,
      promptId: prompt.id,
      integrationId: integration.id,
      fileListId: fileList.id,
      fileOptionId: fileList.options[0]!.id,
      contactId: contact.id,
      ticketId: ticket.id,
      tagId: tag.id,
      messageId: page.messages[0]!.id,
      connectionId: stack.connectionId,
      ticketUuid: ticket.uuid,
      contactNumber: '5511977770001',
      companyId: stack.companyId,
      quickMessageId: 0,
      scheduleId: 0,
      onDutyId: 0,
      contactListId: 0,
      contactListItemId: 0,
      noteId: 0,
      agentId: stack.users.agent.id,
      adminId: stack.users.admin.id,
      chatId: 0,
    };
    // records of A that only the path walk names
    f.quickMessageId = (
      await api<{ id: number }>('POST', '/quick-messages', { shortcode: 'walk', message: 'Walk' })
    ).id;
    f.scheduleId = (await api<{ id: number }>('POST', '/schedules', schedule(f))).id;
    f.onDutyId = (await api<{ id: number }>('POST', '/plantao', onDutyEntry(f))).id;
    f.contactListId = (
      await api<{ id: number }>('POST', '/contact-lists', { name: 'Walk list' })
    ).id;
    f.contactListItemId = (
      await api<{ id: number }>('POST', '/contact-list-items', listItem(f))
    ).id;
    f.chatId = (await api<{ id: number }>('POST', '/chats', chatBody(f))).id;
    f.noteId = (
      await api<{ id: number }>('POST', '/ticket-notes', {
        note: 'A walk note',
        ticketId: f.ticketId,
        contactId: f.contactId,
      })
    ).id;
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  it('walks every route whose OpenAPI body declares a reference', async () => {
    const doc = (await (await fetch(`${stack.gatewayUrl}/docs-json`)).json()) as Parameters<
      typeof routesWithRefs
    >[0];
    const walked = new Set(table.map((row) => `${row.method} ${row.route}`));
    const forgotten = routesWithRefs(doc).filter(
      (route) => !walked.has(route) && !(route in walkedElsewhere),
    );
    expect(forgotten).toEqual([]);
  });

  describe.each(table)('$method $route', (row) => {
    it("refuses company A's ids to company B's admin and to the super user, naming the fields", async () => {
      for (const role of ['otherAdmin', 'super'] as const) {
        const res = await call(role, row.method, row.path(f), row.body?.(f));
        const body = await json(res);
        expect({ role, status: res.status, error: body.error }).toEqual({
          role,
          status: 404,
          error: refNotFoundCode(Object.keys(body.details?.missing ?? {}) as RefKind[]),
        });
        expect(body.error).toMatch(/^ERR_(NO_[A-Z_]+|REFERENCE_NOT)_FOUND$/);
        expect(Object.keys(body.fields).sort()).toEqual([...row.fields].sort());
      }
    });

    it("lets company A's own users name A's records (never refused by the check, never a 5xx)", async () => {
      for (const role of ['user', 'admin'] as const) {
        const res = await call(role, row.method, row.path(f), row.body?.(f));
        const body = res.status >= 300 ? await json(res) : {};
        // a refusal of the check carries details.missing; any other answer is the route's own
        expect({ role, status: res.status, missing: body.details?.missing }).toEqual({
          role,
          status: res.status,
          missing: undefined,
        });
        expect(res.status).toBeLessThan(500);
      }
    });
  });

  it("stored none of A's ids for company B", async () => {
    const users = await json(await call('otherAdmin', 'GET', '/users'));
    for (const user of users.users as { queueIds: number[]; whatsappId: number | null }[]) {
      expect(user.queueIds).not.toContain(f.queueId);
      expect(user.whatsappId).not.toBe(f.connectionId);
    }
    const queues = (await json(await call('otherAdmin', 'GET', '/queue'))) as Queue[];
    expect(queues.filter((q) => q.promptId === f.promptId)).toEqual([]);
  });

  // The socket side of tenancy: every row of the event→socket table, published as company A's event,
  // reaches A's admin and never a socket of company B, whatever rooms B joined.
  it("sends no event of company A to company B's sockets, for every row of the routing table", async () => {
    const sockets: Socket[] = [];
    try {
      const join = async (token: string, ticketId: number) => {
        const socket = await connectSocket(stack.gatewayUrl, { token });
        sockets.push(socket);
        await emitWithAck(socket, 'joinNotification');
        for (const status of ['open', 'pending', 'closed', 'group'])
          await emitWithAck(socket, 'joinTickets', status);
        // B may try A's ticket: the gateway refuses to put it in that room
        await emitWithAck(socket, 'joinChatBox', String(ticketId));
        return recordEvents(socket);
      };
      const seenByA = await join(tokens.admin, f.ticketId);
      const seenByB = await join(tokens.otherAdmin, f.ticketId);
      const companyA = stack.companyId;
      const keys = Object.keys(EventSocketRoutes);
      for (const key of keys) {
        const [service, entity, action] = key.split('.') as [string, string, string];
        const event: DomainEvent = {
          id: randomUUID(),
          subject: `evt.${companyA}.${service}.${entity}.${action}`,
          companyId: companyA,
          occurredAt: new Date().toISOString(),
          data: sampleEventData(f),
        };
        await stack.identityStack.buses.serviceBus.publish(event);
      }
      // announcements and tenant operations are platform-wide (company 0) events: a company's own
      // never reaches a socket
      const platformWide: string[] = ['announcement', 'tenantOperation'];
      const expected = new Set(
        Object.values(EventSocketRoutes)
          .filter((route) => !platformWide.includes(route.event))
          .map((route) => `company-${companyA}-${route.event}`),
      );
      const missedByA = () =>
        [...expected].filter((name) => !seenByA.some((e) => e.event === name));
      // every socket event of the table reached A (so B's silence is not a silent bus)
      await waitFor(() => missedByA().length === 0, 5_000, "A's events").catch(() => undefined);
      await sleep(300);
      expect(missedByA()).toEqual([]);
      // B's own company's events (its admin going online, also as the global `users` event) are B's
      // business; nothing else reaches it
      const ofB = (e: { event: string; payload: unknown }) =>
        e.event.startsWith(`company-${companyB}-`) ||
        (e.event === 'users' &&
          (e.payload as { user?: { companyId?: number } }).user?.companyId === companyB);
      expect(seenByB.filter((e) => !ofB(e))).toEqual([]);
      expect(JSON.stringify(seenByB)).not.toContain(f.messageId);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  // Every route of the gateway's table with an id in its path, as company B's admin and as the super
  // user with A's ids: never a 2xx (so nothing of A is read, changed or deleted), never a 5xx.
  it("answers no route with A's id in its path to another company's admin or the super user", async () => {
    const doc = (await (await fetch(`${stack.gatewayUrl}/docs-json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths)
      .filter(([route]) => route.includes('{'))
      .flatMap(([route, ops]) => Object.keys(ops).map((method) => ({ method, route })))
      // deletes last: a leak there would remove what the other rows name
      .sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
    const leaks: string[] = [];
    for (const { method, route } of operations) {
      if (route in pathWalkExempt) continue;
      const path = route.replace(/\{(\w+)\}/g, (_m, name: string) =>
        String(pathId(f, route, name)),
      );
      const body = pathWalkBodies[`${method.toUpperCase()} ${route}`]?.(f) ?? {};
      for (const role of ['otherAdmin', 'super'] as const) {
        if (role === 'super' && platformRoute.test(route)) continue;
        const res = await call(
          role,
          method.toUpperCase(),
          path,
          method === 'get' ? undefined : body,
        );
        const text = await res.text();
        if (res.status < 300 || res.status >= 500)
          leaks.push(
            `${role} ${method.toUpperCase()} ${path}: ${res.status} ${text.slice(0, 120)}`,
          );
      }
    }
    expect(leaks).toEqual([]);
    expect(operations.length).toBeGreaterThan(60);
  });
});

/** The platform's own records: the super user manages them for every company. */
const platformRoute = /^\/(companies|plans|helps|announcements|companySettings|invoices)\b/;

/** Path routes whose parameter is no record of a company. */
const pathWalkExempt: Record<string, string> = {
  '/settings/{key}': "a setting key of the caller's own company",
  '/api/verificar-code/{requestId}': 'an anonymous password reset request',
};

/** Company A's record for a path parameter, by the route's resource. */
const pathId = (f: Fixture, route: string, name: string): number | string => {
  if (name === 'ticketId') return f.ticketId;
  if (name === 'tagId') return f.tagId;
  if (name === 'contactId') return f.contactId;
  if (name === 'companyId') return f.companyId;
  if (name === 'uuid') return f.ticketUuid;
  if (name === 'number') return f.contactNumber;
  const resource = route.split('/')[1]!;
  const byResource: Record<string, number | string> = {
    users: f.agentId,
    queue: f.queueId,
    chatbot: f.chatbotId,
    'queue-options': f.chatbotId,
    whatsapp: f.connectionId,
    whatsappsession: f.connectionId,
    closedimported: f.connectionId,
    contacts: f.contactId,
    files: f.fileListId,
    messages: f.messageId,
    prompt: f.promptId,
    queueIntegration: f.integrationId,
    'quick-messages': f.quickMessageId,
    schedules: f.scheduleId,
    plantao: f.onDutyId,
    'contact-lists': f.contactListId,
    'contact-list-items': f.contactListItemId,
    tags: f.tagId,
    'ticket-notes': f.noteId,
    tickets: f.ticketId,
    chats: f.chatId,
    companies: f.companyId,
  };
  return byResource[resource] ?? 1;
};

/** Valid bodies, so a write reaches the service's company check rather than stopping at validation. */
const pathWalkBodies: Record<string, (f: Fixture) => unknown> = {
  'PUT /contacts/{id}': () => ({ name: 'Taken over', number: '5511900001111' }),
  'PUT /tags/{id}': () => ({ name: 'Taken over', color: '#00aa00' }),
  'PUT /quick-messages/{id}': () => ({ shortcode: 'taken', message: 'Taken over' }),
  'PUT /tickets/{id}': () => ({ status: 'closed' }),
  'PUT /messages/{id}': () => ({ body: 'Taken over' }),
  'PUT /schedules/{id}': () => ({ body: 'Taken over message', contactId: 1, sendAt: futureIso() }),
  'PUT /plantao/{id}': (f) => ({ ...onDutyEntry(f), userId: 1 }),
  'PUT /prompt/{id}': () => ({ name: 'Taken over', prompt: promptText }),
  'PUT /queue/{id}': () => ({ name: 'Taken over', color: '#00aa01', greetingMessage: 'Hi' }),
  'PUT /chatbot/{id}': () => ({ name: 'Taken over' }),
  'PUT /queue-options/{id}': () => ({ title: 'Taken over' }),
  'PUT /files/{id}': () => ({ name: 'Taken over', message: 'x', options: [] }),
  'PUT /whatsapp/{id}': () => ({ name: 'Taken over' }),
  'PUT /users/{id}': () => ({ name: 'Taken over' }),
  'PUT /queueIntegration/{id}': () => ({
    type: 'webhook',
    name: 'Taken over',
    urlN8N: 'http://127.0.0.1:9/x',
  }),
};

/** One data object that fits every event of the table (each row reads the fields it needs). */
const sampleEventData = (f: Fixture) => {
  const ticket = {
    id: f.ticketId,
    uuid: randomUUID(),
    status: 'open',
    userId: f.adminId,
    queueId: null,
    contactId: f.contactId,
    whatsappId: f.connectionId,
    isGroup: false,
    unreadMessages: 0,
  };
  return {
    id: 1,
    key: 'userRating',
    value: 'enabled',
    sessionId: randomUUID(),
    userId: f.adminId,
    user: { id: f.adminId, name: 'Walk admin' },
    // a chat's events reach its members: A's admin is one
    record: {
      id: 1,
      status: 'active',
      userId: f.adminId,
      geral: true,
      users: [{ userId: f.adminId }],
    },
    memberIds: [f.adminId],
    removedUserIds: [],
    chat: { id: 1, users: [{ userId: f.adminId }] },
    chatId: 1,
    newMessage: { id: 1, chatId: 1, message: 'walk' },
    contact: { id: f.contactId, name: 'Walk contact' },
    contactId: f.contactId,
    job: { id: 1, status: 'running', total: 1, done: 0 },
    tag: { id: f.tagId },
    tagId: f.tagId,
    queue: { id: f.queueId },
    queueId: f.queueId,
    chatbot: { id: f.chatbotId },
    chatbotId: f.chatbotId,
    queueIntegration: { id: f.integrationId },
    integrationId: f.integrationId,
    prompt: { id: f.promptId },
    promptId: f.promptId,
    fileList: { id: f.fileListId },
    fileListId: f.fileListId,
    ticket,
    ticketId: f.ticketId,
    status: 'open',
    message: { id: f.messageId, ticketId: f.ticketId, body: 'walk' },
    messageId: f.messageId,
    connection: { id: f.connectionId },
    connectionId: f.connectionId,
    session: { id: f.connectionId, status: 'CONNECTED' },
    schedule: { id: 1, userId: f.adminId },
    scheduleId: 1,
  };
};
