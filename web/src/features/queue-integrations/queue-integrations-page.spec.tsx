import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueueIntegration, QueueIntegrationPage } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { fireSocket } from '../../test/fake-socket.js';
import { sessionUser } from '../../test/session-user.js';
import { stubFetch, type FetchCall } from '../../test/fake-fetch.js';

vi.mock('../../api/socket.js', () => import('../../test/fake-socket.js'));

const record = (
  id: number,
  name: string,
  extra: Partial<QueueIntegration> = {},
): QueueIntegration => ({
  id,
  type: 'typebot',
  name,
  projectName: name,
  jsonContent: '',
  language: 'pt-BR',
  urlN8N: 'https://typebot.test',
  typebotSlug: 'slug',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotUnknownMessage: '',
  typebotRestartMessage: '',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...extra,
});

const maskedKey = JSON.stringify({ client_email: 'bot@agent.test', private_key: '********' });

const stub = () => {
  const calls: FetchCall[] = [];
  const page: QueueIntegrationPage = {
    queueIntegrations: [
      record(4, 'Agent', { type: 'dialogflow', projectName: 'agent-1', jsonContent: maskedKey }),
      record(9, 'Sales bot'),
    ],
    count: 2,
    hasMore: false,
  };
  stubFetch(calls, (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/queueIntegration' && request.method === 'GET') return Response.json(page);
    if (path === '/queueIntegration/testSession') {
      return Response.json(
        {
          ok: true,
          text: 'Olá',
          responses: ['Oi! Tudo bem?'],
          intent: 'Welcome',
          endConversation: false,
        },
        { status: 201 },
      );
    }
    if (path === '/queueIntegration' && request.method === 'POST') {
      return Response.json(record(12, 'New bot'), { status: 201 });
    }
    if (request.method === 'PUT') return Response.json(record(4, 'Agent'));
    if (request.method === 'DELETE') return Response.json({ id: 9 });
    return Response.json({ version: '1.0.0' });
  });
  return calls;
};

const admin = () => sessionUser({ profile: 'admin', flags: { useIntegration: true } });

describe('queue integrations page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the title with the count and each row with its type logo, id and name', async () => {
    stub();
    await renderApp('/queue-integration', admin());
    const rows = await screen.findAllByTestId('queue-integration-row');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Integrations (2)');
    expect(within(rows[0]!).getByRole('img', { name: 'DialogFlow' })).toBeTruthy();
    expect(within(rows[0]!).getByText('4')).toBeTruthy();
    expect(within(rows[1]!).getByRole('img', { name: 'Typebot' })).toBeTruthy();
    expect(within(rows[1]!).getByText('Sales bot')).toBeTruthy();
  });

  it('searches lower-cased after the debounce', async () => {
    const calls = stub();
    await renderApp('/queue-integration', admin());
    await screen.findAllByTestId('queue-integration-row');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), {
      target: { value: 'SALES' },
    });
    await waitFor(
      () =>
        expect(calls.some((c) => new URL(c.url).searchParams.get('searchParam') === 'sales')).toBe(
          true,
        ),
      { timeout: 2000 },
    );
    expect(calls.some((c) => new URL(c.url).searchParams.get('searchParam') === 'SALES')).toBe(
      false,
    );
  });

  it('checks the typebot form, then adds it with the defaults', async () => {
    const calls = stub();
    await renderApp('/queue-integration', admin());
    await screen.findAllByTestId('queue-integration-row');
    fireEvent.click(screen.getByRole('button', { name: 'Add integration' }));
    const form = await screen.findByTestId('queue-integration-form');
    fireEvent.change(within(form).getByRole('combobox', { name: 'Type' }), {
      target: { value: 'typebot' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'B' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Too Short!')).toBeTruthy();
    expect(within(form).getByText('Required')).toBeTruthy();

    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'New bot' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Typebot slug' }), {
      target: { value: 'new-bot' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      type: 'typebot',
      name: 'New bot',
      typebotSlug: 'new-bot',
      projectName: 'New bot',
      typebotDelayMessage: 1000,
      typebotExpires: 1,
    });
    expect(await screen.findByText('Integration added successfully!')).toBeTruthy();
  });

  it('tests a Dialogflow integration with its stored key', async () => {
    const calls = stub();
    await renderApp('/queue-integration', admin());
    const rows = await screen.findAllByTestId('queue-integration-row');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('queue-integration-form');
    expect(
      (within(form).getByRole('textbox', { name: 'Project name' }) as HTMLInputElement).value,
    ).toBe('agent-1');
    fireEvent.click(within(form).getByRole('button', { name: 'Test bot' }));
    expect(await within(form).findByText('The agent said: Oi! Tudo bem?')).toBeTruthy();
    expect(await screen.findByText('Integration tested successfully!')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/queueIntegration/testSession'))!.body).toEqual({
      id: 4,
      projectName: 'agent-1',
      jsonContent: maskedKey,
      language: 'pt-BR',
    });
  });

  it('keeps a language the form does not offer, as an import stored it', async () => {
    const calls: FetchCall[] = [];
    const french = record(5, 'Agent FR', {
      type: 'dialogflow',
      projectName: 'agent-fr',
      jsonContent: maskedKey,
      language: 'fr',
    });
    stubFetch(calls, (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/queueIntegration' && request.method === 'GET')
        return Response.json({ queueIntegrations: [french], count: 1, hasMore: false });
      if (request.method === 'PUT') return Response.json(french);
      return Response.json({ version: '1.0.0' });
    });
    await renderApp('/queue-integration', admin());
    const [row] = await screen.findAllByTestId('queue-integration-row');
    fireEvent.click(within(row!).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('queue-integration-form');
    const language = within(form).getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(language.value).toBe('fr');
    expect([...language.options].map((option) => option.value)).toEqual([
      'pt-BR',
      'en',
      'es',
      'fr',
    ]);
  });

  it('deletes after a confirmation titled with the name', async () => {
    const calls = stub();
    await renderApp('/queue-integration', admin());
    const rows = await screen.findAllByTestId('queue-integration-row');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Delete Sales bot?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/queueIntegration/9')),
      ).toBe(true),
    );
    expect(await screen.findByText('Integration deleted successfully!')).toBeTruthy();
  });

  it('follows the company socket: adds at the top, replaces and removes', async () => {
    stub();
    await renderApp('/queue-integration', admin());
    await screen.findAllByTestId('queue-integration-row');
    const event = 'company-2-queueIntegration';
    fireSocket(event, {
      action: 'create',
      queueIntegration: record(30, 'Fresh hook', { type: 'webhook' }),
    });
    await waitFor(() =>
      expect(screen.getAllByTestId('queue-integration-row')[0]!.textContent).toContain(
        'Fresh hook',
      ),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Integrations (3)');
    fireSocket(event, { action: 'update', queueIntegration: record(9, 'Sales bot v2') });
    await screen.findByText('Sales bot v2');
    fireSocket(event, { action: 'delete', integrationId: 30 });
    await waitFor(() => expect(screen.getAllByTestId('queue-integration-row')).toHaveLength(2));
  });

  it('is not offered without the plan flag', async () => {
    stub();
    await renderApp('/queue-integration', sessionUser({ profile: 'admin' }));
    await waitFor(() => expect(screen.queryByTestId('queue-integration-row')).toBeNull());
    expect(screen.queryByRole('heading', { level: 1, name: /Integrations \(/ })).toBeNull();
  });
});
