import type { AppMessageSocketPayload, TicketRecord, TicketSocketPayload } from '@sb/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store.js';
import { sessionUser } from '../../test/session-user.js';
import {
  createFakeSocket,
  messageRecord,
  stubFetch,
  ticketRecord,
  type Call,
} from './ticket-test-data.js';
import { ticketsApi, type TicketListArgs } from './tickets.api.js';

// the lists listen on the app's one socket: here a double the tests fire events on
const socket = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({ currentSocket: () => socket.current }),
);

/** An agent (#7) of queue 5 and the lists the workspace mounts (the search only on its tab). */
const agent = sessionUser({ queues: [{ id: 5, name: 'Sales', color: '#00aa00' }] });
const base = { showAll: false, queueIds: [5] };
const lists: Record<string, TicketListArgs> = {
  open: { ...base, status: 'open', pageNumber: 1 },
  pending: { ...base, status: 'pending', pageNumber: 1 },
  group: { ...base, status: 'group', pageNumber: 1 },
  search: { ...base, searchParam: 'maria', pageNumber: 1 },
  bell: { pageNumber: 1, withUnreadMessages: true, queueIds: [5] },
};

const mine = ticketRecord(1, { status: 'open', userId: 7 });
const waiting = ticketRecord(3, { status: 'pending', userId: null, user: null });
const found = ticketRecord(4, { status: 'open', userId: 7 });

/** The server: each status tab its tickets, the search its match. */
const answer = (method: string, url: URL): unknown => {
  if (url.pathname !== '/tickets' || method !== 'GET') return undefined;
  const status = url.searchParams.get('status');
  const tickets = url.searchParams.get('searchParam')
    ? [found]
    : status === 'open'
      ? [mine, found]
      : status === 'pending'
        ? [waiting]
        : [];
  return { tickets, hasMore: false, count: tickets.length };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

let fake: ReturnType<typeof createFakeSocket>;
let calls: Call[];
let store: ReturnType<typeof createStore>;

const listGets = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/tickets');
const rows = (name: string) =>
  (ticketsApi.endpoints.listTickets.select(lists[name]!)(store.getState()).data?.tickets ?? []).map(
    (t) => t.id,
  );
const fireTicket = (ticket: TicketRecord) =>
  fake.fire('company-2-ticket', { action: 'update', ticket } satisfies TicketSocketPayload);

/** Mounts the open tab (its three sub-lists and the bell), plus the search tab's list if asked. */
const mount = async (withSearch = false) => {
  const names = ['open', 'pending', 'group', 'bell', ...(withSearch ? ['search'] : [])];
  for (const name of names)
    await store.dispatch(ticketsApi.endpoints.listTickets.initiate(lists[name]!));
  await settle();
  expect(listGets()).toHaveLength(names.length);
  calls.length = 0;
};

beforeEach(() => {
  fake = createFakeSocket();
  socket.current = fake;
  calls = stubFetch((method, url) => answer(method, url));
  store = createStore({ session: { status: 'authenticated', user: agent } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ticket lists follow the socket without refetching', () => {
  it('patches an update that stays in its list without a request', async () => {
    await mount();
    fireTicket({ ...mine, lastMessage: 'changed' });
    await settle();
    expect(listGets()).toHaveLength(0);
    const open = ticketsApi.endpoints.listTickets.select(lists.open!)(store.getState()).data;
    expect(open?.tickets[0]?.lastMessage).toBe('changed');
  });

  it('moves an accepted ticket from pending to open without a request', async () => {
    await mount();
    fireTicket({ ...waiting, status: 'open', userId: 7, user: { id: 7, name: 'Ana Souza' } });
    await settle();
    expect(rows('pending')).toEqual([]);
    expect(rows('open')).toEqual([3, 1, 4]);
    expect(listGets()).toHaveLength(0);
  });

  it('refetches only the search list when a ticket may enter it', async () => {
    await mount(true);
    fireTicket({ ...waiting, status: 'open', userId: 7, user: { id: 7, name: 'Ana Souza' } });
    await settle();
    expect(rows('pending')).toEqual([]);
    expect(rows('open')).toEqual([3, 1, 4]);
    // the record cannot tell whether it matches "maria" (messages count too): that list alone asks
    expect(listGets().map((c) => c.url.searchParams.get('searchParam'))).toEqual(['maria']);
  });

  it('removes a closed ticket from its lists without a request when the record settles them', async () => {
    await mount(true);
    fireTicket({ ...found, status: 'closed' });
    await settle();
    expect(rows('open')).toEqual([1]);
    // a known row of the search stays and is patched: nothing to ask
    expect(rows('search')).toEqual([4]);
    expect(listGets()).toHaveLength(0);
  });

  it('ignores, without a request, a ticket of another agent that no list of mine shows', async () => {
    await mount(true);
    fireTicket(ticketRecord(9, { status: 'open', userId: 8, unreadMessages: 2 }));
    await settle();
    expect(listGets()).toHaveLength(0);
    expect(rows('open')).toEqual([1, 4]);
  });

  it('puts a new unread ticket in the bell from its record, and an acknowledgement asks nothing', async () => {
    await mount(true);
    const message: AppMessageSocketPayload = {
      action: 'create',
      message: messageRecord('m1', { ticketId: 3 }),
      ticket: { ...waiting, unreadMessages: 1 },
      contact: waiting.contact,
    };
    fake.fire('company-2-appMessage', message);
    await settle();
    expect(rows('bell')).toEqual([3]);
    expect(rows('pending')).toEqual([3]);
    // a new message may make the ticket match the search text: only that list asks again
    expect(listGets().map((c) => c.url.searchParams.get('searchParam'))).toEqual(['maria']);
    fake.fire('company-2-appMessage', { ...message, action: 'update' });
    await settle();
    expect(listGets()).toHaveLength(1);
  });

  it('applies an accept answer to the lists without a request; the event then asks only the search', async () => {
    await mount(true);
    const accepted = { ...waiting, status: 'open' as const, userId: 7, queueId: 5 };
    calls = stubFetch((method, url) =>
      method === 'PUT' && url.pathname === '/tickets/3' ? accepted : answer(method, url),
    );
    const put = await store.dispatch(
      ticketsApi.endpoints.updateTicket.initiate({ id: 3, status: 'open', userId: 7, queueId: 5 }),
    );
    expect(put.data?.id).toBe(3);
    await settle();
    expect(rows('pending')).toEqual([]);
    expect(rows('open')).toEqual([3, 1, 4]);
    expect(listGets()).toHaveLength(0);
    fireTicket(accepted);
    await settle();
    expect(rows('open')).toEqual([3, 1, 4]);
    expect(listGets().map((c) => c.url.searchParams.get('searchParam'))).toEqual(['maria']);
  });
});
