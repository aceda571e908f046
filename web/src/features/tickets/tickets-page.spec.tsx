import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppMessageSocketPayload, TicketSocketPayload } from '@sb/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../test/session-user.js';
import {
  createFakeSocket,
  messageRecord,
  renderSettled,
  stubFetch,
  ticketRecord,
  messageMenuItem,
  uuidOf,
} from './ticket-test-data.js';

const socket = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => socket.current,
    disconnectSocket: vi.fn(),
    currentSocket: () => socket.current,
  }),
);

const admin = sessionUser({
  profile: 'admin',
  queues: [{ id: 5, name: 'Sales', color: '#00aa00' }],
});

const openTickets = [
  ticketRecord(1, { unreadMessages: 2 }),
  ticketRecord(2, {
    userId: null,
    user: null,
    tags: [
      { id: 3, name: 'VIP', color: '#f00' },
      { id: 4, name: 'B', color: '#0f0' },
    ],
  }),
];
const pendingTicket = ticketRecord(3, { status: 'pending', userId: null, user: null });

const route = (method: string, url: URL) => {
  const path = url.pathname;
  if (path === '/tickets' && method === 'GET') {
    const status = url.searchParams.get('status');
    const tickets = status === 'open' ? openTickets : status === 'pending' ? [pendingTicket] : [];
    return { tickets, hasMore: false, count: tickets.length };
  }
  if (path.startsWith('/tickets/u/')) {
    const id = Number(path.slice(-2));
    return ticketRecord(id, id === 1 ? { unreadMessages: 0 } : {});
  }
  if (path === '/messages/1' && method === 'GET')
    return { messages: [messageRecord('m1', { body: 'hello there' })], hasMore: false, count: 1 };
  if (path.startsWith('/tickets/') && method === 'PUT') return ticketRecord(3);
  // the company's queues: the admin's queue choice offers them
  if (path === '/queue') return [{ id: 5, name: 'Sales', color: '#00aa00' }];
  if (path.startsWith('/contactTags/')) return { tags: [] };
  if (path.startsWith('/contacts/')) return {};
  if (path === '/version') return { version: '1.0.0' };
  return undefined;
};

