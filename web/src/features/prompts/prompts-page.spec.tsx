import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Prompt, PromptList, Queue } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { applyPromptEvent } from './prompts.api.js';
import { readRequest } from '../../test/fake-fetch.js';

vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

const text = 'You are the assistant of the sales queue; answer briefly and kindly, always.';

const prompt = (id: number, name: string, extra: Partial<Prompt> = {}): Prompt => ({
  id,
  name,
  prompt: text,
  apiKey: 'sk-...abcd',
  voice: 'texto',
  voiceKey: '',
  voiceRegion: '',
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  queueId: 5,
  queue: { id: 5, name: 'Sales' },
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...extra,
});

const queue = { id: 5, name: 'Sales', color: '#aa0000' } as Queue;

const stub = () => {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const list: PromptList = { prompts: [prompt(1, 'Sales bot', { maxTokens: 250 })] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { request, body } = await readRequest(input);
      const path = new URL(request.url).pathname;
      calls.push({ method: request.method, path, body });
      if (path === '/prompt' && request.method === 'GET') return Response.json(list);
      if (path === '/queue') return Response.json([queue]);
      if (path === '/prompt' && request.method === 'POST') {
        return Response.json(prompt(2, 'New bot'), { status: 201 });
      }
      if (path.startsWith('/prompt/') && request.method === 'PUT') {
        return Response.json(prompt(1, 'Sales bot'));
      }
      if (path.startsWith('/prompt/') && request.method === 'DELETE') {
        return Response.json({ id: 1, message: 'Prompt deleted.' });
      }
      return Response.json({ version: '1.0.0' });
    }),
  );
  return calls;
};

const admin = sessionUser({ profile: 'admin', flags: { useOpenAi: true } });

describe('prompts page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists name, queue name and max tokens', async () => {
    stub();
    await renderApp('/prompts', admin);
    const [row] = await screen.findAllByTestId('prompt-row');
    expect(within(row!).getByText('Sales bot')).toBeTruthy();
    expect(within(row!).getByText('Sales')).toBeTruthy();
    expect(within(row!).getByText('250')).toBeTruthy();
  });

  it('refuses to save without a queue, then creates with the defaults', async () => {
    const calls = stub();
    await renderApp('/prompts', admin);
    await screen.findAllByTestId('prompt-row');
    fireEvent.click(screen.getByRole('button', { name: 'Add prompt' }));
    const form = await screen.findByTestId('prompt-form');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'New bot' },
    });
    fireEvent.change(within(form).getByLabelText(/API key/), {
      target: { value: 'sk-new-key-1234' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Prompt' }), {
      target: { value: text },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Choose the queue')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await waitFor(() => expect(within(form).getByRole('option', { name: 'Sales' })).toBeTruthy());
    fireEvent.change(within(form).getByRole('combobox', { name: 'Queue' }), {
      target: { value: '5' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'New bot',
      apiKey: 'sk-new-key-1234',
      queueId: 5,
      voice: 'texto',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
    });
  });

  it('shows the key masked with a show toggle and sends the masked key back on edit', async () => {
    const calls = stub();
    await renderApp('/prompts', admin);
    const [row] = await screen.findAllByTestId('prompt-row');
    fireEvent.click(within(row!).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('prompt-form');
    const key = within(form).getByLabelText(/API key/) as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(key.value).toBe('sk-...abcd');
    fireEvent.click(within(form).getByRole('button', { name: 'Show key' }));
    expect(key.type).toBe('text');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/prompt/1',
      body: { apiKey: 'sk-...abcd', queueId: 5 },
    });
  });

  it('deletes after confirmation', async () => {
    const calls = stub();
    await renderApp('/prompts', admin);
    const [row] = await screen.findAllByTestId('prompt-row');
    fireEvent.click(within(row!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete Sales bot?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe('/prompt/1');
  });

  it('applies socket events: update in place, create on top, delete removes', () => {
    const list: PromptList = { prompts: [prompt(1, 'A'), prompt(2, 'B')] };
    applyPromptEvent(list, { action: 'update', prompt: prompt(2, 'B2') });
    applyPromptEvent(list, { action: 'create', prompt: prompt(3, 'C') });
    applyPromptEvent(list, { action: 'delete', promptId: 1 });
    expect(list.prompts.map((p) => p.name)).toEqual(['C', 'B2']);
  });
});
