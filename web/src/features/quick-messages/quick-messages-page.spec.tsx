import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QuickMessage, QuickMessagePage } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';

vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

const record = (
  id: number,
  shortcode: string,
  extra: Partial<QuickMessage> = {},
): QuickMessage => ({
  id,
  shortcode,
  message: `text of ${shortcode}`,
  geral: false,
  status: true,
  userId: 7,
  mediaPath: null,
  mediaName: null,
  isMedia: false,
  mediaUrl: null,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...extra,
});

const stub = () => {
  const calls: { method: string; url: string; body?: unknown; form?: FormData }[] = [];
  const page: QuickMessagePage = {
    records: [
      record(1, 'hello', { geral: true, userId: 1, mediaName: 'prices.pdf', mediaPath: 'k' }),
      record(2, 'bye'),
    ],
    hasMore: false,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(String(input));
      const isForm = request.headers.get('content-type')?.startsWith('multipart/form-data');
      const form = isForm ? await request.clone().formData() : undefined;
      const body =
        request.method === 'GET' || isForm
          ? undefined
          : await request
              .clone()
              .json()
              .catch(() => undefined);
      calls.push({ method: request.method, url: request.url, body, form });
      const path = new URL(request.url).pathname;
      if (path === '/quick-messages' && request.method === 'GET') return Response.json(page);
      if (path === '/quick-messages' && request.method === 'POST') {
        return Response.json(record(3, 'new'), { status: 201 });
      }
      if (path.endsWith('/media-upload')) return Response.json(record(3, 'new'), { status: 201 });
      if (request.method === 'DELETE') return Response.json({ id: 2 });
      return Response.json({ version: '1.0.0' });
    }),
  );
  return calls;
};

describe('quick messages page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists shortcodes with their attachment and general flag; users change only their own', async () => {
    stub();
    await renderApp('/quick-messages', sessionUser({ profile: 'user' }));
    const rows = await screen.findAllByTestId('quick-message-row');
    expect(within(rows[0]!).getByText('prices.pdf')).toBeTruthy();
    expect(within(rows[0]!).getByText('Yes')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(rows[1]!).getByText('No attachment')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('creates one with an attachment; only admins see the general switch', async () => {
    const calls = stub();
    await renderApp('/quick-messages', sessionUser({ profile: 'user' }));
    await screen.findAllByTestId('quick-message-row');
    fireEvent.click(screen.getByRole('button', { name: 'Add quick reply' }));
    let form = await screen.findByTestId('quick-message-form');
    expect(within(form).queryByText('General')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Required')).toBeTruthy();

    fireEvent.change(within(form).getByRole('textbox', { name: 'Shortcode' }), {
      target: { value: 'new' },
    });
    const file = new File(['%PDF-1.4'], 'menu.pdf', { type: 'application/pdf' });
    fireEvent.change(within(form).getByTestId('quick-message-file'), { target: { files: [file] } });
    expect(within(form).getByTestId('quick-message-media-name').textContent).toBe('menu.pdf');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(calls.some((c) => c.url.endsWith('/quick-messages/3/media-upload'))).toBe(true),
      {
        timeout: 2000,
      },
    );
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      shortcode: 'new',
      geral: false,
    });
    const upload = calls.find((c) => c.url.endsWith('/media-upload'))!;
    expect(upload.form!.get('typeArch')).toBe('quickMessage');
    expect(upload.form!.get('file')).toMatchObject({ type: 'application/pdf' });

    await waitFor(() => expect(screen.queryByTestId('quick-message-form')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add quick reply' }));
    form = await screen.findByTestId('quick-message-form');
    expect(within(form).queryByText('General')).toBeNull();
  });

  it('shows the general switch to admins', async () => {
    stub();
    await renderApp('/quick-messages', sessionUser({ profile: 'admin' }));
    await screen.findAllByTestId('quick-message-row');
    fireEvent.click(screen.getByRole('button', { name: 'Add quick reply' }));
    const form = await screen.findByTestId('quick-message-form');
    expect(within(form).getByText('General')).toBeTruthy();
  });
});
