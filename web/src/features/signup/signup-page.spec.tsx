import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';

vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

const plans = [
  { id: 4, name: 'Start', amount: '49.90', users: 3, connections: 1, queues: 2, isPublic: true },
  { id: 5, name: 'Pro', amount: '99.00', users: 10, connections: 3, queues: 8, isPublic: true },
];

type Call = { url: string; method: string; body: unknown };

/** Stubs the gateway: the public plans and the signup answer; records what was sent. */
const stubGateway = (signup: { status: number; body: unknown }) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(String(input));
      const text = await request.clone().text();
      calls.push({
        url: request.url,
        method: request.method,
        body: text ? JSON.parse(text) : null,
      });
      if (request.url.endsWith('/plans/list')) return new Response(JSON.stringify(plans));
      if (request.url.endsWith('/auth/signup')) {
        return new Response(JSON.stringify(signup.body), { status: signup.status });
      }
      return new Response(JSON.stringify({ version: '1.0.0' }));
    }),
  );
  return calls;
};

const fillForm = async () => {
  await screen.findByRole('option', { name: /Pro/ });
  const change = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  change(/^Your name/, 'Ana Souza');
  change(/^Company name/, 'Acme');
  change(/^Email/, 'ana@acme.test');
  change(/^Password/, 'secret-pass');
  change(/^Phone/, '+55 11 98888-0000');
  change(/^Plan/, '5');
};

describe('signup page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the public plans with their price, the free trial and the way back to login', async () => {
    stubGateway({ status: 201, body: {} });
    await renderApp('/signup');
    expect(await screen.findByRole('option', { name: 'Start · 49.90 / month' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Pro · 99.00 / month' })).toBeTruthy();
    expect(screen.getByText('Free 3-day trial, no card required.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('names every invalid field without calling the server', async () => {
    const calls = stubGateway({ status: 201, body: {} });
    await renderApp('/signup');
    await screen.findByRole('option', { name: /Start/ });
    fireEvent.change(screen.getByLabelText(/^Your name/), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    // name, company name and password are too short; phone and plan are missing
    expect(await screen.findAllByText('Too short!')).toHaveLength(3);
    expect(screen.getByText('Invalid email.')).toBeTruthy();
    expect(screen.getAllByText('Required.')).toHaveLength(2);
    expect(calls.filter((call) => call.url.endsWith('/auth/signup'))).toHaveLength(0);
  });

  it('signs up, confirms it and goes to the login page', async () => {
    const calls = stubGateway({ status: 201, body: { companyId: 9, userId: 30 } });
    await renderApp('/signup');
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Account created! Sign in to start.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    const sent = calls.find((call) => call.url.endsWith('/auth/signup'));
    expect(sent).toMatchObject({
      method: 'POST',
      body: {
        name: 'Ana Souza',
        companyName: 'Acme',
        email: 'ana@acme.test',
        password: 'secret-pass',
        phone: '+55 11 98888-0000',
        planId: 5,
      },
    });
  });

  it('passes the optional companyId of /signup?companyId on in the request', async () => {
    const calls = stubGateway({ status: 201, body: { companyId: 9, userId: 30 } });
    await renderApp('/signup?companyId=4');
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Account created! Sign in to start.')).toBeTruthy();
    const sent = calls.find((call) => call.url.endsWith('/auth/signup'));
    expect(sent?.body).toMatchObject({ companyName: 'Acme', planId: 5, companyId: 4 });
  });

  it('reports a refused signup with the spec message and the server reason', async () => {
    stubGateway({
      status: 409,
      body: {
        error: 'ERR_EMAIL_ALREADY_EXISTS',
        message: 'A user with this email already exists.',
      },
    });
    await renderApp('/signup');
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Error creating user, check the data.')).toBeTruthy();
    expect(screen.getByText('A user with this email already exists.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy(),
    );
  });
});
