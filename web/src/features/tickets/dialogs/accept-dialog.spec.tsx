import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SessionUser } from '@sb/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../../test/session-user.js';
import { createFakeSocket, renderSettled, stubFetch, ticketRecord } from '../ticket-test-data.js';

const socket = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../../api/socket.js', async () =>
  (await import('../../../test/socket-mock.js')).socketModule({
    connectSocket: () => socket.current,
    disconnectSocket: vi.fn(),
    currentSocket: () => socket.current,
  }),
);

const sales = { id: 5, name: 'Sales', color: '#00aa00' };
const support = { id: 6, name: 'Support', color: '#0000aa' };
const pending = ticketRecord(3, {
  status: 'pending',
  userId: null,
  user: null,
  queueId: null,
  queue: null,
});

/** A company with these queues and connections, and one pending ticket without queue. */
const serve = (
  companyQueues: (typeof sales)[],
  connections: unknown[] = [{ id: 1, name: 'Main' }],
) =>
  stubFetch((method, url) => {
    const path = url.pathname;
    if (path === '/tickets' && method === 'GET') {
      const tickets = url.searchParams.get('status') === 'pending' ? [pending] : [];
      return { tickets, hasMore: false, count: tickets.length };
    }
    if (path === '/queue') return companyQueues;
    if (path === '/whatsapp') return connections;
    if (path === '/tickets/3' && method === 'PUT') return ticketRecord(3);
    return undefined;
  });

/** Opens /tickets as `user`, and the queue choice of the pending ticket. */
const openChoice = async (user: SessionUser) => {
  await renderSettled('/tickets', user);
  fireEvent.click(await screen.findByRole('tab', { name: /Pending/ }));
  fireEvent.click(
    within(await screen.findByTestId('ticket-row-3')).getByRole('button', { name: 'Accept' }),
  );
  return screen.findByRole('button', { name: 'Start' });
};

const putBody = (calls: ReturnType<typeof stubFetch>) =>
  calls.find((c) => c.method === 'PUT' && c.url.pathname === '/tickets/3')?.body;

describe('accept dialog (queue choice)', () => {
  beforeEach(() => {
    socket.current = createFakeSocket();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lets an admin in no queue pick any queue of the company', async () => {
    const calls = serve([sales, support]);
    const start = await openChoice(sessionUser({ profile: 'admin', queues: [] }));
    expect(start.hasAttribute('disabled')).toBe(true);
    const select = screen.getByLabelText('Queue');
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Support' })).toBeTruthy(),
    );
    fireEvent.change(select, { target: { value: '6' } });
    fireEvent.click(start);
    await waitFor(() => expect(putBody(calls)).toEqual({ status: 'open', userId: 7, queueId: 6 }));
  });

  it('accepts without a queue when the company has none, and says so', async () => {
    const calls = serve([]);
    const start = await openChoice(sessionUser({ profile: 'admin', queues: [] }));
    const hint = await screen.findByTestId('queue-choice-hint');
    expect(hint.textContent).toContain('accepted without one');
    expect(screen.queryByLabelText('Queue')).toBeNull();
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
    fireEvent.click(start);
    await waitFor(() =>
      expect(putBody(calls)).toEqual({ status: 'open', userId: 7, queueId: null }),
    );
  });

  it('tells a user in no queue whom to ask, and does not start', async () => {
    const calls = serve([sales]);
    const start = await openChoice(sessionUser({ queues: [], allTicket: 'enable' }));
    const hint = await screen.findByTestId('queue-choice-hint');
    expect(hint.textContent).toContain('Ask an admin to add you to a queue in Users');
    expect(start.hasAttribute('disabled')).toBe(true);
    fireEvent.click(start);
    expect(putBody(calls)).toBeUndefined();
  });

  it('offers a user only their own queues', async () => {
    serve([sales, support]);
    await openChoice(sessionUser({ queues: [sales], allTicket: 'enable' }));
    const options = within(screen.getByLabelText('Queue'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['—', 'Sales']);
  });
});

describe('first steps hint on /tickets', () => {
  beforeEach(() => {
    socket.current = createFakeSocket();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('points an admin of an empty company to connections, queues and users', async () => {
    serve([], []);
    await renderSettled('/tickets', sessionUser({ profile: 'admin' }));
    const hint = await screen.findByTestId('first-steps');
    const links = within(hint)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/connections', '/queues', '/users']);
  });

  it('leads to the dialog of a connection that has no queue, whose customers get no menu', async () => {
    serve([sales], [{ id: 1, name: 'Main', queueIds: [] }]);
    await renderSettled('/tickets', sessionUser({ profile: 'admin', queues: [sales] }));
    const line = await screen.findByTestId('first-steps-unlinked');
    expect(line.textContent).toContain('The connection Main has no queue');
    expect(within(line).getByRole('link', { name: 'Link its queues' }).getAttribute('href')).toBe(
      '/connections?edit=1',
    );
  });

  it('is gone once the company has a connection with a queue', async () => {
    const calls = serve([sales], [{ id: 1, name: 'Main', queueIds: [sales.id] }]);
    await renderSettled('/tickets', sessionUser({ profile: 'admin', queues: [sales] }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/queue')).toBe(true));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/whatsapp')).toBe(true));
    expect(screen.queryByTestId('first-steps')).toBeNull();
  });
});
