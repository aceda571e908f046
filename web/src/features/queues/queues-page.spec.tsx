import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Queue, UserListItem } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';

vi.mock('../../api/socket.js', () => ({
  connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
  disconnectSocket: vi.fn(),
  currentSocket: () => null,
}));

const queue = (id: number, name: string, color: string): Queue => ({
  id,
  name,
  color,
  greetingMessage: `Welcome to ${name}`,
  outOfHoursMessage: '',
  orderQueue: id,
  ativarRoteador: false,
  tempoRoteador: 0,
  closeTicket: false,
  promptId: null,
  integrationId: null,
  fileListId: null,
  schedules: [],
  chatbots: [],
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

const stub = (queues: Queue[]) => {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const users: UserListItem[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(String(input));
      const body =
        request.method === 'GET'
          ? undefined
          : await request
              .clone()
              .json()
              .catch(() => undefined);
      calls.push({ method: request.method, url: request.url, body });
      const path = new URL(request.url).pathname;
      if (path === '/queue' && request.method === 'GET') return Response.json(queues);
      if (path === '/users/list') return Response.json(users);
      if (path === '/queue' && request.method === 'POST') {
        return Response.json(queue(9, 'New', '#000000'), { status: 201 });
      }
      if (request.method === 'DELETE') return Response.json({ id: 1 });
      return Response.json({ version: '1.0.0' });
    }),
  );
  return calls;
};

describe('queues page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the queues with their colour, order and greeting, and counts them', async () => {
    stub([queue(1, 'Sales', '#ff0000'), queue(2, 'Support', '#00ff00')]);
    await renderApp('/queues', sessionUser({ profile: 'admin' }));
    expect(await screen.findAllByTestId('queue-row')).toHaveLength(2);
    expect(screen.getByText('Welcome to Support')).toBeTruthy();
    expect(screen.getByLabelText('#ff0000')).toBeTruthy();
    expect(screen.getByTestId('queues-count').textContent).toBe('Queues (2)');
  });

  it('validates the greeting and the chatbot option names, then sends the nested options', async () => {
    const calls = stub([queue(1, 'Sales', '#ff0000')]);
    await renderApp('/queues', sessionUser({ profile: 'admin' }));
    await screen.findAllByTestId('queue-row');
    fireEvent.click(screen.getByRole('button', { name: 'Add queue' }));
    const modal = await screen.findByTestId('queue-modal');
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Billing' },
    });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Color' }), {
      target: { value: '#0000ff' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Add option' }));
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Option name' }), {
      target: { value: 'Inv' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(
      await within(modal).findByText(
        'A greeting message is required when more than one queue exists.',
      ),
    ).toBeTruthy();
    expect(within(modal).getByText(/Chatbot option 1 needs a name/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(modal).getByRole('textbox', { name: 'Option name' }), {
      target: { value: 'Invoices' },
    });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Greeting message' }), {
      target: { value: 'Hello!' },
    });
    // a sub-option under the first option
    fireEvent.click(within(modal).getAllByRole('button', { name: 'Add option' })[0]!);
    const names = within(modal).getAllByRole('textbox', { name: 'Option name' });
    fireEvent.change(names[1]!, { target: { value: 'Second copy' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Billing',
      color: '#0000ff',
      greetingMessage: 'Hello!',
      chatbots: [{ name: 'Invoices', options: [{ name: 'Second copy' }] }],
    });
  });

  it('asks before deleting', async () => {
    const calls = stub([queue(1, 'Sales', '#ff0000')]);
    await renderApp('/queues', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('queue-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete Sales?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/queue/1'))).toBe(true),
    );
  });
});
