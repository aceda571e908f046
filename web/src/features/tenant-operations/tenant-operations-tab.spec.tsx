import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CompaniesPage, TenantOperationView } from '@sb/contracts';
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

const superUser = () => sessionUser({ super: true, profile: 'admin', companyId: 1 });
const services = ['campaigns', 'connectors', 'tickets', 'reporting', 'identity'] as const;
const rowsOf = (service: string): Record<string, number> =>
  service === 'tickets' ? { messages: 40, tickets: 3 } : { things: 1 };

const operation = (
  status: TenantOperationView['status'],
  doneSteps: number,
): TenantOperationView => ({
  id: '7b0d6f0e-2c1a-4a53-9a55-8f1a2b3c4d5e',
  kind: 'erase',
  companyId: 9,
  companyName: 'Leaving Co',
  reason: 'leave',
  status,
  steps: services.map((service, index) =>
    index < doneSteps
      ? {
          service,
          action: 'erase',
          status: 'done',
          report: {
            service,
            rows: rowsOf(service),
            ...(service === 'tickets' ? { objects: 2 } : {}),
          },
        }
      : {
          service,
          action: 'erase',
          status: index === doneSteps && status === 'running' ? 'running' : 'pending',
        },
  ),
  bundleKey: null,
  startedBy: 1,
  error: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  updatedAt: '2026-11-29T10:00:01.000Z',
  finishedAt: status === 'done' ? '2026-11-29T10:00:02.000Z' : null,
});

const companiesPage = (): CompaniesPage => ({
  companies: [
    {
      id: 9,
      name: 'Leaving Co',
      email: 'leaving@x.test',
      phone: null,
      document: null,
      paymentMethod: null,
      status: true,
      dueDate: null,
      recurrence: 'MENSAL',
      planId: 2,
      plan: { id: 2, name: 'Basic', amount: '10.00' },
      schedules: [],
      usersCount: 1,
      connectionsCount: 1,
      queuesCount: 1,
      createdAt: '2026-11-01T10:00:00.000Z',
      lastLogin: null,
    } as unknown as CompaniesPage['companies'][number],
  ],
  hasMore: false,
  count: 1,
});

describe('tenant operations (super)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('warns what an erase removes, then says a company still being erased is on its way', async () => {
    const calls: FetchCall[] = [];
    let operations: TenantOperationView[] = [];
    const page: CompaniesPage = companiesPage();
    stubFetch(calls, (request) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'DELETE') {
        operations = [operation('running', 2)];
        return Response.json({ id: 9, operation: operations[0] });
      }
      if (path === '/companies') return Response.json(page);
      if (path === '/tenant-operations') return Response.json(operations);
      if (path === '/plans/all') return Response.json([]);
      return Response.json({ version: '1.0.0' });
    });
    await renderApp('/companies', superUser());
    const row = (await screen.findByText('Leaving Co')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Invoices and the audit log are kept');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toMatch(/\/companies\/9$/);
    expect(await screen.findByText(/its data is being erased/)).toBeTruthy();
  });

  it('shows each operation with its progress, and its report per service on demand', async () => {
    const calls: FetchCall[] = [];
    stubFetch(calls, (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/tenant-operations') return Response.json([operation('done', 5)]);
      if (path === '/settings') return Response.json([]);
      return Response.json({ version: '1.0.0' });
    });
    await renderApp('/settings', superUser());
    fireEvent.click(await screen.findByRole('tab', { name: 'Operations' }));
    const row = (await screen.findByText('Leaving Co (#9)')).closest('tr')!;
    expect(row.textContent).toContain('Done');
    expect(row.textContent).toContain('5 of 5 steps');
    const toggle = within(row).getByRole('button', { name: 'Report' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const report = await screen.findByTestId(`operation-report-${operation('done', 5).id}`);
    expect(report.textContent).toContain('43 rows');
    expect(report.textContent).toContain('2 files');
    expect(report.textContent).toContain('messages 40, tickets 3');
    expect(report.textContent).toContain('tickets · erase');
  });

  it('exports a company with a key typed twice', async () => {
    const calls: FetchCall[] = [];
    const exported: TenantOperationView = {
      ...operation('done', 5),
      id: '2f9a1c3e-5b7d-4e8f-9a0b-1c2d3e4f5a6b',
      kind: 'export',
      reason: null,
      bundleKey: 'tenant-operations/2f9a1c3e-5b7d-4e8f-9a0b-1c2d3e4f5a6b/company.swb',
    };
    stubFetch(calls, (request) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'POST' && path === '/companies/9/export') {
        return Response.json({ ...exported, status: 'running' });
      }
      if (path === '/companies') return Response.json(companiesPage());
      if (path === '/tenant-operations') return Response.json([exported]);
      if (path === '/settings') return Response.json([]);
      if (path === '/plans/all') return Response.json([]);
      return Response.json({ version: '1.0.0' });
    });
    await renderApp('/companies', superUser());
    const row = (await screen.findByText('Leaving Co')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Export the company' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Key of the file/), {
      target: { value: 'short' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByText(/at least 12 characters/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Key of the file/), {
      target: { value: 'a long enough key' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^The key again/), {
      target: { value: 'a long enough key' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      key: 'a long enough key',
    });
    expect(await screen.findByText(/The export has started/)).toBeTruthy();
  });

  it('aborts a running export once confirmed, and shows a step asked again', async () => {
    const calls: FetchCall[] = [];
    const running: TenantOperationView = {
      ...operation('running', 2),
      kind: 'export',
      reason: null,
      steps: operation('running', 2).steps.map((step, index) =>
        index === 1 ? { ...step, action: 'export', retries: 2 } : { ...step, action: 'export' },
      ),
    };
    const aborted: TenantOperationView = {
      ...running,
      status: 'failed',
      error: 'Aborted by the operator: the company works again.',
      finishedAt: '2026-11-29T10:00:03.000Z',
    };
    stubFetch(calls, (request) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'POST' && path === `/tenant-operations/${running.id}/abort`) {
        return Response.json(aborted);
      }
      if (path === '/tenant-operations') return Response.json([running]);
      if (path === '/settings') return Response.json([]);
      return Response.json({ version: '1.0.0' });
    });
    await renderApp('/settings', superUser());
    fireEvent.click(await screen.findByRole('tab', { name: 'Operations' }));
    const row = (await screen.findByText('Leaving Co (#9)')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Report' }));
    const report = await screen.findByTestId(`operation-report-${running.id}`);
    expect(report.textContent).toContain('asked again 2 times after its service stopped');

    fireEvent.click(within(row).getByRole('button', { name: 'Abort' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Abort the export of Leaving Co?');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abort' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    await waitFor(() => expect(row.textContent).toContain('Failed'));
    expect(within(row).queryByRole('button', { name: 'Abort' })).toBeNull();
  });
});
