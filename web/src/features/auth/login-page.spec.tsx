import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';

vi.mock('../../api/socket.js', () => ({
  connectSocket: () => ({ on: vi.fn(), emit: vi.fn() }),
  disconnectSocket: vi.fn(),
  currentSocket: () => null,
  onSocket: () => () => undefined,
}));

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Stubs the gateway: the login answer, an admin's (empty) connection list, and a version for the shell. */
const stubLogin = (status: number, body: unknown) => {
  const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/auth/login')) return new Response(JSON.stringify(body), { status });
    if (/\/whatsapp\/?(\?|$)/.test(url)) return new Response('[]', { status: 200 });
    return new Response(JSON.stringify({ version: '1.0.0' }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchFn);
  return fetchFn;
};

const fill = (email: string, password: string) => {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('login page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports missing fields without calling the server', async () => {
    const fetchFn = stubLogin(200, {});
    await renderApp('/login');
    fill('', '');
    expect(await screen.findByText('Enter your email.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    const loginCalls = fetchFn.mock.calls.filter(([input]) =>
      (input instanceof Request ? input.url : String(input)).endsWith('/auth/login'),
    );
    expect(loginCalls).toHaveLength(0);
  });

  it('reports invalid credentials with the translated error', async () => {
    stubLogin(401, {
      error: 'ERR_INVALID_CREDENTIALS',
      message: 'Authentication error, try again.',
    });
    await renderApp('/login');
    fill('ana@example.com', 'wrong');
    expect(await screen.findByText('Authentication error. Please try again.')).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('stores the token and enters /tickets when the due date is in the future', async () => {
    stubLogin(200, { token: 'T', user: sessionUser({ company: { dueDate: inDays(30) } }) });
    await renderApp('/login');
    fill('ana@example.com', 'secret');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tickets' })).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBe('T');
    expect(screen.queryByText(/days left/)).toBeNull();
  });

  it('takes an admin to /tickets too, not to the dashboard', async () => {
    stubLogin(200, { token: 'T', user: sessionUser({ profile: 'admin' }) });
    await renderApp('/login');
    fill('ana@example.com', 'secret');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tickets' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).toBeNull();
  });

  it('warns with the rounded days left when fewer than 5 remain', async () => {
    stubLogin(200, { token: 'T', user: sessionUser({ company: { dueDate: inDays(2.8) } }) });
    await renderApp('/login');
    fill('ana@example.com', 'secret');
    expect(
      await screen.findByText('Your subscription is about to expire: 3 days left.'),
    ).toBeTruthy();
  });

  it('shows the expiry error and goes to /financeiro-aberto when the due date passed', async () => {
    stubLogin(200, {
      token: 'T',
      user: sessionUser({ company: { dueDate: '2024-02-01T12:00:00.000Z' } }),
    });
    await renderApp('/login');
    fill('ana@example.com', 'secret');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription' })).toBeTruthy();
    expect(
      screen.getAllByText(
        'Your subscription expired on 02/01/2024. Contact support for more information.',
      ).length,
    ).toBeGreaterThanOrEqual(1);
  });

  it('links to signup, password recovery, terms and privacy', async () => {
    stubLogin(200, {});
    await renderApp('/login');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/recovery-password',
    );
    expect(screen.getByText('Terms of use')).toBeTruthy();
    expect(screen.getByText('Privacy policy')).toBeTruthy();
  });

  it('shows the login page again after a logout, inside the loaded app, and logs in from it', async () => {
    stubLogin(200, { token: 'T', user: sessionUser({ company: { dueDate: inDays(30) } }) });
    await renderApp('/login');
    fill('ana@example.com', 'secret');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tickets' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('profile-menu'));
    fireEvent.click(await screen.findByTestId('logout'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();

    fill('ana@example.com', 'secret');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tickets' })).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBe('T');
  });
});
