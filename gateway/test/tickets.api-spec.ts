import {
  socketEvent,
  type AuthResult,
  type TicketLogRecord,
  type TicketNoteRecord,
  type TicketRecord,
  type TicketsPage,
} from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import { startTicketsService } from '@sb/tickets';
import {
  busKinds,
  connectSocket,
  emitWithAck,
  json,
  jwtSecret,
  recordEvents,
  sleep,
  startIdentityStack,
  stopIdentityStack,
  waitFor,
  type IdentityStack,
} from './support/gateway-harness.js';

// Tickets, notes, logs and the kanban board through the gateway against the real identity and tickets
// services: a user with one queue, a user of another queue, an admin, and the admin of another company.

type Role = 'ana' | 'bruno' | 'admin' | 'otherAdmin' | 'super';

const kinds = await busKinds();
const root = { email: 'root@tickets.test', password: 'tickets-root-pw' };

describe.each(kinds)('tickets over the $name', (kind) => {
  let stack: Partial<IdentityStack> = {};
  let tickets: RunningService | undefined;
  let ticketsDatabase: TestDatabase | undefined;
  const tokens = {} as Record<Role, string>;
  const ids = {} as Record<Role, number>;
  let sales = 0;
  let support = 0;
  let serial = 0;
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
  const ok = async <T = { id: number }>(res: Response): Promise<T> => {
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
  const contact = async (name: string) =>
    ok(
      await call('admin', 'POST', '/contacts', {
        name,
        number: `55119${String(Date.now()).slice(-6)}${String((serial += 1)).padStart(2, '0')}`,
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
      database: 'gateway_tickets',
      env,
      beforeGateway: async (buses) => {
        ticketsDatabase = await createTestDatabase('gateway_tickets_tickets');
        tickets = await startTicketsService({
          bus: buses.serviceBus,
          databaseUrl: ticketsDatabase.url,
        });
      },
    });
    const superSession = await login(root.email, root.password);
    tokens.super = superSession.token;
    await ok(
      await call('super', 'POST', '/companies', {
        name: 'Tickets Other Co',
        email: 'other-admin@tickets.test',
        password: 'other-pass-1',
        planId: superSession.user.company.planId,
      }),
    );
    tokens.otherAdmin = (await login('other-admin@tickets.test', 'other-pass-1')).token;
    sales = (
      await ok(
        await call('super', 'POST', '/queue', {
          name: 'Sales',
          color: '#aa0000',
          greetingMessage: 'Hi',
        }),
      )
    ).id;
    support = (
      await ok(
        await call('super', 'POST', '/queue', {
          name: 'Support',
          color: '#00aa00',
          greetingMessage: 'Hi',
        }),
      )
    ).id;
    const people: [Role, 'admin' | 'user', number[]][] = [
      ['admin', 'admin', []],
      ['ana', 'user', [sales]],
      ['bruno', 'user', [support]],
    ];
    for (const [role, profile, queueIds] of people) {
      const user = await ok(
        await call('super', 'POST', '/users', {
          name: `Tickets ${role}`,
          email: `${role}@tickets.test`,
          password: 'tickets-pass-1',
          profile,
          queueIds,
        }),
      );
      ids[role] = user.id;
      tokens[role] = (await login(`${role}@tickets.test`, 'tickets-pass-1')).token;
    }
  }, 60_000);

  afterAll(async () => {
    await stack.gateway?.close();
    await tickets?.close();
    await stopIdentityStack({ ...stack, gateway: undefined });
    await ticketsDatabase?.drop();
  }, 30_000);

  it('opens a ticket, refuses a second one naming the holder, and hides it from other tenants', async () => {
    const { id: contactId } = await contact('Walk João');
    const ticket = await ok<TicketRecord>(
      await call('ana', 'POST', '/tickets', { contactId, queueId: sales }),
    );
    expect(ticket).toMatchObject({
      status: 'open',
      userId: ids.ana,
      user: { name: 'Tickets ana' },
      queue: { name: 'Sales' },
    });
    const again = await call('bruno', 'POST', '/tickets', { contactId, queueId: support });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      details: {
        id: ticket.id,
        userId: ids.ana,
        user: { name: 'Tickets ana' },
        queue: { name: 'Sales' },
      },
    });
    expect((await call('otherAdmin', 'GET', `/tickets/${ticket.id}`)).status).toBe(404);
    expect((await call('bruno', 'GET', `/tickets/${ticket.id}`)).status).toBe(404);
    const byUuid = await ok<TicketRecord>(await call('ana', 'GET', `/tickets/u/${ticket.uuid}`));
    expect(byUuid.id).toBe(ticket.id);
    const log = await ok<TicketLogRecord[]>(await call('ana', 'GET', `/tickets-log/${ticket.id}`));
    expect(log.map((l) => l.type)).toEqual(['create', 'open', 'access']);
    const bad = await call('ana', 'POST', '/tickets', { contactId });
    expect(bad.status).toBe(400);
  });

  it('lists tickets per queue visibility with accent-insensitive search', async () => {
    const { id: first } = await contact('Éder Pendente');
    const { id: second } = await contact('Fábio Suporte');
    const inSales = await ok<TicketRecord>(
      await call('admin', 'POST', '/tickets', {
        contactId: first,
        queueId: sales,
        status: 'pending',
      }),
    );
    const inSupport = await ok<TicketRecord>(
      await call('admin', 'POST', '/tickets', {
        contactId: second,
        queueId: support,
        status: 'pending',
      }),
    );
    const anaPage = await ok<TicketsPage>(await call('ana', 'GET', '/tickets?status=pending'));
    expect(anaPage.tickets.map((t) => t.id)).toEqual([inSales.id]);
    expect(anaPage).toMatchObject({ count: 1, hasMore: false });
    const brunoPage = await ok<TicketsPage>(await call('bruno', 'GET', '/tickets?status=pending'));
    expect(brunoPage.tickets.map((t) => t.id)).toEqual([inSupport.id]);
    const adminAll = await ok<TicketsPage>(
      await call(
        'admin',
        'GET',
        `/tickets?status=pending&showAll=true&queueIds=[${sales},${support}]`,
      ),
    );
    expect(adminAll.tickets.map((t) => t.id).sort()).toEqual([inSales.id, inSupport.id].sort());
    const search = await ok<TicketsPage>(await call('ana', 'GET', '/tickets?searchParam=eder'));
    expect(search.tickets.map((t) => t.id)).toEqual([inSales.id]);
    const other = await ok<TicketsPage>(await call('otherAdmin', 'GET', '/tickets?showAll=true'));
    expect(other.tickets).toEqual([]);
    const badDate = await call('ana', 'GET', '/tickets?date=yesterday');
    expect(badDate.status).toBe(400);
    expect(await badDate.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    // the page goes out as the service wrote it: still JSON, with its length and validator
    const raw = await call('ana', 'GET', '/tickets?status=pending');
    expect(raw.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(raw.headers.get('content-length'))).toBeGreaterThan(0);
    expect(raw.headers.get('etag')).toBeTruthy();
    expect(await raw.json()).toEqual(anaPage);
  });

  it('accepts, transfers, closes and reopens, with socket events to the status rooms', async () => {
    const { id: contactId } = await contact('Gil Socket');
    const ticket = await ok<TicketRecord>(
      await call('admin', 'POST', '/tickets', { contactId, queueId: sales, status: 'pending' }),
    );
    const socket = await connectSocket(url(), { token: tokens.ana });
    try {
      const received = recordEvents(socket);
      expect(await emitWithAck(socket, 'joinTickets', 'open')).toEqual({ ok: true });
      expect(await emitWithAck(socket, 'joinTickets', 'pending')).toEqual({ ok: true });
      expect(await emitWithAck(socket, 'joinChatBox', ticket.id)).toEqual({ ok: true });
      const accepted = await ok<TicketRecord>(
        await call('ana', 'PUT', `/tickets/${ticket.id}`, { status: 'open' }),
      );
      expect(accepted).toMatchObject({ status: 'open', userId: ids.ana });
      await waitFor(
        () =>
          received.some(
            (r) =>
              r.event === socketEvent.company(1, 'ticket') &&
              (r.payload as { ticket?: TicketRecord }).ticket?.status === 'open',
          ),
        5_000,
        'the ticket update',
      );
      // someone else accepting gets the holder back unchanged
      const taken = await ok<TicketRecord>(
        await call('admin', 'PUT', `/tickets/${ticket.id}`, { status: 'open' }),
      );
      expect(taken).toMatchObject({ userId: ids.ana, user: { name: 'Tickets ana' } });
      const moved = await ok<TicketRecord>(
        await call('ana', 'PUT', `/tickets/${ticket.id}`, { status: 'pending', queueId: support }),
      );
      expect(moved).toMatchObject({ status: 'pending', userId: null, queueId: support });
      const closed = await ok<TicketRecord>(
        await call('admin', 'PUT', `/tickets/${ticket.id}`, {
          status: 'closed',
          sendFarewellMessage: false,
        }),
      );
      expect(closed.status).toBe('closed');
      const reopened = await ok<TicketRecord>(
        await call('bruno', 'PUT', `/tickets/${ticket.id}`, { status: 'open' }),
      );
      expect(reopened).toMatchObject({ status: 'open', userId: ids.bruno });
      const bad = await call('bruno', 'PUT', `/tickets/${ticket.id}`, { status: 'nope' });
      expect(bad.status).toBe(400);
    } finally {
      socket.close();
    }
  });

  it('lets sockets join only the ticket rooms the tickets service allows', async () => {
    const { id: contactId } = await contact('Hana Room');
    const ticket = await ok<TicketRecord>(
      await call('admin', 'POST', '/tickets', { contactId, queueId: support, status: 'pending' }),
    );
    const ana = await connectSocket(url(), { token: tokens.ana });
    const bruno = await connectSocket(url(), { token: tokens.bruno });
    const other = await connectSocket(url(), { token: tokens.otherAdmin });
    try {
      expect(await emitWithAck(ana, 'joinChatBox', ticket.id)).toMatchObject({
        ok: false,
        error: 'ERR_NO_PERMISSION',
      });
      expect(await emitWithAck(bruno, 'joinChatBox', ticket.id)).toEqual({ ok: true });
      expect(await emitWithAck(other, 'joinChatBox', ticket.id)).toMatchObject({ ok: false });
    } finally {
      ana.close();
      bruno.close();
      other.close();
    }
  });

  it('deletes and closes all only with permission, and sends the delete event', async () => {
    const { id: contactId } = await contact('Ivo Delete');
    const ticket = await ok<TicketRecord>(
      await call('ana', 'POST', '/tickets', { contactId, queueId: sales }),
    );
    const socket = await connectSocket(url(), { token: tokens.ana });
    try {
      const received = recordEvents(socket);
      await emitWithAck(socket, 'joinChatBox', ticket.id);
      expect((await call('ana', 'DELETE', `/tickets/${ticket.id}`)).status).toBe(403);
      expect((await call('otherAdmin', 'DELETE', `/tickets/${ticket.id}`)).status).toBe(404);
      expect((await call('admin', 'DELETE', `/tickets/${ticket.id}`)).status).toBeLessThan(300);
      await waitFor(
        () =>
          received.some(
            (r) =>
              r.event === socketEvent.company(1, 'ticket') &&
              (r.payload as { action: string }).action === 'delete',
          ),
        5_000,
        'the delete event',
      );
    } finally {
      socket.close();
    }
    expect((await call('ana', 'POST', '/tickets/closeAll', { queueIds: [sales] })).status).toBe(
      403,
    );
    const all = await ok<{ count: number }>(
      await call('admin', 'POST', '/tickets/closeAll', { queueIds: [sales] }),
    );
    expect(all.count).toBeGreaterThanOrEqual(1);
    const left = await ok<TicketsPage>(
      await call('admin', 'GET', `/tickets?status=pending&showAll=true&queueIds=[${sales}]`),
    );
    expect(left.tickets).toEqual([]);
  });

  it('keeps notes and moves kanban cards', async () => {
    const { id: contactId } = await contact('Júlia Notes');
    const ticket = await ok<TicketRecord>(
      await call('ana', 'POST', '/tickets', { contactId, queueId: sales }),
    );
    const short = await call('ana', 'POST', '/ticket-notes', {
      note: 'x',
      ticketId: ticket.id,
      contactId,
    });
    expect(short.status).toBe(400);
    const note = await ok<TicketNoteRecord>(
      await call('ana', 'POST', '/ticket-notes', {
        note: 'Call back',
        ticketId: ticket.id,
        contactId,
      }),
    );
    const list = await ok<TicketNoteRecord[]>(
      await call('ana', 'GET', `/ticket-notes/list?ticketId=${ticket.id}&contactId=${contactId}`),
    );
    expect(list.map((n) => n.id)).toEqual([note.id]);
    expect((await call('otherAdmin', 'GET', `/ticket-notes/${note.id}`)).status).toBe(404);
    expect((await call('ana', 'DELETE', `/ticket-notes/${note.id}`)).status).toBeLessThan(300);

    const lane = await ok(
      await call('admin', 'POST', '/tags', { name: 'Lane A', kanban: 1, color: '#0000aa' }),
    );
    const moved = await ok<TicketRecord>(
      await call('ana', 'PUT', `/ticket-tags/${ticket.id}/${lane.id}`),
    );
    expect(moved.tags.map((t) => t.id)).toEqual([lane.id]);
    const board = await ok<{ tickets: TicketRecord[] }>(
      await call('ana', 'GET', `/ticket/kanban?queueIds=[${sales}]`),
    );
    expect(board.tickets.find((t) => t.id === ticket.id)?.tags.map((t) => t.id)).toEqual([lane.id]);
    const cleared = await ok<TicketRecord>(
      await call('ana', 'DELETE', `/ticket-tags/${ticket.id}`),
    );
    expect(cleared.tags).toEqual([]);
    expect((await call('otherAdmin', 'PUT', `/ticket-tags/${ticket.id}/${lane.id}`)).status).toBe(
      404,
    );
  });

  it('sends ticket and message events only to the sockets whose user may see the ticket', async () => {
    type Who = 'ana' | 'bruno' | 'admin';
    const sockets = {} as Record<Who, Awaited<ReturnType<typeof connectSocket>>>;
    const heard = {} as Record<Who, ReturnType<typeof recordEvents>>;
    const { id: contactId } = await contact('Jade Audience');
    try {
      for (const who of ['ana', 'bruno', 'admin'] as const) {
        sockets[who] = await connectSocket(url(), { token: tokens[who] });
        heard[who] = recordEvents(sockets[who]);
        expect(await emitWithAck(sockets[who], 'joinNotification')).toEqual({ ok: true });
        expect(await emitWithAck(sockets[who], 'joinTickets', 'pending')).toEqual({ ok: true });
      }
      // a ticket of Support: Bruno's queue, not Ana's
      const ticket = await ok<TicketRecord>(
        await call('admin', 'POST', '/tickets', { contactId, queueId: support, status: 'pending' }),
      );
      const note = async (body: string) =>
        expect(
          (await call('admin', 'POST', `/messages/${ticket.id}`, { body, isPrivate: true })).status,
        ).toBe(201);
      const hears = (who: Who, text: string) =>
        heard[who].some(
          (r) =>
            r.event === socketEvent.company(1, 'appMessage') && JSON.stringify(r).includes(text),
        );
      const told = (who: Who) =>
        heard[who].some(
          (r) =>
            r.event === socketEvent.company(1, 'ticket') &&
            (r.payload as { ticket?: TicketRecord }).ticket?.id === ticket.id,
        );
      await note('first secret note');
      for (const who of ['bruno', 'admin'] as const) {
        await waitFor(() => hears(who, 'first secret note'), 5_000, `${who} hears the note`);
        await waitFor(() => told(who), 5_000, `${who} hears the ticket`);
      }
      // the same events have reached every socket by now (one fan-out per event)
      await sleep(200);
      expect(hears('ana', 'first secret note')).toBe(false);
      expect(told('ana')).toBe(false);
      // nothing of the ticket's (contacts are the whole company's: their own event may arrive late)
      const ticketEvents: string[] = [
        socketEvent.company(1, 'ticket'),
        socketEvent.company(1, 'appMessage'),
      ];
      const anaHeard = heard.ana.filter((r) => ticketEvents.includes(r.event));
      expect(JSON.stringify(anaHeard)).not.toContain('Jade Audience');

      // the admin gives Ana the Support queue: her open socket follows it without reconnecting
      const userEvent = (queueIds: number[]) => () =>
        heard.ana.some((r) => {
          const user = (r.payload as { user?: { id: number; queues?: { id: number }[] } }).user;
          return (
            r.event === socketEvent.company(1, 'user') &&
            user?.id === ids.ana &&
            JSON.stringify(user.queues?.map((q) => q.id).sort()) ===
              JSON.stringify([...queueIds].sort())
          );
        });
      await ok(await call('admin', 'PUT', `/users/${ids.ana}`, { queueIds: [sales, support] }));
      await waitFor(userEvent([sales, support]), 5_000, "Ana's queues change");
      await note('second note');
      await waitFor(() => hears('ana', 'second note'), 5_000, 'Ana hears the second note');
      // a private note leaves the ticket as it was; the admin's accept changes it
      await ok(await call('admin', 'PUT', `/tickets/${ticket.id}`, { status: 'open' }));
      await waitFor(() => told('ana'), 5_000, 'Ana hears the ticket');

      // and taken away again, she stops hearing it
      await ok(await call('admin', 'PUT', `/users/${ids.ana}`, { queueIds: [sales] }));
      await waitFor(userEvent([sales]), 5_000, "Ana's queues change back");
      await note('third note');
      await waitFor(() => hears('bruno', 'third note'), 5_000, 'Bruno hears the third note');
      await sleep(200);
      expect(hears('ana', 'third note')).toBe(false);
    } finally {
      for (const socket of Object.values(sockets)) socket.close();
    }
  });
});
