import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';

vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

const requestId = '3f1c6a2e-8d7b-4c1e-9a55-0b6f2d4e7a10';
type Reply = { status: number; body: unknown };
type Call = { url: string; method: string; body: unknown };

/** Stubs the three reset routes; code checks answer from `codeReplies` in order. */
const stubGateway = (
  codeReplies: Reply[],
  saveReply: Reply = { status: 200, body: { updated: true } },
) => {
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
      const path = new URL(request.url).pathname;
      const reply = (r: Reply) => new Response(JSON.stringify(r.body), { status: r.status });
      if (path === '/api/enviar-email') return reply({ status: 200, body: { requestId } });
      if (path.startsWith('/api/verificar-code/')) return reply(codeReplies.shift()!);
      if (path === '/api/atualizar-senha') return reply(saveReply);
      return new Response(JSON.stringify({ version: '1.0.0' }));
    }),
  );
  return calls;
};

const wrongCode = {
  status: 400,
  body: { error: 'ERR_INVALID_RESET_CODE', message: 'Invalid verification code.' },
};
const verified = { status: 200, body: { verified: true, resetToken: 'reset-token-0123456789' } };

const sendNumber = async () => {
  await renderApp('/recovery-password');
  fireEvent.change(await screen.findByLabelText(/^Messaging number/), {
    target: { value: '+55 11 91234-5678' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByText(/a 6-digit code was sent/);
};
const enterCode = (code: string) => {
  fireEvent.change(screen.getByLabelText(/^Verification code/), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
};

describe('recovery password page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('goes from the number to the code to a new password, then back to login', async () => {
    const calls = stubGateway([wrongCode, verified]);
    await sendNumber();
    expect(calls.find((c) => c.url.endsWith('/api/enviar-email'))).toMatchObject({
      method: 'POST',
      body: { wpp: '+55 11 91234-5678' },
    });

    enterCode('111111');
    expect(await screen.findByText('Incorrect verification code. Try again.')).toBeTruthy();
    enterCode('123456');
    const password = await screen.findByLabelText(/^New password/);
    expect(calls.some((c) => c.url.endsWith(`/api/verificar-code/${requestId}?code=123456`))).toBe(
      true,
    );

    fireEvent.change(password, { target: { value: 'new-secret' } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), {
      target: { value: 'other-secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), {
      target: { value: 'new-secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(
      await screen.findByText('Password changed! Sign in with your new password.'),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/api/atualizar-senha'))).toMatchObject({
      method: 'PUT',
      body: { resetToken: 'reset-token-0123456789', newPassword: 'new-secret' },
    });
  });

  it('says attempts exceeded and returns to login after 3 seconds', async () => {
    stubGateway([
      wrongCode,
      wrongCode,
      {
        status: 429,
        body: { error: 'ERR_RESET_ATTEMPTS_EXCEEDED', message: 'Too many attempts.' },
      },
    ]);
    await sendNumber();
    for (let i = 0; i < 2; i++) {
      enterCode('111111');
      await screen.findByText('Incorrect verification code. Try again.');
    }
    enterCode('111111');
    expect(await screen.findByText('Attempts exceeded. Redirecting...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).toBeNull();
    expect(
      await screen.findByRole('heading', { name: 'Welcome back' }, { timeout: 5000 }),
    ).toBeTruthy();
  }, 10_000);

  it('says the password cannot be changed when the reset is no longer valid', async () => {
    stubGateway([verified], wrongCode);
    await sendNumber();
    enterCode('123456');
    fireEvent.change(await screen.findByLabelText(/^New password/), {
      target: { value: 'new-secret' },
    });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), {
      target: { value: 'new-secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(
      await screen.findByText('Invalid verification code. The password cannot be changed.'),
    ).toBeTruthy();
  });

  it('refuses a number that is not one, without calling the server', async () => {
    const calls = stubGateway([]);
    await renderApp('/recovery-password');
    fireEvent.change(await screen.findByLabelText(/^Messaging number/), {
      target: { value: '12' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Invalid phone number.')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/api/'))).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
      '/login',
    );
  });
});
