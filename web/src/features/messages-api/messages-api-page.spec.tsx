import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app.js';
import { createStore } from '../../app/store.js';
import { toaster } from '../../components/toaster.js';
import { renderApp, setupI18n } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { MessagesApiPage } from './messages-api-page.js';

vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

const apiBase = 'https://api.example.test';
const endpoint = `${apiBase}/api/messages/send`;
const success = {
  status: 'SUCCESS',
  ticketId: 5,
  contactId: 2,
  messageIds: ['m'],
  ticketStatus: 'open',
};

type Seen = { url: string; method: string; authorization: string | null; request: Request };

/** Answers the external API with `answer`; records every call. */
const stubFetch = (answer: { status: number; body: unknown }) => {
  const seen: Seen[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    seen.push({
      url: request.url,
      method: request.method,
      authorization: request.headers.get('authorization'),
      request,
    });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchFn);
  return seen;
};

const renderPage = async (node: ReactNode = <MessagesApiPage />) => {
  await setupI18n();
  const store = createStore({
    session: {
      status: 'authenticated',
      user: sessionUser({ profile: 'admin', flags: { useExternalApi: true } }),
    },
  });
  return { store, ...render(<AppProviders store={store}>{node}</AppProviders>) };
};

const form = (name: string) => screen.getByRole('form', { name });
const fill = (scope: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('messages API page', () => {
  beforeEach(() => {
    window.__SWITCHBOARD__ = { apiUrl: `${apiBase}/` };
  });
  afterEach(() => {
    toaster.remove();
    delete window.__SWITCHBOARD__;
    vi.unstubAllGlobals();
  });

  it('documents the endpoint at the configured API URL, its header, fields and examples', async () => {
    stubFetch({ status: 200, body: success });
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages API' })).toBeTruthy();
    expect(screen.getByLabelText('Endpoint').textContent).toBe(`POST ${endpoint}`);
    expect(screen.getByLabelText('Headers').textContent).toBe(
      'Authorization: Bearer CONNECTION_TOKEN',
    );
    const fields = screen.getByRole('table', { name: 'Fields' });
    for (const name of [
      'number',
      'body',
      'userId',
      'queueId',
      'sendSignature',
      'closeTicket',
      'medias',
    ])
      expect(within(fields).getByText(name, { selector: 'code' })).toBeTruthy();
    expect(screen.getByLabelText('Text example').textContent).toContain(
      `-H 'Content-Type: application/json'`,
    );
    expect(screen.getByLabelText('Media example').textContent).toContain(
      `-F 'medias=@/path/to/file.pdf'`,
    );
    expect(screen.getByLabelText('Text example').textContent).toContain(endpoint);
  });

  it('requires token, number and body before sending a text, and a plausible number', async () => {
    const seen = stubFetch({ status: 200, body: success });
    await renderPage();
    const text = form('Test a text message');
    fireEvent.click(within(text).getByRole('button', { name: 'Send text' }));
    expect(await within(text).findAllByText('Required')).toHaveLength(3);
    fill(text, /Token/, 'tok');
    fill(text, /Number/, '12 34');
    fill(text, /Message/, 'Hi');
    fireEvent.click(within(text).getByRole('button', { name: 'Send text' }));
    expect(await within(text).findByText('Enter 8 to 20 digits.')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('sends the text test with the token as bearer and says it was sent', async () => {
    const seen = stubFetch({ status: 200, body: success });
    await renderPage();
    const text = form('Test a text message');
    fill(text, /Token/, ' conn-token ');
    fill(text, /Number/, '5511999990000');
    fill(text, /Message/, 'Hello there');
    fireEvent.click(within(text).getByRole('button', { name: 'Send text' }));
    await waitFor(() => expect(seen).toHaveLength(1), { timeout: 3000 });
    expect(await screen.findByText('Message sent successfully')).toBeTruthy();
    expect(seen[0]).toMatchObject({
      url: endpoint,
      method: 'POST',
      authorization: 'Bearer conn-token',
    });
    expect(await seen[0]!.request.json()).toEqual({ number: '5511999990000', body: 'Hello there' });
  });

  it('requires a file for the media test and sends it as multipart medias', async () => {
    const seen = stubFetch({ status: 200, body: success });
    await renderPage();
    const media = form('Test a media message');
    fill(media, /Token/, 'conn-token');
    fill(media, /Number/, '5511999990000');
    fireEvent.click(within(media).getByRole('button', { name: 'Send file' }));
    expect(await within(media).findByText('Required')).toBeTruthy();
    expect(seen).toHaveLength(0);

    const file = new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' });
    fireEvent.change(within(media).getByLabelText(/File/), { target: { files: [file] } });
    fireEvent.click(within(media).getByRole('button', { name: 'Send file' }));
    await waitFor(() => expect(seen).toHaveLength(1), { timeout: 3000 });
    expect(await screen.findByText('Message sent successfully')).toBeTruthy();
    expect(seen[0]).toMatchObject({ url: endpoint, authorization: 'Bearer conn-token' });
    const body = await seen[0]!.request.formData();
    expect(body.get('number')).toBe('5511999990000');
    // the chosen file goes in `medias` (jsdom's File crosses into Node's FormData with its type only)
    expect((body.get('medias') as File).type).toBe('application/pdf');
    expect(seen[0]!.request.headers.get('content-type')).toMatch(/^multipart\/form-data/);
  });

  it('shows a refused token through the shared error handler and keeps the session', async () => {
    stubFetch({
      status: 401,
      body: { error: 'ERR_INVALID_API_TOKEN', message: 'Missing or unknown connection token.' },
    });
    const { store } = await renderPage();
    const text = form('Test a text message');
    fill(text, /Token/, 'wrong');
    fill(text, /Number/, '5511999990000');
    fill(text, /Message/, 'Hi');
    fireEvent.click(within(text).getByRole('button', { name: 'Send text' }));
    expect(
      await screen.findByText('Missing or unknown connection token.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    await waitFor(() => expect(store.getState().session.status).toBe('authenticated'));
  });

  it('is reachable at /messages-api only when the plan has useExternalApi', async () => {
    stubFetch({ status: 200, body: { version: '1.2.3' } });
    const view = await renderApp('/messages-api', sessionUser({ profile: 'admin' }));
    expect(
      await screen.findByText('This company has no permission to access this page. Redirecting…'),
    ).toBeTruthy();
    view.unmount();
    await renderApp(
      '/messages-api',
      sessionUser({ profile: 'admin', flags: { useExternalApi: true } }),
    );
    expect(await screen.findByRole('form', { name: 'Test a media message' })).toBeTruthy();
  });
});
