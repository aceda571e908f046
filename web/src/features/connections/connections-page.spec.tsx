import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConnectionRecord } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { importWindowError } from './connection-modal.js';
import { newConnectionKinds } from './connections-page.js';
import { importPercent } from './connections.api.js';
import { importStateOf } from './import-status.js';
import { sessionUser } from '../../test/session-user.js';

vi.mock('../../api/socket.js', () => ({
  connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
  disconnectSocket: vi.fn(),
  currentSocket: () => null,
}));

// jsdom has no CSS.escape; the focus trap of a dialog opened from a menu uses it.
if (!(globalThis as { CSS?: { escape?: unknown } }).CSS?.escape) {
  (globalThis as { CSS?: unknown }).CSS = {
    ...((globalThis as { CSS?: object }).CSS ?? {}),
    escape: (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (char) => `\\${char}`),
  };
}

const connection = (
  id: number,
  name: string,
  status: ConnectionRecord['status'],
  extra: Partial<ConnectionRecord> = {},
): ConnectionRecord =>
  ({
    id,
    companyId: 2,
    name,
    number: null,
    channel: 'whatsapp',
    status,
    isDefault: id === 1,
    qrcode: status === 'qrcode' ? '2@pairing-code' : null,
    retries: 0,
    updatedAt: new Date().toISOString(),
    queueIds: [],
    schedules: [],
    statusImportMessages: null,
    ...extra,
  }) as ConnectionRecord;

const stub = (connections: ConnectionRecord[]) => {
  const calls: { method: string; url: string; body?: unknown }[] = [];
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
      if (path.startsWith('/whatsapp') && request.method === 'GET') {
        return Response.json(connections);
      }
      if (path === '/queue') return Response.json([]);
      if (path === '/whatsapp' && request.method === 'POST') {
        return Response.json(connection(9, 'New', 'OPENING'), { status: 201 });
      }
      if (path === '/facebook') {
        return Response.json({ connections: [connection(10, 'Page', 'CONNECTED')] });
      }
      if (path.endsWith('/media-upload') && request.method === 'POST') {
        return Response.json(
          connection(1, 'Main', 'CONNECTED', {
            greetingMediaAttachment: '2/connections/hello.png',
          }),
        );
      }
      if (request.method !== 'GET') return Response.json({ message: 'ok' });
      return Response.json({ version: '1.0.0' });
    }),
  );
  return calls;
};