describe('tickets page', () => {
  let fake: ReturnType<typeof createFakeSocket>;
  beforeEach(() => {
    fake = createFakeSocket();
    socket.current = fake;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists open tickets with their badges, counts and the chosen ticket chat', async () => {
    stubFetch(route);
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    const row = await screen.findByTestId('ticket-row-1');
    expect(within(row).getByText('Contact 1')).toBeTruthy();
    // the open ticket shows no unread count: the agent is reading it
    expect(within(row).queryByTitle('Unread messages')).toBeNull();
    expect(within(row).getByText('Main line')).toBeTruthy();
    expect(within(row).getByText('Ana Souza')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Close' })).toBeTruthy();
    const tagged = screen.getByTestId('ticket-row-2');
    expect(within(tagged).getByText('VIP')).toBeTruthy();
    expect(within(tagged).getByText('+1')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('count-pending').textContent).toBe('1'));
    expect(screen.getByTestId('count-open').textContent).toBe('2');
    expect(await screen.findByText('hello there')).toBeTruthy();
    expect(screen.getByText('TODAY')).toBeTruthy();
    // the chat joined its ticket's room
    expect(fake.emitted).toContainEqual(['joinChatBox', '1']);
  });

  it('joins the open ticket again and asks for what it missed after a reconnection', async () => {
    const calls = stubFetch(route);
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    expect(await screen.findByText('hello there')).toBeTruthy();
    const asked = (path: string) =>
      calls.filter((c) => c.method === 'GET' && c.url.pathname === path).length;
    const before = { list: asked('/tickets'), messages: asked('/messages/1') };
    fake.emitted.length = 0;
    // the first connection, then a reconnection (to another gateway, say)
    act(() => fake.fire('connect', undefined));
    act(() => fake.fire('connect', undefined));
    expect(fake.emitted).toContainEqual(['joinChatBox', '1']);
    await waitFor(() => expect(asked('/tickets')).toBeGreaterThan(before.list));
    await waitFor(() => expect(asked('/messages/1')).toBeGreaterThan(before.messages));
  });

  it('accepts a pending ticket as the current user in its queue', async () => {
    const calls = stubFetch(route);
    await renderSettled('/tickets', admin);
    await screen.findByTestId('ticket-row-1');
    fireEvent.click(screen.getByRole('tab', { name: /Pending/ }));
    const row = await screen.findByTestId('ticket-row-3');
    fireEvent.click(within(row).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      status: 'open',
      userId: 7,
      queueId: 5,
    });
  });

  it('asks for a queue before accepting a ticket without one', async () => {
    const calls = stubFetch((method, url) =>
      url.pathname === '/tickets' && url.searchParams.get('status') === 'pending'
        ? { tickets: [{ ...pendingTicket, queueId: null, queue: null }], hasMore: false, count: 1 }
        : route(method, url),
    );
    await renderSettled('/tickets', admin);
    fireEvent.click(await screen.findByRole('tab', { name: /Pending/ }));
    fireEvent.click(
      within(await screen.findByTestId('ticket-row-3')).getByRole('button', { name: 'Accept' }),
    );
    const start = await screen.findByRole('button', { name: 'Start' });
    expect(start.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Queue'), { target: { value: '5' } });
    fireEvent.click(start);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        queueId: 5,
        status: 'open',
      }),
    );
  });

  it('moves a ticket with a new message to the top and appends the message to the open chat', async () => {
    stubFetch(route);
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    await screen.findByText('hello there');
    const payload: AppMessageSocketPayload = {
      action: 'create',
      message: messageRecord('m2', { body: 'a new one' }),
      ticket: ticketRecord(2, {
        userId: null,
        user: null,
        unreadMessages: 1,
        lastMessage: 'a new one',
      }),
      contact: ticketRecord(2).contact,
    };
    act(() => fake.fire('company-2-appMessage', payload));
    expect(await within(screen.getByTestId('message-list')).findByText('a new one')).toBeTruthy();
    const rows = within(screen.getAllByTestId('ticket-list')[0]!).getAllByTestId(/ticket-row-/);
    expect(rows[0]?.getAttribute('data-testid')).toBe('ticket-row-2');
  });

  it('leaves a deleted open ticket with a toast', async () => {
    stubFetch(route);
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    await screen.findByText('hello there');
    const payload: TicketSocketPayload = { action: 'delete', ticketId: 1 };
    act(() => fake.fire('company-2-ticket', payload));
    expect(await screen.findByText('Ticket deleted successfully!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('hello there')).toBeNull());
    expect(screen.queryByTestId('ticket-row-1')).toBeNull();
    expect(screen.getByText('Choose a ticket to start chatting')).toBeTruthy();
  });

  it('forwards the selected messages one at a time to the chosen contact', async () => {
    const calls = stubFetch((method, url) => {
      if (url.pathname === '/messages/1' && method === 'GET')
        return {
          messages: [
            messageRecord('a0000000-0000-4000-8000-000000000001', { body: 'first' }),
            messageRecord('a0000000-0000-4000-8000-000000000002', { body: 'second' }),
          ],
          hasMore: false,
          count: 2,
        };
      if (url.pathname === '/contacts' && method === 'GET')
        return {
          contacts: [{ id: 40, name: 'Dora', number: '5511988887777' }],
          hasMore: false,
          count: 1,
        };
      return route(method, url);
    });
    await renderSettled(`/tickets/${uuidOf(1)}`, admin);
    const first = await screen.findByTestId('message-a0000000-0000-4000-8000-000000000001');
    fireEvent.click(await messageMenuItem(first, 'Forward'));
    const second = screen.getByTestId('message-a0000000-0000-4000-8000-000000000002');
    fireEvent.click(within(second).getByRole('checkbox'));
    const bar = screen.getByTestId('forward-bar');
    expect(within(bar).getByText('Selected messages: 2')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Forward' }));
    fireEvent.change(await screen.findByLabelText('Search contact (3 or more characters)'), {
      target: { value: 'Dor' },
    });
    await screen.findByText('Dora (5511988887777)', {}, { timeout: 2000 });
    fireEvent.change(screen.getByLabelText('Contact'), { target: { value: '40' } });
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forward' }));
    await waitFor(
      () => expect(calls.filter((c) => c.url.pathname === '/message/forward')).toHaveLength(2),
      { timeout: 3000 },
    );
    const forwards = calls.filter((c) => c.url.pathname === '/message/forward');
    expect(forwards.map((c) => (c.body as { messageId: string }).messageId)).toEqual([
      'a0000000-0000-4000-8000-000000000001',
      'a0000000-0000-4000-8000-000000000002',
    ]);
    expect(forwards[0]?.body).toMatchObject({ contactId: 40 });
    expect(await screen.findByText('Messages forwarded')).toBeTruthy();
  });
});
