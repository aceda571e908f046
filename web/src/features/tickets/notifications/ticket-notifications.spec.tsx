import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AppMessageSocketPayload } from '@sb/contracts';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app.js';
import { createStore } from '../../../app/store.js';
import { setupI18n } from '../../../test/render-app.js';
import { sessionUser } from '../../../test/session-user.js';
import { createFakeSocket, messageRecord, stubFetch, ticketRecord } from '../ticket-test-data.js';
import { TicketNotifications } from './ticket-notifications.js';

const socket = vi.hoisted(() => ({ current: null as unknown }));
const tone = vi.hoisted(() => vi.fn(() => true));
vi.mock('../../../api/socket.js', async () =>
  (await import('../../../test/socket-mock.js')).socketModule({
    connectSocket: () => socket.current,
    disconnectSocket: vi.fn(),
    currentSocket: () => socket.current,
  }),
);
vi.mock('./notification-tone.js', () => ({ playNotificationTone: tone }));

const user = sessionUser({ queues: [{ id: 5, name: 'Sales', color: '#0a0' }] });

const Where = () => <div data-testid="where">{useLocation().pathname}</div>;

const mount = async (language = 'en') => {
  await setupI18n(language);
  const store = createStore({ session: { status: 'authenticated', user } });
  await act(async () => {
    render(
      <AppProviders store={store}>
        <MemoryRouter initialEntries={['/tickets']}>
          <TicketNotifications user={user} />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
};

const incoming = (id: number, userId: number | null): AppMessageSocketPayload => ({
  action: 'create',
  message: messageRecord(`n${id}`, { ticketId: id, body: `hello from ${id}` }),
  ticket: ticketRecord(id, { userId, unreadMessages: 1, lastMessage: `hello from ${id}` }),
  contact: ticketRecord(id).contact,
});

describe('ticket notifications bell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    tone.mockClear();
  });

  it('counts and lists the unread tickets of my queues, and opens one from the list', async () => {
    socket.current = createFakeSocket();
    const calls = stubFetch((_method, url) =>
      url.pathname === '/tickets'
        ? {
            tickets: [ticketRecord(1, { status: 'pending', userId: null, unreadMessages: 3 })],
            hasMore: false,
            count: 1,
          }
        : undefined,
    );
    await mount();
    await waitFor(() => expect(screen.getByTestId('notifications-count').textContent).toBe('1'));
    const asked = calls.find((call) => call.url.pathname === '/tickets')!.url.searchParams;
    expect(asked.get('withUnreadMessages')).toBe('true');
    expect(asked.get('queueIds')).toBe('[5]');
    expect(screen.getByRole('button', { name: 'Notifications 1' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('notifications'));
    const list = await screen.findByTestId('notifications-list');
    expect(within(list).getByText('Contact 1')).toBeTruthy();
    expect(within(list).getByText('last of 1')).toBeTruthy();
    fireEvent.click(within(list).getByText('Contact 1'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`/tickets/${ticketRecord(1).uuid}`),
    );
  });

  it('rings for a contact message on my ticket only, and drops a ticket once read', async () => {
    const fake = createFakeSocket();
    socket.current = fake;
    stubFetch((_method, url) =>
      url.pathname === '/tickets'
        ? { tickets: [ticketRecord(1, { unreadMessages: 3 })], hasMore: false, count: 1 }
        : undefined,
    );
    await mount();
    await waitFor(() => expect(screen.getByTestId('notifications-count').textContent).toBe('1'));
    act(() => fake.fire('company-2-appMessage', incoming(3, 99)));
    expect(tone).not.toHaveBeenCalled();
    expect(screen.getByTestId('notifications-count').textContent).toBe('1');
    act(() => fake.fire('company-2-appMessage', incoming(4, 7)));
    expect(tone).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('notifications-count').textContent).toBe('2'));
    act(() => fake.fire('company-2-ticket', { action: 'updateUnread', ticketId: 4 }));
    await waitFor(() => expect(screen.getByTestId('notifications-count').textContent).toBe('1'));
  });

  it('says so when there is nothing unread, in each language', async () => {
    socket.current = createFakeSocket();
    stubFetch((_method, url) =>
      url.pathname === '/tickets' ? { tickets: [], hasMore: false, count: 0 } : undefined,
    );
    await mount('es');
    expect(screen.queryByTestId('notifications-count')).toBeNull();
    fireEvent.click(screen.getByTestId('notifications'));
    expect(await screen.findByText('No hay tickets para notificar.')).toBeTruthy();
  });
});
