import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CompaniesPage } from '@sb/contracts';
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

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const company = (id: number, name: string, dueDate: string) => ({
  id,
  name,
  email: `${name.toLowerCase()}@x.test`,
  phone: null,
  document: null,
  paymentMethod: null,
  status: true,
  dueDate,
  recurrence: 'MENSAL',
  planId: 2,
  plan: { id: 2, name: 'Basic', amount: '10.00' },
  schedules: [],
  usersCount: 1,
  connectionsCount: id,
  queuesCount: id === 3 ? null : id + 10,
  storage:
    id === 4
      ? null
      : id === 3
        ? { rows: 3201, bytes: 400_000, mediaBytes: 12_000_000 }
        : { rows: 1, bytes: 900, mediaBytes: 0 },
  createdAt: inDays(-10),
  lastLogin: null,
});

const stub = () => {
  const calls: FetchCall[] = [];
  const page: CompaniesPage = {
    companies: [
      company(2, 'Soon', inDays(3)),
      company(3, 'Late', inDays(-2)),
      company(4, 'Fine', inDays(40)),
    ],
    hasMore: false,
    count: 3,
  };
  stubFetch(calls, (request) => {
    if (request.url.includes('/companies') && request.method === 'GET') return Response.json(page);
    if (request.url.includes('/plans/all')) return Response.json([]);
    if (request.method === 'PUT') return Response.json(page.companies[0]);
    return Response.json({ version: '1.0.0' });
  });
  return calls;
};

describe('companies page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('highlights due dates and advances one by its recurrence', async () => {
    const calls = stub();
    await renderApp('/companies', sessionUser({ super: true, profile: 'admin', companyId: 1 }));
    const soon = (await screen.findByText('Soon')).closest('tr')!;
    expect(soon.getAttribute('data-highlight')).toBe('warning');
    expect(screen.getByText('Late').closest('tr')!.getAttribute('data-highlight')).toBe('danger');
    expect(screen.getByText('Fine').closest('tr')!.getAttribute('data-highlight')).toBe('none');

    fireEvent.click(soon.querySelector('button[aria-label="Advance due date"]')!);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toMatch(/\/companies\/2$/);
    const sent = new Date((put.body as { dueDate: string }).dueDate).getTime();
    const expected = new Date(inDays(3));
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(Math.abs(sent - expected.getTime())).toBeLessThan(2 * 86_400_000);
  });

  it("shows each company's attendants, connections and queues, a dash when a count is unknown", async () => {
    stub();
    await renderApp('/companies', sessionUser({ super: true, profile: 'admin', companyId: 1 }));
    const cells = (name: string) =>
      [...screen.getByText(name).closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);
    await screen.findByText('Soon');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    const at = (header: string) => headers.indexOf(header);
    expect(cells('Soon')[at('Connections')]).toBe('2');
    expect(cells('Soon')[at('Queues')]).toBe('12');
    expect(cells('Late')[at('Queues')]).toBe('—');
    expect(
      screen.getByText('Late').closest('tr')!.querySelectorAll('td')[at('Queues')]!.title,
    ).toBe('Not available right now');
  });

  it('shows what each company takes up, records and files together, a dash when unknown', async () => {
    stub();
    await renderApp('/companies', sessionUser({ super: true, profile: 'admin', companyId: 1 }));
    const cell = (name: string, header: string) => {
      const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
      return screen.getByText(name).closest('tr')!.querySelectorAll('td')[headers.indexOf(header)]!;
    };
    await screen.findByText('Soon');
    expect(cell('Late', 'Storage').textContent).toBe('12.4 MB · 3,201 rows');
    expect(cell('Late', 'Storage').title).toBe('Records: 400 kB. Files: 12 MB.');
    expect(cell('Soon', 'Storage').textContent).toBe('900 byte · 1 row');
    expect(cell('Fine', 'Storage').textContent).toBe('—');
    expect(cell('Fine', 'Storage').title).toBe('Not available right now');
  });

  it('refuses a company without name, email, plan or password before calling the server', async () => {
    const calls = stub();
    await renderApp('/companies', sessionUser({ super: true, profile: 'admin', companyId: 1 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add company' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Required')).length).toBeGreaterThanOrEqual(3);
    expect(calls.some((c) => c.method === 'POST' && c.url.includes('/companies'))).toBe(false);
  });

  it('searches after the typing pauses for 500 ms', async () => {
    const calls = stub();
    await renderApp('/companies', sessionUser({ super: true, profile: 'admin', companyId: 1 }));
    await screen.findByText('Soon');
    const searches = () => calls.filter((c) => c.url.includes('searchParam=acm'));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'acm' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(searches()).toHaveLength(0);
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]!.url).toContain('pageNumber=1');
  });
});
