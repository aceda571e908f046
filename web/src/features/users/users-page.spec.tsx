import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserRecord, UsersPage } from '@sb/contracts';
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

const record = (id: number, name: string): UserRecord => ({
  id,
  companyId: 2,
  name,
  email: `${name.toLowerCase()}@x.test`,
  profile: 'user',
  super: false,
  online: id === 8,
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
  queueIds: [],
  queues: [],
  language: null,
  lastSeenAt: null,
  createdAt: new Date().toISOString(),
});

const stub = () => {
  const calls: FetchCall[] = [];
  const page: UsersPage = {
    users: [record(8, 'Bruno'), record(9, 'Carla')],
    hasMore: false,
    count: 2,
  };
  stubFetch(calls, (request) => {
    if (request.url.includes('/users') && request.method === 'GET') return Response.json(page);
    if (request.method === 'POST') return Response.json(record(10, 'Dora'), { status: 201 });
    if (request.method === 'DELETE') return Response.json({ message: 'User deleted' });
    return Response.json({ version: '1.0.0' });
  });
  return calls;
};

describe('users page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches with a debounce and shows who is online', async () => {
    const calls = stub();
    await renderApp('/users', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('user-row-8');
    expect(within(row).getByText('Online')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search users' }), {
      target: { value: 'car' },
    });
    await waitFor(() => expect(calls.some((c) => c.url.includes('searchParam=car'))).toBe(true), {
      timeout: 2000,
    });
  });

  it('creates a user with the admin-only fields and validates before sending', async () => {
    const calls = stub();
    await renderApp('/users', sessionUser({ profile: 'admin' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    const modal = await screen.findByTestId('user-modal');
    expect(within(modal).getByRole('combobox', { name: 'Profile' })).toBeTruthy();
    // working hours from 00:00 to 23:59 in 10-minute steps
    for (const [label, value] of [
      ['Start of work', '00:00'],
      ['End of work', '23:59'],
    ]) {
      const input = modal.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
      expect([input.type, input.step, input.value]).toEqual(['time', '600', value]);
    }
    fireEvent.click(within(modal).getByRole('button', { name: 'Add user' }));
    expect((await within(modal).findAllByText('Required')).length).toBeGreaterThanOrEqual(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(modal).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Dora' },
    });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Email' }), {
      target: { value: 'dora@x.test' },
    });
    fireEvent.change(within(modal).getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(within(modal).getByRole('combobox', { name: 'Profile' }), {
      target: { value: 'admin' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Add user' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Dora',
      email: 'dora@x.test',
      password: 'secret1',
      profile: 'admin',
    });
  });

  it('asks before deleting', async () => {
    const calls = stub();
    await renderApp('/users', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('user-row-9');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete Carla?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/users/9'))).toBe(true),
    );
  });
});
