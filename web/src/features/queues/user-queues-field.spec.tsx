import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Queue, UserRecord, UsersPage } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { stubFetch, type FetchCall } from '../../test/fake-fetch.js';

vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

const queue = (id: number, name: string): Partial<Queue> => ({
  id,
  name,
  color: '#ff0000',
  chatbots: [],
});

const agent: UserRecord = {
  id: 8,
  companyId: 2,
  name: 'Bruno',
  email: 'bruno@x.test',
  profile: 'user',
  super: false,
  online: false,
  profileImage: null,
  allTicket: 'disable',
  allowGroup: false,
  defaultTheme: 'light',
  defaultMenu: 'open',
  startWork: '08:00',
  endWork: '18:00',
  farewellMessage: null,
  wpp: null,
  whatsappId: null,
  queueIds: [1],
  queues: [{ id: 1, name: 'Sales', color: '#ff0000' }],
  language: null,
  lastSeenAt: null,
  createdAt: new Date().toISOString(),
};

const stub = () => {
  const calls: FetchCall[] = [];
  const page: UsersPage = { users: [agent], hasMore: false, count: 1 };
  stubFetch(calls, (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/queue') return Response.json([queue(1, 'Sales'), queue(2, 'Support')]);
    if (path === '/users' && request.method === 'GET') return Response.json(page);
    if (request.method === 'PUT') return Response.json(sessionUser());
    return Response.json({ version: '1.0.0' });
  });
  return calls;
};

describe('queues in the users modal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lets an admin change a user's queues", async () => {
    const calls = stub();
    await renderApp('/users', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('user-row-8');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const modal = await screen.findByTestId('user-modal');
    const option = (name: string) => within(modal).getByText(name).closest('label')!;
    await within(modal).findByText('Sales');
    expect(option('Sales').getAttribute('data-state')).toBe('checked');
    expect(option('Support').getAttribute('data-state')).toBe('unchecked');
    fireEvent.click(option('Support').querySelector('input')!);
    await waitFor(() => expect(option('Support').getAttribute('data-state')).toBe('checked'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ queueIds: [1, 2] });
  });
});
