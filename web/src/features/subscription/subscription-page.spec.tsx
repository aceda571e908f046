import { screen } from '@testing-library/react';
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

const invoices = [
  {
    id: 1,
    companyId: 2,
    detail: 'Basic (MENSAL)',
    value: '19.90',
    dueDate: '2026-01-05T12:00:00.000Z',
    status: 'paid',
    createdAt: '2026-01-06T12:00:00.000Z',
  },
];

const stub = () => {
  const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/invoices/all')) return Response.json(invoices);
    return Response.json({ version: '1.0.0' });
  });
  vi.stubGlobal('fetch', fetchFn);
  return fetchFn;
};

describe('/financeiro-aberto', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows an expired company's admin the expiry and the company's invoices", async () => {
    stub();
    const expired = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await renderApp(
      '/financeiro-aberto',
      sessionUser({ profile: 'admin', company: { dueDate: expired } }),
    );
    expect(await screen.findByText(/Your subscription expired/)).toBeTruthy();
    expect(await screen.findByText('Basic (MENSAL)')).toBeTruthy();
    expect(screen.getByText('19.90')).toBeTruthy();
    // the due date in the screen's language, English: month first
    expect(screen.getByText('01/05/2026')).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
  });

  it('does not load invoices for an agent', async () => {
    const fetchFn = stub();
    await renderApp('/financeiro-aberto', sessionUser({ profile: 'user' }));
    expect(await screen.findByText(/Your subscription is active/)).toBeTruthy();
    const invoiceCalls = fetchFn.mock.calls.filter(([input]) =>
      (input instanceof Request ? input.url : String(input)).endsWith('/invoices/all'),
    );
    expect(invoiceCalls).toHaveLength(0);
  });
});
