import type { Socket } from 'socket.io-client';
import type {
  AuthResult,
  Chat,
  ChatMessage,
  ChatMessagePage,
  ChatPage,
  ChatSocketPayload,
} from '@sb/contracts';
import {
  busKinds,
  connectSocket,
  emitWithAck,
  json,
  jwtSecret,
  recordEvents,
  signAccessToken,
  sleep,
  startIdentityStack,
  stopIdentityStack,
  waitFor,
  type IdentityStack,
} from './support/gateway-harness.js';

// Internal chats through the gateway with the real identity: the permission walk (owner, member, a user
// of the company outside the chat, its admin, another company's admin, a company without the plan flag),
// validation, unreads and read receipts, message pages, and socket events reaching the members only.

type Role = 'owner' | 'member' | 'outsider' | 'admin' | 'otherAdmin' | 'noPlan';
type Expected = '2xx' | 403 | 404;
type Fixture = { keptId: number; doomedId: number; memberId: number };
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  expect: [Role, Expected][];
};

const root = { email: 'root@chats.test', password: 'chats-root-pw' };
const members = (f: Fixture) => ({ title: 'Walk chat', users: [{ id: f.memberId }] });

const table: Row[] = [
  {
    method: 'GET',
    path: () => '/chats/',
    expect: [
      ['owner', '2xx'],
      ['outsider', '2xx'],
      ['otherAdmin', '2xx'],
      ['noPlan', 403],
    ],
  },
  {
    method: 'GET',
    path: (f) => `/chats/${f.keptId}`,
    expect: [
      ['owner', '2xx'],
      ['member', '2xx'],
      ['outsider', 403],
      ['admin', 403],
      ['otherAdmin', 404],
      ['noPlan', 403],
    ],
  },
  {
    method: 'POST',
    path: () => '/chats',
    body: members,
    // another company's admin names a user of company 1: not found
    expect: [
      ['member', '2xx'],
      ['admin', '2xx'],
      ['otherAdmin', 404],
      ['noPlan', 403],
    ],
  },
  {
    method: 'PUT',
    path: (f) => `/chats/${f.keptId}`,
    body: members,
    expect: [
      ['owner', '2xx'],
      ['member', 403],
      ['outsider', 403],
      ['admin', 403],
      ['otherAdmin', 404],
      ['noPlan', 403],
    ],
  },
  {
    method: 'GET',
    path: (f) => `/chats/${f.keptId}/messages`,
    expect: [
      ['owner', '2xx'],
      ['member', '2xx'],
      ['outsider', 403],
      ['otherAdmin', 404],
      ['noPlan', 403],
    ],
  },
  {
    method: 'POST',
    path: (f) => `/chats/${f.keptId}/messages`,
    body: () => ({ message: 'walk' }),
    expect: [
      ['owner', '2xx'],
      ['member', '2xx'],
      ['outsider', 403],
      ['admin', 403],
      ['otherAdmin', 404],
      ['noPlan', 403],
    ],
  },
  {
    method: 'POST',
    path: (f) => `/chats/${f.keptId}/read`,
    body: (f) => ({ userId: f.memberId }),
    expect: [
      ['member', '2xx'],
      ['outsider', 403],
      ['otherAdmin', 404],
      ['noPlan', 403],
    ],
  },
  {
    method: 'DELETE',
    path: (f) => `/chats/${f.doomedId}`,
    expect: [
      ['member', 403],
      ['outsider', 403],
      ['admin', 403],
      ['otherAdmin', 404],
      ['noPlan', 403],
      ['owner', '2xx'],
    ],
  },
];

const kinds = await busKinds();

