import { fireEvent, screen, within } from '@testing-library/react';
import type { ServiceMetricsReply, TicketReportPage } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';

const page: TicketReportPage = {
  rows: [
    {
      id: 11,
      contactName: 'Carla',
      isGroup: false,
      status: 'closed',
      queueName: 'Vendas',
      userName: 'Ana',
      connectionName: 'Loja',
      tags: ['VIP'],
      createdAt: '2026-03-02T12:00:00.000Z',
      acceptedAt: null,
      firstResponseAt: null,
      closedAt: null,
      waitMinutes: 5,
      firstResponseMinutes: null,
      supportMinutes: 75,
      totalMinutes: 80,
      rate: 10,
      ratedAt: null,
    },
  ],
  count: 21,
  hasMore: true,
  next: null,
};

const durations = (firstMedian: number, nextAvg: number) => ({
  firstResponse: { count: 4, avgMinutes: 90, medianMinutes: firstMedian },
  nextResponse: { count: 3, avgMinutes: nextAvg, medianMinutes: 20 },
  resolution: { count: 2, avgMinutes: 125, medianMinutes: 125 },
  firstResponseDistribution: [
    { bucket: '0-1h' as const, count: 1, percent: 25 },
    { bucket: '1-4h' as const, count: 3, percent: 75 },
    { bucket: '4-8h' as const, count: 0, percent: 0 },
    { bucket: '8-24h' as const, count: 0, percent: 0 },
    { bucket: '24h+' as const, count: 0, percent: 0 },
  ],
});
const queues = [
  { id: 2, name: 'Vendas', color: '#f00' },
  { id: 3, name: 'Suporte', color: '#00f' },
];
/** Vendas' target as the server holds it (the stub's PUT and DELETE change it). */
let target: number | null = 30;
const metrics = (): ServiceMetricsReply => {
  const share = { measured: 4, withinTarget: 3, percent: 75 };
  return {
    tickets: 21,
    wallClock: durations(61, 45),
    businessHours: durations(31, 15),
    hoursBasis: { queue: 0, company: 20, none: 1 },
    sla: {
      queues: [
        {
          queueId: 2,
          queueName: 'Vendas',
          targetMinutes: target,
          tickets: 4,
          wallClock: target === null ? null : share,
          businessHours: target === null ? null : { ...share, withinTarget: 4, percent: 100 },
        },
      ],
      overall: {
        tickets: target === null ? 0 : 4,
        wallClock: share,
        businessHours: { ...share, withinTarget: 4, percent: 100 },
      },
    },
  };
};
const targets: string[] = [];

const stub = () => {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(String(input));
      const url = new URL(request.url);
      if (url.pathname === '/reports/tickets') {
        calls.push(url);
        return Response.json(page);
      }
      if (url.pathname === '/reports/metrics') return Response.json(metrics());
      if (url.pathname.startsWith('/reports/sla-targets/')) {
        targets.push(
          `${request.method} ${url.pathname} ${request.method === 'PUT' ? await request.text() : ''}`,
        );
        const queueId = Number(url.pathname.split('/').at(-1));
        if (request.method === 'PUT') {
          const { firstResponseMinutes } = (await request.json()) as {
            firstResponseMinutes: number;
          };
          target = firstResponseMinutes;
          return Response.json({ queueId, firstResponseMinutes, updatedAt: '' });
        }
        target = null;
        return Response.json({ queueId });
      }
      if (url.pathname === '/queue') return Response.json(queues);
      if (['/users/list', '/whatsapp', '/tags/list'].includes(url.pathname))
        return Response.json([]);
      return Response.json({ version: '1.0.0' });
    }),
  );
  return calls;
};

