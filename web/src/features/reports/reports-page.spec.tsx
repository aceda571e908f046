import { fireEvent, screen, within } from '@testing-library/react';
import type { TicketReportPage } from '@sb/contracts';
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
};

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
      if (url.pathname === '/reports/metrics')
        return Response.json({
          tickets: 21,
          firstResponse: { count: 4, avgMinutes: 90, medianMinutes: 61 },
          resolution: { count: 2, avgMinutes: 125, medianMinutes: 125 },
          firstResponseDistribution: [
            { bucket: '0-1h', count: 1, percent: 25 },
            { bucket: '1-4h', count: 3, percent: 75 },
            { bucket: '4-8h', count: 0, percent: 0 },
            { bucket: '8-24h', count: 0, percent: 0 },
            { bucket: '24h+', count: 0, percent: 0 },
          ],
        });
      if (['/queue', '/users/list', '/whatsapp/', '/tags/list'].includes(url.pathname))
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
    // the duration report shows the service metrics of the same filters
    const metrics = await screen.findByTestId('service-metrics');
    expect(within(metrics).getByText('01:01')).toBeTruthy(); // median first response, 61 min
    expect(within(metrics).getAllByTestId('metrics-bucket')[1]!.textContent).toContain('3 (75%)');
    const first = calls.at(-1)!;
    expect(first.searchParams.get('kind')).toBe('duration');
    expect(first.searchParams.get('dateFrom')).toMatch(/-01$/);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(calls.at(-1)!.searchParams.get('pageNumber')).toBe('2'));
  }, 60_000);
});