describe.each(kinds)('internal chats over the $name', (kind) => {
  let stack: IdentityStack;
  const tokens = {} as Record<Role | 'super', string>;
  const ids = {} as Record<Role, number>;
  let fixture: Fixture;
  const sockets: Socket[] = [];

  const url = (path: string) => `${stack.gateway.url}${path}`;
  const call = (role: keyof typeof tokens, method: string, path: string, body?: unknown) =>
    fetch(url(path), {
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
      await fetch(url('/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }),
    );
  const newChat = (role: Role, title: string, users: number[]) =>
    call(role, 'POST', '/chats', { title, users }).then((res) => ok<Chat>(res));

  beforeAll(async () => {
    const env = {
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: root.email,
      ADMIN_PASSWORD: root.password,
      AUTH_RATE_LIMIT: '0',
    };
    stack = await startIdentityStack(kind, { database: 'gateway_chats', env });
    const superSession = await login(root.email, root.password);
    tokens.super = superSession.token;
    await ok(
      await call('super', 'POST', '/companies', {
        name: 'Chats Other Co',
        email: 'other-admin@chats.test',
        password: 'other-pass-1',
        planId: superSession.user.company.planId,
      }),
    );
    const other = await login('other-admin@chats.test', 'other-pass-1');
    tokens.otherAdmin = other.token;
    ids.otherAdmin = other.user.id;
    const people = [
      ['owner', 'user'],
      ['member', 'user'],
      ['outsider', 'user'],
      ['admin', 'admin'],
    ] as const;
    for (const [role, profile] of people) {
      await ok(
        await call('super', 'POST', '/users', {
          name: `Chat ${role}`,
          email: `${role}@chats.test`,
          password: 'chats-pass-1',
          profile,
        }),
      );
      const session = await login(`${role}@chats.test`, 'chats-pass-1');
      tokens[role] = session.token;
      ids[role] = session.user.id;
    }
    // the owner's user in a company whose plan lacks useInternalChat
    tokens.noPlan = await signAccessToken({ sub: String(ids.owner), cid: 1, flags: [] });
    fixture = { keptId: 0, doomedId: 0, memberId: ids.member };
    fixture.keptId = (await newChat('owner', 'Kept', [ids.member])).id;
    fixture.doomedId = (await newChat('owner', 'Doomed', [ids.member])).id;
  }, 120_000);

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  afterAll(async () => {
    await stopIdentityStack(stack ?? {});
  }, 30_000);

  const named = new Proxy({} as Fixture, { get: (_t, key) => `:${String(key)}` });
  const label = (row: Row) => `${row.method} ${row.path(named)}`;

  describe('permission walk', () => {
    it.each(table.map((row) => [label(row), row] as const))('%s', async (_label, row) => {
      for (const [role, expected] of row.expect) {
        const res = await call(role, row.method, row.path(fixture), row.body?.(fixture));
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

  it('answers bad input with 400 and the failing fields, a foreign owner edit with its code', async () => {
    const empty = await call('owner', 'POST', '/chats', { title: '  ', users: [] });
    expect(empty.status).toBe(400);
    expect(await json(empty)).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { title: ['Title required'], users: ['At least one user'] },
    });
    const blank = await call('owner', 'POST', `/chats/${fixture.keptId}/messages`, {
      message: ' \n ',
    });
    expect(blank.status).toBe(400);
    expect(await json(blank)).toMatchObject({ fields: { message: ['Message required'] } });
    const notOwner = await call('member', 'DELETE', `/chats/${fixture.keptId}`);
    expect(await json(notOwner)).toMatchObject({ error: 'ERR_CHAT_OWNER_ONLY' });
    const unknown = await call('owner', 'GET', '/chats/999999');
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ error: 'ERR_NO_CHAT_FOUND' });
  });

  it('lists a user their own chats only, newest message first, found by id or uuid', async () => {
    const a = await newChat('member', 'Alpha team', [ids.owner]);
    const b = await newChat('member', 'Beta team', [ids.outsider]);
    await ok(await call('member', 'POST', `/chats/${a.id}/messages`, { message: 'latest' }));
    const mine = await ok<ChatPage>(await call('member', 'GET', '/chats/?pageNumber=1'));
    expect(mine.records[0]).toMatchObject({ id: a.id, lastMessage: 'latest', ownerId: ids.member });
    expect(mine.records.map((c) => c.id)).toEqual(expect.arrayContaining([b.id, fixture.keptId]));
    const owners = await ok<ChatPage>(await call('owner', 'GET', '/chats/'));
    expect(owners.records.map((c) => c.id)).not.toContain(b.id);
    const search = await ok<ChatPage>(await call('member', 'GET', '/chats/?searchParam=beta'));
    expect(search.records.map((c) => c.id)).toEqual([b.id]);
    const byUuid = await ok<Chat>(await call('owner', 'GET', `/chats/${a.uuid}`));
    expect(byUuid.id).toBe(a.id);
    // the owner is always a member, the members carry their names
    expect(byUuid.users.map((m) => m.user.name).sort()).toEqual(['Chat member', 'Chat owner']);
    expect(await ok<ChatPage>(await call('otherAdmin', 'GET', '/chats/'))).toEqual({
      records: [],
      hasMore: false,
    });
  });

  it('counts unreads per member and records when each one read (read receipts)', async () => {
    const chat = await newChat('owner', 'Unreads', [ids.member, ids.outsider]);
    for (const text of ['one', 'two'])
      await ok(await call('owner', 'POST', `/chats/${chat.id}/messages`, { message: text }));
    const before = await ok<Chat>(await call('member', 'GET', `/chats/${chat.id}`));
    const of = (c: Chat, id: number) => c.users.find((m) => m.userId === id)!;
    expect(of(before, ids.member)).toMatchObject({ unreads: 2, lastReadAt: null });
    expect(of(before, ids.owner).unreads).toBe(0);
    expect(of(before, ids.owner).lastReadAt).not.toBeNull();
    // the body's userId names someone else: it is ignored, the caller is who read
    const after = await ok<Chat>(
      await call('member', 'POST', `/chats/${chat.id}/read`, { userId: ids.outsider }),
    );
    expect(of(after, ids.member).unreads).toBe(0);
    expect(of(after, ids.member).lastReadAt).not.toBeNull();
    expect(of(after, ids.outsider)).toMatchObject({ unreads: 2, lastReadAt: null });
  });

  it('pages messages: page 1 the newest, each page oldest first, older pages after it', async () => {
    const chat = await newChat('owner', 'Pages', [ids.member]);
    for (let i = 1; i <= 23; i += 1)
      await ok(await call('owner', 'POST', `/chats/${chat.id}/messages`, { message: `m${i}` }));
    const first = await ok<ChatMessagePage>(
      await call('member', 'GET', `/chats/${chat.id}/messages`),
    );
    expect(first).toMatchObject({ count: 23, hasMore: true });
    expect(first.records.map((m) => m.message)).toEqual(
      Array.from({ length: 20 }, (_, i) => `m${i + 4}`),
    );
    expect(first.records[0]).toMatchObject({ senderId: ids.owner, sender: { name: 'Chat owner' } });
    const second = await ok<ChatMessagePage>(
      await call('member', 'GET', `/chats/${chat.id}/messages?pageNumber=2`),
    );
    expect(second.hasMore).toBe(false);
    expect(second.records.map((m) => m.message)).toEqual(['m1', 'm2', 'm3']);
  });

  it('takes a removed member out and keeps the owner in on edit', async () => {
    const chat = await newChat('owner', 'Edit me', [ids.member, ids.outsider]);
    const edited = await ok<Chat>(
      await call('owner', 'PUT', `/chats/${chat.id}`, { title: 'Edited', users: [ids.member] }),
    );
    expect(edited.title).toBe('Edited');
    expect(edited.users.map((m) => m.userId).sort()).toEqual([ids.owner, ids.member].sort());
    expect((await call('outsider', 'GET', `/chats/${chat.id}`)).status).toBe(403);
  });

  describe('socket events', () => {
    const connect = async (role: Role) => {
      const socket = await connectSocket(stack.gateway.url, { token: tokens[role] });
      sockets.push(socket);
      return { socket, heard: recordEvents(socket) };
    };
    const chatEvents = (heard: { event: string; payload: unknown }[], action: string) =>
      heard
        .filter((e) => e.event === 'company-1-chat')
        .map((e) => e.payload as ChatSocketPayload)
        .filter((p) => p.action === action);

    it('sends chat changes and new messages to the chat members only', async () => {
      const owner = await connect('owner');
      const member = await connect('member');
      const outsider = await connect('outsider');
      const admin = await connect('admin');
      const other = await connect('otherAdmin');
      const chat = await newChat('owner', 'Sockets', [ids.member]);
      const sent = await ok<ChatMessage>(
        await call('member', 'POST', `/chats/${chat.id}/messages`, { message: 'hello team' }),
      );
      await waitFor(
        () =>
          chatEvents(owner.heard, 'new-message').length > 0 &&
          chatEvents(member.heard, 'new-message').length > 0,
        10_000,
        'new-message',
      );
      expect(chatEvents(owner.heard, 'create')).toEqual([
        expect.objectContaining({ record: expect.objectContaining({ id: chat.id }) }),
      ]);
      const [heard] = chatEvents(owner.heard, 'new-message');
      expect(heard).toMatchObject({ newMessage: { id: sent.id, message: 'hello team' } });
      await ok(await call('owner', 'DELETE', `/chats/${chat.id}`));
      await waitFor(() => chatEvents(member.heard, 'delete').length > 0, 10_000, 'delete');
      // the others heard nothing of this chat
      await sleep(300);
      for (const bystander of [outsider, admin, other])
        expect(bystander.heard.filter((e) => e.event.endsWith('-chat'))).toEqual([]);
    });

    it('tells the other members that someone is typing, and refuses a typist outside the chat', async () => {
      const owner = await connect('owner');
      const member = await connect('member');
      const outsider = await connect('outsider');
      expect(await emitWithAck(member.socket, 'chatTyping', { chatId: fixture.keptId })).toEqual({
        ok: true,
      });
      await waitFor(() => chatEvents(owner.heard, 'typing').length > 0, 10_000, 'typing');
      expect(chatEvents(owner.heard, 'typing')[0]).toEqual({
        action: 'typing',
        chatId: fixture.keptId,
        user: { id: ids.member, name: 'Chat member' },
      });
      expect(await emitWithAck(outsider.socket, 'chatTyping', { chatId: fixture.keptId })).toEqual(
        expect.objectContaining({ ok: false, error: 'ERR_NO_PERMISSION' }),
      );
      await sleep(300);
      expect(chatEvents(member.heard, 'typing')).toEqual([]);
      expect(chatEvents(outsider.heard, 'typing')).toEqual([]);
    });
  });
});
