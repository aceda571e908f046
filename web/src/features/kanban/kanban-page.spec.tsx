import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TagRecord } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../test/session-user.js';
import { renderSettled, stubFetch, ticketRecord } from '../tickets/ticket-test-data.js';

vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

const lane = (id: number, name: string, color: string) =>
  ({ id, name, color, kanban: 1, companyId: 2, userId: null }) as TagRecord;

const user = sessionUser({
  flags: { useKanban: true },
  queues: [{ id: 5, name: 'Sales', color: '#0a0' }],
});

const routes = () =>
  stubFetch((_method, url) => {
    if (url.pathname === '/ticket/kanban')
      return {
        tickets: [
          ticketRecord(1),
          ticketRecord(2, { tags: [{ id: 21, name: 'Doing', color: '#00f' }] }),
        ],
      };
    if (url.pathname === '/tags/kanban')
      return { lista: [lane(20, 'Todo', '#f00'), lane(21, 'Doing', '#00f')] };
    if (url.pathname === '/version') return { version: '1.0.0' };
    return undefined;
  });

/** HTML5 drag of a card onto a lane (jsdom has no DataTransfer: a plain object stands in). */
const drag = (card: HTMLElement, target: HTMLElement) => {
  const dataTransfer = { setData: vi.fn(), getData: vi.fn(), dropEffect: 'move' };
  fireEvent(card, Object.assign(createEvent.dragStart(card), { dataTransfer }));
  fireEvent(target, Object.assign(createEvent.dragOver(target), { dataTransfer }));
  fireEvent(target, Object.assign(createEvent.drop(target), { dataTransfer }));
};

describe('kanban board', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a default lane and one lane per kanban tag, filtered by my queues', async () => {
    const calls = routes();
    await renderSettled('/Kanban', user);
    const todo = await screen.findByTestId('kanban-lane-20');
    expect(within(todo).getByText('Todo')).toBeTruthy();
    expect(within(await screen.findByTestId('kanban-lane-0')).getByText('Contact 1')).toBeTruthy();
    expect(within(screen.getByTestId('kanban-lane-21')).getByText('Contact 2')).toBeTruthy();
    const card = screen.getByTestId('kanban-card-1');
    expect(within(card).getByText('Ticket #1')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'View ticket' })).toBeTruthy();
    const query = calls.find((c) => c.url.pathname === '/ticket/kanban')?.url.searchParams;
    expect(query?.get('queueIds')).toBe('[5]');
  });

  it('moves a dragged card: removes the tag link, then adds the lane tag, with both toasts', async () => {
    const calls = routes();
    await renderSettled('/Kanban', user);
    const card = await screen.findByTestId('kanban-card-1');
    drag(card, screen.getByTestId('kanban-lane-20'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname.startsWith('/ticket-tags/'))
          .map((c) => [c.method, c.url.pathname]),
      ).toEqual([
        ['DELETE', '/ticket-tags/1'],
        ['PUT', '/ticket-tags/1/20'],
      ]),
    );
    expect(await screen.findByText('Ticket tag removed!')).toBeTruthy();
    expect(await screen.findByText('Ticket tag added successfully!')).toBeTruthy();
  });

  it('moving to the default lane only removes the tag link', async () => {
    const calls = routes();
    await renderSettled('/Kanban', user);
    await screen.findByTestId('kanban-card-2');
    fireEvent.change(screen.getByLabelText('Move ticket 2 to'), { target: { value: '0' } });
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/ticket-tags/2')).toBe(
        true,
      ),
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('reorders the lanes with the header buttons and keeps the order for this user', async () => {
    routes();
    const view = await renderSettled('/Kanban', user);
    await screen.findByTestId('kanban-lane-21');
    const laneIds = () =>
      screen.getAllByTestId(/^kanban-lane-/).map((lane) => lane.dataset.testid?.slice(12));
    expect(laneIds()).toEqual(['0', '20', '21']);
    const first = screen.getByRole('button', { name: 'Move lane Open left' });
    expect((first as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Move lane Doing left' }));
    expect(laneIds()).toEqual(['0', '21', '20']);
    fireEvent.click(screen.getByRole('button', { name: 'Move lane Open right' }));
    expect(laneIds()).toEqual(['21', '0', '20']);
    expect(JSON.parse(localStorage.getItem(`kanbanLaneOrder:${user.id}`) ?? '[]')).toEqual([
      21, 0, 20,
    ]);

    view.unmount();
    await renderSettled('/Kanban', user);
    await screen.findByTestId('kanban-lane-21');
    expect(laneIds()).toEqual(['21', '0', '20']);
  });
});
