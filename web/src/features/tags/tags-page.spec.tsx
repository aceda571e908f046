import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TagRecord, TagsPage } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { randomTagColor, textOn } from './tag-colors.js';
import { stubFetch, type FetchCall } from '../../test/fake-fetch.js';

vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

const tag = (id: number, name: string, kanban: 0 | 1): TagRecord => ({
  id,
  companyId: 2,
  name,
  color: '#00aa00',
  kanban,
  userId: 7,
  contactsCount: 3,
  ticketsCount: 5,
  createdAt: '',
  updatedAt: '',
});

const stub = () => {
  const calls: FetchCall[] = [];
  stubFetch(calls, (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/tags' && request.method === 'GET') {
      const kanban = url.searchParams.get('kanban') === '1' ? 1 : 0;
      const page: TagsPage = {
        tags: [tag(1, kanban ? 'Lane' : 'Client', kanban)],
        hasMore: false,
        count: 1,
      };
      return Response.json(page);
    }
    if (request.method === 'POST') return Response.json(tag(2, 'New', 0), { status: 201 });
    return Response.json({ version: '1.0.0' });
  });
  return calls;
};

describe('tags pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists normal tags with their contact count', async () => {
    const calls = stub();
    await renderApp('/tags', sessionUser());
    const row = await screen.findByTestId('tag-row-1');
    expect(within(row).getByText('Client')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(calls.some((c) => new URL(c.url).searchParams.get('kanban') === '0')).toBe(true);
  });

  it('lists kanban lanes with their ticket count and creates one with kanban 1', async () => {
    const calls = stub();
    await renderApp('/TagsKanban', sessionUser({ profile: 'admin', flags: { useKanban: true } }));
    const row = await screen.findByTestId('tag-row-1');
    expect(within(row).getByText('5')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add lane' }));
    const modal = await screen.findByTestId('tag-modal');
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'ab' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Too short')).toBeTruthy();
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Won' },
    });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Colour' }), {
      target: { value: '#123456' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Won',
      color: '#123456',
      kanban: 1,
    });
  });

  it('picks random hex colours and readable text on them', () => {
    expect(randomTagColor(() => 0)).toBe('#000000');
    expect(randomTagColor(() => 0.999999999)).toBe('#ffffff');
    expect(textOn('#ffffff')).toBe('#000000');
    expect(textOn('#000080')).toBe('#ffffff');
  });
});