describe('reports page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the duration report of the month with its columns, count and pages', async () => {
    const calls = stub();
    await renderApp('/reports/duration', sessionUser({ profile: 'admin' }));
    const table = await screen.findByTestId('report-table');
    expect(within(table).getByText('Service (h:m)')).toBeTruthy();
    const cells = within(await screen.findByTestId('report-row')).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toContain('01:15');
    expect(screen.getByTestId('report-count').textContent).toBe('21 tickets');
    // the duration report shows the service metrics of the same filters, both clocks side by side
    const panel = await screen.findByTestId('service-metrics');
    const cellsOf = (key: string) =>
      within(within(panel).getByTestId(`metric-${key}`))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cellsOf('firstResponseMedian')).toEqual(['01:01', '00:31']);
    expect(cellsOf('nextResponseAvg')).toEqual(['00:45', '00:15']);
    expect(
      within(within(panel).getByTestId('distribution-business-hours')).getAllByTestId(
        'metrics-bucket',
      )[1]!.textContent,
    ).toContain('3 (75%)');
    expect(within(panel).getByTestId('metrics-hours-note').textContent).toContain(
      "20 by the company's, 1 without hours",
    );
    const first = calls.at(-1)!;
    expect(first.searchParams.get('kind')).toBe('duration');
    expect(first.searchParams.get('dateFrom')).toMatch(/-01$/);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(calls.at(-1)!.searchParams.get('pageNumber')).toBe('2'));
    // another report starts on its first page, its status in the app language
    fireEvent.click(screen.getByRole('tab', { name: 'Tickets' }));
    await vi.waitFor(() => expect(calls.at(-1)!.searchParams.get('kind')).toBe('tickets'));
    expect(calls.at(-1)!.searchParams.get('pageNumber')).toBe('1');
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect(await within(await screen.findByTestId('report-row')).findByText('Closed')).toBeTruthy();
  }, 60_000);

  it('shows — for a measure with nothing measured, and why the metrics are missing', async () => {
    stub();
    const inner = fetch;
    let fail = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname !== '/reports/metrics') return inner(input);
        if (fail) return Response.json({ error: 'ERR_INTERNAL' }, { status: 500 });
        const reply = metrics();
        reply.wallClock.nextResponse.count = 0;
        return Response.json(reply);
      }),
    );
    await renderApp('/reports/duration', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('metric-nextResponseAvg');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['—', '00:15']);
    fail = true;
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'open' } });
    // both panels say so (they read the same call), under their titles
    await vi.waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
        'Could not load the tickets information',
        'Could not load the tickets information',
      ]),
    );
  }, 60_000);

  it('shows the SLA panel of every queue and lets an admin set and remove a target', async () => {
    stub();
    target = 30;
    await renderApp('/reports/duration', sessionUser({ profile: 'admin' }));
    const panel = await screen.findByTestId('sla-panel');
    const rows = await within(panel).findAllByTestId('sla-row');
    // every queue, by name: Suporte has no target yet
    expect(rows.map((row) => row.getAttribute('data-queue-id'))).toEqual(['3', '2']);
    expect(rows[1]!.textContent).toContain('3 of 4 (75%)');
    expect(rows[1]!.textContent).toContain('4 of 4 (100%)');
    expect(rows[0]!.textContent).toContain('No target');
    expect(within(panel).getByTestId('sla-overall').textContent).toContain('3 of 4 (75%)');

    const suporte = within(panel).getByLabelText('First-response target of Suporte, in minutes');
    const save = within(panel).getByRole('button', { name: 'Save the target of Suporte' });
    fireEvent.change(suporte, { target: { value: '0' } });
    expect(suporte.getAttribute('aria-invalid')).toBe('true');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(suporte, { target: { value: '45' } });
    fireEvent.click(save);
    await vi.waitFor(() =>
      expect(targets).toContain('PUT /reports/sla-targets/3 {"firstResponseMinutes":45}'),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Remove the target of Vendas' }));
    await vi.waitFor(() => expect(targets).toContain('DELETE /reports/sla-targets/2 '));
    // the metrics are read again: Vendas has no target any more
    await vi.waitFor(() =>
      expect(within(panel).getAllByTestId('sla-row')[1]!.textContent).toContain('No target'),
    );
  }, 60_000);
});
