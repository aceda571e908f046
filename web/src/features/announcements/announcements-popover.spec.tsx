import type { Announcement } from '@sb/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app.js';
import { createStore } from '../../app/store.js';
import { setupI18n } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { AnnouncementsBell } from './announcements-bell.js';
import { AnnouncementsPopoverList } from './announcements-popover.js';

// One fake shared socket: the popover must listen on it, never open its own.
const handlers = new Map<string, (payload: unknown) => void>();
vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: vi.fn(),
    disconnectSocket: vi.fn(),
    currentSocket: () => ({
      on: (name: string, fn: (payload: unknown) => void) => handlers.set(name, fn),
      off: (name: string) => handlers.delete(name),
    }),
  }),
);

const record = (id: number, overrides: Partial<Announcement> = {}): Announcement => ({
  id,
  title: `Announcement ${id}`,
  text: `Text of ${id}`,
  priority: 3,
  status: true,
  mediaPath: null,
  mediaName: null,
  mediaUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const stubList = (records: Announcement[], hasMore = false) => {
  const fetchFn = vi.fn(async () => new Response(JSON.stringify({ records, hasMore })));
  vi.stubGlobal('fetch', fetchFn);
  return fetchFn;
};

const renderList = async () => {
  await setupI18n();
  const store = createStore({ session: { status: 'authenticated', user: sessionUser() } });
  return render(
    <AppProviders store={store}>
      <AnnouncementsPopoverList />
    </AppProviders>,
  );
};

const borderOf = (el: HTMLElement) => getComputedStyle(el).borderLeftColor;

describe('announcements popover', () => {
  beforeEach(() => handlers.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('marks priority 1 red, 2 orange and 3 grey on the left border', async () => {
    stubList([record(3, { priority: 1 }), record(2, { priority: 2 }), record(1, { priority: 3 })]);
    await renderList();
    const items = await screen.findAllByTestId('announcement-item');
    expect(items.map((el) => el.dataset.priority)).toEqual(['1', '2', '3']);
    expect(borderOf(items[0]!)).toContain('red');
    expect(borderOf(items[1]!)).toContain('orange');
    expect(borderOf(items[2]!)).toContain('gray');
  });

  it('opens a dialog with title, image and text, and closes it', async () => {
    stubList([
      record(5, {
        title: 'Maintenance',
        text: 'Tonight at 22h',
        mediaName: 'banner.png',
        mediaUrl: '/media/platform/announcements/x.png?exp=1&sig=s',
      }),
    ]);
    await renderList();
    fireEvent.click(await screen.findByText('Maintenance'));
    const dialog = await screen.findByTestId('announcement-dialog');
    expect(within(dialog).getByText('Maintenance')).toBeTruthy();
    expect(within(dialog).getByText('Tonight at 22h')).toBeTruthy();
    expect(within(dialog).getByRole('img').getAttribute('src')).toMatch(
      /\/media\/platform\/announcements\/x\.png\?exp=1&sig=s$/,
    );
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByTestId('announcement-dialog')).toBeNull());
  });

  it('shows no image when the announcement has none', async () => {
    stubList([record(6, { title: 'Plain' })]);
    await renderList();
    fireEvent.click(await screen.findByText('Plain'));
    const dialog = await screen.findByTestId('announcement-dialog');
    expect(within(dialog).queryByRole('img')).toBeNull();
  });

  it('hides inactive ones and says when there is nothing', async () => {
    stubList([record(7, { status: false })]);
    await renderList();
    expect(await screen.findByText('No announcements yet.')).toBeTruthy();
  });

  it('follows the company-announcement socket event', async () => {
    stubList([record(1), record(2, { title: 'Old title' })]);
    await renderList();
    await screen.findByText('Old title');
    await waitFor(() => expect(handlers.has('company-announcement')).toBe(true));
    const emit = handlers.get('company-announcement')!;

    act(() => emit({ action: 'create', record: record(9, { title: 'Brand new' }) }));
    await waitFor(() =>
      expect(screen.getAllByTestId('announcement-item')[0]!.textContent).toContain('Brand new'),
    );
    act(() => emit({ action: 'update', record: record(2, { title: 'New title' }) }));
    await waitFor(() =>
      expect(screen.getAllByTestId('announcement-item')[0]!.textContent).toContain('New title'),
    );
    expect(screen.queryByText('Old title')).toBeNull();
    act(() => emit({ action: 'delete', record: { id: 9 } }));
    await waitFor(() => expect(screen.queryByText('Brand new')).toBeNull());
    expect(screen.getAllByTestId('announcement-item')).toHaveLength(2);
  });
});

describe('announcements button', () => {
  beforeEach(() => handlers.clear());
  afterEach(() => vi.unstubAllGlobals());

  const renderBell = async () => {
    await setupI18n();
    const user = sessionUser();
    const store = createStore({ session: { status: 'authenticated', user } });
    render(
      <AppProviders store={store}>
        <AnnouncementsBell user={user} />
      </AppProviders>,
    );
  };

  it('counts the announcements created since the list was last opened, until it is opened', async () => {
    // seen up to the older one: the newer one is unread
    localStorage.setItem(`announcementsSeenAt:${sessionUser().id}`, '2026-01-01T00:00:00.000Z');
    stubList([record(2, { createdAt: '2026-02-01T00:00:00.000Z' }), record(1)]);
    await renderBell();
    await waitFor(() => expect(screen.getByTestId('announcements-count').textContent).toBe('1'));

    fireEvent.click(screen.getByTestId('announcements'));
    await screen.findByTestId('announcements-list');
    await waitFor(() => expect(screen.queryByTestId('announcements-count')).toBeNull());
    expect(localStorage.getItem(`announcementsSeenAt:${sessionUser().id}`)).toBe(
      '2026-02-01T00:00:00.000Z',
    );

    // one published after the list is closed counts again
    fireEvent.keyDown(screen.getByTestId('announcements-list'), { key: 'Escape' });
    await waitFor(() =>
      expect(screen.getByTestId('announcements').getAttribute('aria-expanded')).toBe('false'),
    );
    await waitFor(() => expect(handlers.has('company-announcement')).toBe(true));
    act(() =>
      handlers.get('company-announcement')!({
        action: 'create',
        record: record(3, { createdAt: '2026-03-01T00:00:00.000Z' }),
      }),
    );
    await waitFor(() => expect(screen.getByTestId('announcements-count').textContent).toBe('1'));
  });

  it('counts every active announcement for a user who never opened the list', async () => {
    stubList([record(2), record(1), record(4, { status: false })]);
    await renderBell();
    await waitFor(() => expect(screen.getByTestId('announcements-count').textContent).toBe('2'));
  });
});
