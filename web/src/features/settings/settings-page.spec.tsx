import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SettingKeys, SettingDefaults, type SettingEntry } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { stubFetch, type FetchCall } from '../../test/fake-fetch.js';

vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

const settings = (
  overrides: Partial<Record<string, string>>,
  withPlatform: boolean,
): SettingEntry[] =>
  SettingKeys.filter((key) => withPlatform || key !== 'userCreation').map((key) => ({
    key,
    value: overrides[key] ?? SettingDefaults[key],
  }));

const stub = (list: SettingEntry[], putStatus = 200) => {
  const calls: FetchCall[] = [];
  stubFetch(calls, (request, body) => {
    if (request.url.endsWith('/settings') && request.method === 'GET') return Response.json(list);
    if (request.method === 'PUT' && request.url.includes('/settings/')) {
      return putStatus === 200
        ? Response.json({
            key: request.url.split('/').pop(),
            value: (body as { value: string }).value,
          })
        : Response.json(
            { error: 'ERR_NO_PERMISSION', message: 'No permission.' },
            { status: putStatus },
          );
    }
    if (request.url.includes('/schedules')) return Response.json({ id: 1, schedules: [] });
    if (request.url.includes('/plans')) return Response.json([]);
    if (request.url.includes('/companies'))
      return Response.json({ companies: [], hasMore: false, count: 0 });
    if (request.url.includes('/helps')) return Response.json([]);
    return Response.json({ version: '1.0.0' });
  });
  return calls;
};

describe('settings page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the options of an admin without userCreation and saves a change', async () => {
    const calls = stub(settings({}, false));
    await renderApp('/settings', sessionUser({ profile: 'admin' }));
    const rating = await screen.findByRole('combobox', { name: 'Ratings' });
    expect(screen.queryByRole('combobox', { name: 'Company sign-up' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Companies' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Operations' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Schedules' })).toBeNull();
    fireEvent.change(rating, { target: { value: 'enabled' } });
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toMatch(/\/settings\/userRating$/);
    expect(put.body).toEqual({ value: 'enabled' });
    expect(await screen.findByText('Operation completed successfully!')).toBeTruthy();
  });

  it('shows the schedules tab only when scheduleType is company, and super tabs for super', async () => {
    stub(settings({ scheduleType: 'company' }, true));
    await renderApp('/settings', sessionUser({ profile: 'admin', super: true, companyId: 1 }));
    expect(await screen.findByRole('tab', { name: 'Schedules' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Companies' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Plans' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Helps' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Operations' })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Company sign-up' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Schedules' }));
    const grid = await screen.findByRole('table');
    expect(within(grid).getByText('Monday')).toBeTruthy();
  });

  it('saves the message retention in days and refuses a period out of range', async () => {
    const calls = stub(settings({}, false));
    await renderApp('/settings', sessionUser({ profile: 'admin' }));
    const days = await screen.findByRole('spinbutton', { name: 'Keep messages for (days)' });
    expect(screen.getByText(/Empty or 0 keeps messages/)).toBeTruthy();
    fireEvent.change(days, { target: { value: '7' } });
    fireEvent.blur(days);
    expect(await screen.findByText(/from 30 to 3650, or leave it empty/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(days, { target: { value: '90' } });
    fireEvent.blur(days);
    await waitFor(() => {
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.url).toMatch(/\/settings\/messageRetentionDays$/);
      expect(put?.body).toEqual({ value: '90' });
    });
  });

  it('puts the old value back when the server refuses', async () => {
    stub(settings({}, false), 403);
    await renderApp('/settings', sessionUser({ profile: 'admin' }));
    const rating = (await screen.findByRole('combobox', { name: 'Ratings' })) as HTMLSelectElement;
    fireEvent.change(rating, { target: { value: 'enabled' } });
    await waitFor(() => expect(rating.value).toBe('disabled'));
  });
});