describe('connections page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each status with its session buttons and the QR dialog', async () => {
    const calls = stub([
      connection(1, 'Main', 'CONNECTED'),
      connection(2, 'Pairing', 'qrcode'),
      connection(3, 'Lost', 'DISCONNECTED'),
    ]);
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    expect(await screen.findAllByTestId('connection-row')).toHaveLength(3);
    expect(screen.getByText('Connected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New QR code' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/whatsappsession/3'))).toBe(
        true,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'QR code' }));
    const dialog = await screen.findByTestId('qr-dialog');
    expect(within(dialog).getByRole('img')).toBeTruthy();
  });

  it('shows a connecting session as a disabled button with a spinner', async () => {
    stub([connection(1, 'Main', 'OPENING')]);
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('connection-row');
    const button = within(row).getByRole('button', { name: /Connecting/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('creates a Cloud API connection with its secrets', async () => {
    const calls = stub([connection(1, 'Main', 'CONNECTED')]);
    await renderApp(
      '/connections',
      sessionUser({ profile: 'admin', flags: { useWhatsapp: true } }),
    );
    await screen.findAllByTestId('connection-row');
    fireEvent.click(screen.getByTestId('new-connection'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'WhatsApp Cloud API' }));
    const modal = await screen.findByTestId('connection-modal');
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Cloud' },
    });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Phone number ID' }), {
      target: { value: '555' },
    });
    fireEvent.change(within(modal).getByLabelText('Access token'), {
      target: { value: 'token' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Cloud',
      channel: 'whatsappapi',
      credentials: { phoneNumberId: '555', accessToken: 'token' },
    });
  });

  it('offers Facebook and Instagram only with their plan flags, and posts the pasted user token', async () => {
    const calls = stub([connection(1, 'Main', 'CONNECTED')]);
    await renderApp(
      '/connections',
      sessionUser({ profile: 'admin', flags: { useWhatsapp: false, useInstagram: true } }),
    );
    await screen.findAllByTestId('connection-row');
    fireEvent.click(screen.getByTestId('new-connection'));
    expect(await screen.findByRole('menuitem', { name: 'Instagram' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Facebook' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'WhatsApp' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Instagram' }));
    const dialog = await screen.findByTestId('facebook-connect-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(calls.some((c) => c.url.endsWith('/facebook'))).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Facebook user ID' }), {
      target: { value: '1234' },
    });
    fireEvent.change(within(dialog).getByLabelText('User access token'), {
      target: { value: 'EAAB' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/facebook'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/facebook'))!.body).toEqual({
      facebookUserId: '1234',
      facebookUserToken: 'EAAB',
      addInstagram: true,
    });
  });

  it('restarts all connections and closes the imported tickets', async () => {
    const calls = stub([
      connection(1, 'Main', 'CONNECTED', { statusImportMessages: 'renderButtonCloseTickets' }),
      connection(2, 'Fresh', 'CONNECTED', { statusImportMessages: String(Date.now()) }),
    ]);
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    await screen.findAllByTestId('connection-row');
    expect(
      (screen.getByRole('button', { name: /Preparing import/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close imported tickets' }));
    fireEvent.click(screen.getByRole('button', { name: 'Restart connections' }));
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/closedimported/1'))).toBe(
        true,
      );
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/whatsapp-restart/'))).toBe(
        true,
      );
    });
  });

  it('edits the import window, the schedules of a connection and its greeting media', async () => {
    const calls = stub([connection(1, 'Main', 'CONNECTED')]);
    await renderApp(
      '/connections',
      sessionUser({
        profile: 'admin',
        company: { companieSettings: [{ key: 'scheduleType', value: 'connection' }] },
      } as Parameters<typeof sessionUser>[0]),
    );
    const row = await screen.findByTestId('connection-row');
    fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
    const modal = await screen.findByTestId('connection-modal');
    fireEvent.click(within(modal).getByRole('tab', { name: 'Schedules' }));
    fireEvent.change(within(modal).getByLabelText('Monday Opens'), {
      target: { value: '08:00' },
    });
    fireEvent.click(within(modal).getByRole('tab', { name: 'Messages' }));
    const file = new File([new Uint8Array([1, 2, 3])], 'hello.png', { type: 'image/png' });
    fireEvent.change(within(modal).getByLabelText('Greeting media'), {
      target: { files: [file] },
    });
    await waitFor(() =>
      expect(within(modal).getByTestId('greeting-media').textContent).toBe('hello.png'),
    );
    fireEvent.click(within(modal).getByRole('tab', { name: 'Import' }));
    fireEvent.change(within(modal).getByLabelText('Import from'), {
      target: { value: '2001-01-01' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByRole('alert')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(within(modal).getByLabelText('Import from'), { target: { value: '' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    const body = calls.find((c) => c.method === 'PUT')!.body as {
      schedules: { weekdayEn: string; startTimeA: string }[];
      importOldMessages: string | null;
    };
    expect(body.schedules.find((s) => s.weekdayEn === 'monday')?.startTimeA).toBe('08:00');
    expect(body.importOldMessages).toBeNull();
  });
  it('generates an API token for the connection and saves it', async () => {
    const calls = stub([connection(1, 'Main', 'CONNECTED')]);
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('connection-row');
    fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
    const modal = await screen.findByTestId('connection-modal');
    fireEvent.click(within(modal).getByRole('button', { name: 'Generate' }));
    const token = (within(modal).getByLabelText('API token') as HTMLInputElement).value;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    expect((calls.find((c) => c.method === 'PUT')!.body as { token: string }).token).toBe(token);
  });
});

describe('connection rules on the web side', () => {
  const now = new Date('2026-06-15T12:00:00Z');

  it('keeps the import window inside the last 2 years, recent not before old', () => {
    expect(importWindowError('', '', now)).toBeNull();
    expect(importWindowError('2025-01-01', '2026-06-01', now)).toBeNull();
    expect(importWindowError('2024-06-01', '', now)).toBe('importOldMessages');
    expect(importWindowError('', '2026-07-01', now)).toBe('importRecentMessages');
    expect(importWindowError('2026-03-01', '2026-01-01', now)).toBe('importRecentMessages');
  });

  it('reads the import status and its progress', () => {
    const t = now.getTime();
    expect(importStateOf(null, t)).toBe('none');
    expect(importStateOf('renderButtonCloseTickets', t)).toBe('closeTickets');
    expect(importStateOf(String(t - 10_000), t)).toBe('preparing');
    expect(importStateOf(String(t - 40_000), t)).toBe('running');
    expect(importStateOf('Running', t)).toBe('running');
    expect(importPercent({ this: 5, all: 20 })).toBe(25);
    expect(importPercent({ this: 0, all: 0 })).toBeNull();
  });

  it('gates the new-connection entries by plan flags', () => {
    expect(newConnectionKinds({ useWhatsapp: true, useFacebook: true })).toEqual([
      'whatsapp',
      'whatsappapi',
      'facebook',
    ]);
    expect(newConnectionKinds({ useInstagram: true })).toEqual(['instagram']);
    expect(newConnectionKinds(undefined)).toEqual([]);
  });
});
