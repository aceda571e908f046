import { act, render, screen, waitFor } from '@testing-library/react';
import type { AppMessageSocketPayload } from '@sb/contracts';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app.js';
import { createStore } from '../../app/store.js';
import { setupI18n } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { createFakeSocket, messageRecord, stubFetch, ticketRecord } from './ticket-test-data.js';
import { TicketNotifications } from './ticket-notifications.js';

const socket = vi.hoisted(() => ({ current: null as unknown }));
const tone = vi.hoisted(() => vi.fn(() => true));
vi.mock('../../api/socket.js', () => ({
  connectSocket: () => socket.current,
  disconnectSocket: vi.fn(),
  currentSocket: () => socket.current,
}));
vi.mock('./notification-tone.js', () => ({ playNotificationTone: tone }));

const user = sessionUser({ queues: [{ id: 5, name: 'Sales', color: '#0a0' }] });

const mount = async () => {
  await setupI18n();
  const store = createStore({ session: { status: 'authenticated', user } });
  await act(async () => {
    render(
      <AppProviders store={store}>
        <MemoryRouter initialEntries={['/tickets']}>
          <TicketNotifications user={user} />
        </MemoryRouter>
      </AppProviders>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
};

const incoming = (userId: number | null): AppMessageSocketPayload => ({
  action: 'create',
  message: messageRecord('n1', { ticketId: 4 }),
  ticket: ticketRecord(4, { userId, unreadMessages: 1 }),
  contact: ticketRecord(4).contact,
});

describe('ticket notifications', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    tone.mockClear();
  });

  it('counts unread tickets and rings for a contact message on my ticket only', async () => {
    const fake = createFakeSocket();
    socket.current = fake;
    stubFetch((_method, url) =>
      url.pathname === '/tickets'
        ? { tickets: [ticketRecord(1, { unreadMessages: 3 })], hasMore: false, count: 1 }
        : undefined,
    );
    await mount();
    await waitFor(() => expect(screen.getByTestId('notifications-count').textContent).toBe('1'));
    act(() => fake.fire('company-2-appMessage', incoming(99)));
    expect(tone).not.toHaveBeenCalled();
    act(() => fake.fire('company-2-appMessage', incoming(7)));
    expect(tone).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('notifications-count').textContent).toBe('2');
    act(() => fake.fire('company-2-ticket', { action: 'updateUnread', ticketId: 4 }));
    expect(screen.getByTestId('notifications-count').textContent).toBe('1');
  });
});
