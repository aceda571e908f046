import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Queue, UserListItem } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { choicesWith } from './bot-choices.js';
import { newChatbotDraft, retyped } from './chatbot-options-editor.js';
import { stubFetch, type FetchCall } from '../../test/fake-fetch.js';

vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

// jsdom has no CSS.escape; the focus trap of the dialog uses it once an edited queue's modal opens.
if (!(globalThis as { CSS?: { escape?: unknown } }).CSS?.escape) {
  (globalThis as { CSS?: unknown }).CSS = {
    ...((globalThis as { CSS?: object }).CSS ?? {}),
    escape: (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (char) => `\\${char}`),
  };
}

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

const stub = (queues: Queue[], users: UserListItem[] = []) => {
  const calls: FetchCall[] = [];
  stubFetch(calls, (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/queue' && request.method === 'GET') return Response.json(queues);
    if (path === '/users/list') return Response.json(users);
    if (path === '/queueIntegration') {
      const integrations = [{ id: 5, name: 'Sales Typebot', type: 'typebot' }];
      return Response.json({ queueIntegrations: integrations, count: 1, hasMore: false });
    }
    if (path === '/prompt') return Response.json({ prompts: [{ id: 8, name: 'Support AI' }] });
    if (path === '/files') {
      // two pages: the picker walks to the end of the list
      const page = Number(new URL(request.url).searchParams.get('pageNumber'));
      return Response.json(
        page === 1
          ? { files: [{ id: 3, name: 'Price list', options: [] }], hasMore: true }
          : { files: [{ id: 4, name: 'Catalogue', options: [] }], hasMore: false },
      );
    }
    if (path.startsWith('/queue/') && request.method === 'PUT') {
      return Response.json(queue(1, 'Sales', '#ff0000'));
    }
    if (path === '/queue' && request.method === 'POST') {
      return Response.json(queue(9, 'New', '#000000'), { status: 201 });
    }
    if (request.method === 'DELETE') return Response.json({ id: 1 });
    return Response.json({ version: '1.0.0' });
  });
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
    const calls = stub([queue(1, 'Sales', '#ef4444')]);
    await renderApp('/queues', sessionUser({ profile: 'admin' }));
    await screen.findAllByTestId('queue-row');
    fireEvent.click(screen.getByRole('button', { name: 'Add queue' }));
    const modal = await screen.findByTestId('queue-modal');
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Billing' },
    });
    // the 50-colour palette, the colour of Sales not offered again
    const swatches = within(within(modal).getByTestId('queue-palette')).getAllByRole('button');
    expect(swatches).toHaveLength(50);
    expect(
      swatches
        .filter((s) => (s as HTMLButtonElement).disabled)
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['Colour #ef4444']);
    fireEvent.click(within(modal).getByRole('button', { name: 'Colour #3b82f6' }));
    expect((within(modal).getByRole('textbox', { name: 'Color' }) as HTMLInputElement).value).toBe(
      '#3b82f6',
    );
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
    expect(await screen.findByText('Bot saved successfully')).toBeTruthy();
  });

  it('links an integration, a prompt and a file list and picks each option type its target', async () => {
    const calls = stub(
      [queue(1, 'Sales', '#ff0000'), queue(2, 'Support', '#00ff00')],
      [{ id: 11, name: 'Bia' } as UserListItem],
    );
    await renderApp(
      '/queues',
      sessionUser({ profile: 'admin', flags: { useIntegration: true, useOpenAi: true } }),
    );
    const [row] = await screen.findAllByTestId('queue-row');
    fireEvent.click(within(row!).getByRole('button', { name: 'Edit' }));
    const modal = await screen.findByTestId('queue-modal');
    const select = (name: string) =>
      within(modal).getByRole('combobox', { name }) as HTMLSelectElement;
    await waitFor(() => expect(select('Integration').options).toHaveLength(2));
    fireEvent.change(select('Integration'), { target: { value: '5' } });
    await waitFor(() => expect(select('AI prompt').options).toHaveLength(2));
    fireEvent.change(select('AI prompt'), { target: { value: '8' } });
    await waitFor(() => expect(select('File list').options).toHaveLength(3));
    expect(select('File list').options[0]!.text).toBe('None');
    fireEvent.change(select('File list'), { target: { value: '4' } });

    // one option per type with a target: queue, attendant (queue and user), integration, file
    const types = ['queue', 'attendent', 'integration', 'file'] as const;
    for (const [index, type] of types.entries()) {
      fireEvent.click(within(modal).getAllByRole('button', { name: 'Add option' }).at(-1)!);
      fireEvent.change(within(modal).getAllByRole('textbox', { name: 'Option name' })[index]!, {
        target: { value: `Option ${type}` },
      });
      fireEvent.change(within(modal).getByRole('combobox', { name: 'Type' }), {
        target: { value: type },
      });
      if (type === 'queue' || type === 'attendent') {
        const target = select('Target queue');
        // the queue being edited is not a target of its own options
        expect([...target.options].map((o) => o.text)).toEqual(['—', 'Support']);
        fireEvent.change(target, { target: { value: '2' } });
      }
      if (type === 'attendent')
        fireEvent.change(select('Target attendant'), { target: { value: '11' } });
      if (type === 'integration') {
        fireEvent.change(select('Target integration'), { target: { value: '5' } });
      }
      if (type === 'file')
        fireEvent.change(select('File list to send'), { target: { value: '3' } });
    }
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    const none = { optQueueId: null, optUserId: null, optIntegrationId: null, optFileId: null };
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      integrationId: 5,
      promptId: 8,
      fileListId: 4,
      chatbots: [
        { ...none, name: 'Option queue', queueType: 'queue', optQueueId: 2 },
        { ...none, name: 'Option attendent', queueType: 'attendent', optQueueId: 2, optUserId: 11 },
        { ...none, name: 'Option integration', queueType: 'integration', optIntegrationId: 5 },
        { ...none, name: 'Option file', queueType: 'file', optFileId: 3 },
      ],
    });
  });

  it('keeps the links a plan does not offer, hides their pickers, and drops a retyped target', async () => {
    const saved = {
      ...queue(1, 'Sales', '#ff0000'),
      integrationId: 7,
      promptId: 9,
      chatbots: [
        {
          id: 30,
          name: 'Bot handoff',
          greetingMessage: '',
          queueType: 'integration' as const,
          closeTicket: false,
          optQueueId: null,
          optUserId: null,
          optIntegrationId: 7,
          optFileId: null,
          options: [],
        },
      ],
    } as unknown as Queue;
    const calls = stub([saved]);
    await renderApp('/queues', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('queue-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const modal = await screen.findByTestId('queue-modal');
    expect(within(modal).queryByRole('combobox', { name: 'Integration' })).toBeNull();
    expect(within(modal).queryByRole('combobox', { name: 'AI prompt' })).toBeNull();
    fireEvent.click(within(modal).getByRole('button', { name: 'Expand' }));
    // the saved integration option still shows its type and target, though the plan lacks them
    const type = within(modal).getByRole('combobox', { name: 'Type' }) as HTMLSelectElement;
    expect(type.value).toBe('integration');
    const target = within(modal).getByRole('combobox', {
      name: 'Target integration',
    }) as HTMLSelectElement;
    expect(target.selectedOptions[0]!.text).toBe('Integration #7');
    fireEvent.change(type, { target: { value: 'text' } });
    // once changed, the plan's types only: no way back to an integration
    expect([...type.options].map((o) => o.value)).not.toContain('integration');
    expect(within(modal).queryByRole('combobox', { name: 'Target integration' })).toBeNull();
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    expect(
      calls.some((c) => c.url.includes('/queueIntegration') || c.url.includes('/prompt')),
    ).toBe(false);
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      integrationId: 7,
      promptId: 9,
      fileListId: null,
      chatbots: [{ id: 30, queueType: 'text', optIntegrationId: null }],
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

describe('chatbot option targets', () => {
  it('clears the targets the new type does not use and keeps the others', () => {
    const option = {
      ...newChatbotDraft(),
      queueType: 'attendent' as const,
      optQueueId: 2,
      optUserId: 11,
      optFileId: 3,
    };
    expect(retyped(option, 'queue')).toEqual({
      queueType: 'queue',
      optUserId: null,
      optFileId: null,
    });
    expect(retyped(option, 'text')).toEqual({
      queueType: 'text',
      optQueueId: null,
      optUserId: null,
      optFileId: null,
    });
    expect(retyped({ ...option, optFileId: null }, 'attendent')).toEqual({
      queueType: 'attendent',
    });
  });

  it('keeps a saved id that is not among the choices under its fallback name', () => {
    const choices = [{ id: 1, name: 'Sales Typebot' }];
    expect(choicesWith(choices, 1, 'Integration #1')).toBe(choices);
    expect(choicesWith(choices, null, '')).toBe(choices);
    expect(choicesWith(choices, 7, 'Integration #7')).toEqual([
      ...choices,
      { id: 7, name: 'Integration #7' },
    ]);
  });
});
