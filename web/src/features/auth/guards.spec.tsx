import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';

vi.mock('../../api/socket.js', () => ({
  connectSocket: () => ({ on: vi.fn(), emit: vi.fn() }),
  disconnectSocket: vi.fn(),
  currentSocket: () => null,
  onSocket: () => () => undefined,
}));

const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });

describe('route guards', () => {
  beforeEach(() => {
    // the version, and no data behind any page: the guards are the subject, not the pages' contents
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(input instanceof Request ? input.url : String(input)).pathname === '/version'
          ? new Response(JSON.stringify({ version: '1.2.3' }), { status: 200 })
          : new Response(JSON.stringify({ error: 'ERR_NOT_FOUND' }), { status: 404 }),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor without a session from a private page to /login', async () => {
    await renderApp('/tickets');
    expect(await heading('Welcome back')).toBeTruthy();
  });

  it('sends a logged-in visitor from /login to /, where an agent lands on the tickets', async () => {
    await renderApp('/login', sessionUser());
    expect(await heading('Tickets')).toBeTruthy();
  });

  it('shows an admin the dashboard at /', async () => {
    await renderApp('/', sessionUser({ profile: 'admin' }));
    expect(await heading('Dashboard')).toBeTruthy();
  });

  it('sends /dashboard (the address people guess) to the dashboard at /', async () => {
    await renderApp('/dashboard', sessionUser({ profile: 'admin' }));
    expect(await heading('Dashboard')).toBeTruthy();
  });

  it('opens a page for all users with its title', async () => {
    await renderApp('/tickets/3f1c', sessionUser());
    expect(await heading('Tickets')).toBeTruthy();
  });

  it('denies an admin-only page to an agent with the toast, then goes to / after 1 s', async () => {
    await renderApp('/users', sessionUser());
    expect(
      await screen.findByText('This company has no permission to access this page. Redirecting…'),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Users' })).toBeNull();
    expect(await heading('Tickets')).toBeTruthy();
  });

  it('denies a plan-flag page when the plan lacks the flag and opens it when it has it', async () => {
    const view = await renderApp('/schedules', sessionUser());
    expect(
      await screen.findByText('This company has no permission to access this page. Redirecting…'),
    ).toBeTruthy();
    view.unmount();
    await renderApp('/schedules', sessionUser({ flags: { useSchedules: true } }));
    expect(await heading('Schedules')).toBeTruthy();
  });

  it('keeps the super-user pages from admins without the super flag', async () => {
    const view = await renderApp('/companies', sessionUser({ profile: 'admin' }));
    expect(
      await screen.findByText('This company has no permission to access this page. Redirecting…'),
    ).toBeTruthy();
    view.unmount();
    await renderApp('/companies', sessionUser({ profile: 'admin', super: true }));
    expect(await heading('Companies')).toBeTruthy();
  });

  it('has the campaign routes only while the cshow flag is stored', async () => {
    const admin = sessionUser({ profile: 'admin', flags: { useCampaigns: true } });
    const view = await renderApp('/campaigns', admin);
    expect(await heading('Page not found')).toBeTruthy();
    view.unmount();
    window.localStorage.setItem('cshow', '1');
    await renderApp('/campaign/4/report', admin);
    expect(await heading('Campaign report')).toBeTruthy();
  });

  it('keeps an expired company on /financeiro-aberto with the expiry message', async () => {
    const expired = sessionUser({ company: { dueDate: '2024-02-01T12:00:00.000Z' } });
    await renderApp('/tickets', expired);
    expect(await heading('Subscription')).toBeTruthy();
    expect(
      screen.getByText(
        'Your subscription expired on 02/01/2024. Contact support for more information.',
      ),
    ).toBeTruthy();
  });
});
