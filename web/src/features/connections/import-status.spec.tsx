import { screen, waitFor, within } from '@testing-library/react';
import type { ConnectionRecord } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { stubFetch, type FetchCall } from '../../test/fake-fetch.js';
import { fireSocket, forgetSocketListeners } from '../../test/fake-socket.js';
import { ImportPreparingMs } from './import-status.js';

vi.mock('../../api/socket.js', () => import('../../test/fake-socket.js'));

/** A connection whose history import started longer ago than the preparing window. */
const importing = (id: number, name: string, status: string | null): ConnectionRecord =>
  ({
    id,
    companyId: 2,
    name,
    number: null,
    channel: 'whatsapp',
    status: 'CONNECTED',
    isDefault: id === 1,
    qrcode: null,
    retries: 0,
    updatedAt: new Date().toISOString(),
    statusImportMessages: status,
    queueIds: [],
    schedules: [],
  }) as unknown as ConnectionRecord;

describe('history import progress on /connections (company-<id>-importMessages)', () => {
  afterEach(() => {
    forgetSocketListeners();
    vi.unstubAllGlobals();
  });

  it("follows its own connection's progress, then reloads the list when the import ends", async () => {
    const started = String(Date.now() - ImportPreparingMs - 1_000);
    let list = [importing(1, 'Main', started), importing(2, 'Other', started)];
    const calls: FetchCall[] = [];
    stubFetch(calls, (request) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith('/whatsapp')) return Response.json(list);
      return Response.json([]);
    });
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    const [main, other] = await screen.findAllByTestId('connection-row');
    expect(within(main!).getByText('Importing messages')).toBeTruthy();

    fireSocket('company-2-importMessages', {
      action: 'update',
      whatsappId: 1,
      status: { this: 3, all: 12, date: new Date().toISOString() },
    });
    expect(await within(main!).findByText('Importing 3 of 12 messages')).toBeTruthy();
    // another connection's progress is not this one's
    expect(within(other!).queryByText('Importing 3 of 12 messages')).toBeNull();
    // another company's event name is never listened to
    fireSocket('company-3-importMessages', {
      action: 'update',
      whatsappId: 1,
      status: { this: 9, all: 9 },
    });
    expect(within(main!).queryByText('Importing 9 of 9 messages')).toBeNull();

    const loads = () =>
      calls.filter((c) => c.method === 'GET' && c.url.includes('/whatsapp')).length;
    const before = loads();
    list = [importing(1, 'Main', 'renderButtonCloseTickets'), importing(2, 'Other', started)];
    fireSocket('company-2-importMessages', { action: 'refresh', whatsappId: 1 });
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
    const [reloaded] = await screen.findAllByTestId('connection-row');
    expect(
      await within(reloaded!).findByRole('button', { name: 'Close imported tickets' }),
    ).toBeTruthy();
  });
});
