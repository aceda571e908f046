import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { ScheduleRecord } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../app/chakra-system.js';
import { readRequest } from '../../test/fake-fetch.js';
import { fireSocket, forgetSocketListeners } from '../../test/fake-socket.js';
import { renderApp, setupI18n } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { MaintenanceScreen } from './maintenance-screen.js';

vi.mock('../../api/socket.js', () => import('../../test/fake-socket.js'));

const maintenance = () =>
  Response.json(
    { error: 'ERR_COMPANY_MAINTENANCE', message: 'moving' },
    { status: 503, headers: { 'Retry-After': '30' } },
  );

const schedule: ScheduleRecord = {
  id: 1,
  body: 'Reminder before the move',
  sendAt: new Date(2026, 4, 6, 7, 8, 9).toISOString(),
  sentAt: null,
  status: 'PENDENTE',
  error: null,
  contactId: 5,
  contact: { id: 5, name: 'Bruna Lima', number: '5511988880001' },
  userId: 7,
  user: { id: 7, name: 'Ana Souza' },
  ticketId: null,
  createdAt: new Date(2026, 4, 1).toISOString(),
  updatedAt: new Date(2026, 4, 1).toISOString(),
};

/** The gateway: fenced (every call 503) until `fenced.current` turns false. */
const stubGateway = () => {
  const fenced = { current: true };
  const calls: string[] = [];
  window.localStorage.setItem('token', 'T1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { request } = await readRequest(input);
      const url = new URL(request.url);
      calls.push(`${request.method} ${url.pathname}`);
      if (fenced.current) return maintenance();
      if (url.pathname === '/schedules')
        return Response.json({ schedules: [schedule], hasMore: false });
      if (url.pathname === '/auth/me') return Response.json(sessionUser());
      return Response.json({ version: '1.0.0' });
    }),
  );
  return { fenced, calls };
};

const user = () => sessionUser({ profile: 'admin', flags: { useSchedules: true } });
const title = "We're moving your company's data";

describe('maintenance screen', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    forgetSocketListeners();
    window.localStorage.clear();
  });

  it('replaces the page when a call answers 503 ERR_COMPANY_MAINTENANCE and returns to it once open', async () => {
    const gateway = stubGateway();
    const { store } = await renderApp('/schedules', user());
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(/Nothing is lost/)).toBeTruthy();
    expect(screen.getByText('Next check in 30 s.')).toBeTruthy();
    // the session is kept: the user is not sent to the login page
    expect(store.getState().session.status).toBe('authenticated');

    // still fenced: a check keeps the screen
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(gateway.calls).toContain('GET /auth/me'));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();

    // the fence lifts: the next check brings the same page back, asked again
    gateway.fenced.current = false;
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('Bruna Lima')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: title })).toBeNull();
    expect(store.getState().maintenance.active).toBe(false);
  });

  it('follows the socket: start shows the screen at once, end brings the page back', async () => {
    const gateway = stubGateway();
    gateway.fenced.current = false;
    const current = user();
    await renderApp('/schedules', current);
    expect(await screen.findByText('Bruna Lima')).toBeTruthy();

    fireSocket(`company-${current.companyId}-maintenance`, { action: 'start' });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();

    fireSocket(`company-${current.companyId}-maintenance`, { action: 'end' });
    expect(await screen.findByText('Bruna Lima')).toBeTruthy();
  });

  it('checks by itself after Retry-After seconds, then again after the wait the gateway asks', async () => {
    await setupI18n();
    vi.useFakeTimers();
    const check = vi.fn(async () => ({ open: false as const, retryAfter: 10 }));
    const onOpen = vi.fn();
    render(
      <ChakraProvider value={system}>
        <MaintenanceScreen retryAfter={30} check={check} onOpen={onOpen} />
      </ChakraProvider>,
    );
    expect(screen.getByText('Next check in 30 s.')).toBeTruthy();
    for (let second = 0; second < 29; second++) await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(check).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(check).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Next check in 10 s.')).toBeTruthy();

    check.mockResolvedValueOnce({ open: true } as never);
    for (let second = 0; second < 10; second++) await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(check).toHaveBeenCalledTimes(2);
    expect(onOpen).toHaveBeenCalledWith({ open: true });
  });

  it('speaks every language', async () => {
    const i18n = await setupI18n();
    for (const language of ['pt-BR', 'es', 'tr']) {
      await i18n.changeLanguage(language);
      expect(i18n.t('maintenance:title')).not.toBe(title);
      expect(i18n.t('errors:ERR_COMPANY_MAINTENANCE')).not.toMatch(/^ERR_/);
    }
    await i18n.changeLanguage('en');
  });
});
