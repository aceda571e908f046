import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DashboardReply } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';

const reply: DashboardReply = {
  counters: {
    supportHappening: 2,
    supportPending: 1,
    supportFinished: 3,
    avgSupportTime: 75,
    avgWaitTime: 15.5,
    leads: 4,
    npsScore: 50,
    npsPromotersPerc: 75,
    npsPassivePerc: 0,
    npsDetractorsPerc: 25,
    tickets: 3,
    waitRating: 0,
    withRating: 2,
    withoutRating: 1,
    percRating: 67,
  },
  attendants: [
    {
      id: 5,
      name: 'Ana',
      rating: 9.5,
      countRating: 2,
      tickets: 3,
      avgWaitTime: 10,
      avgSupportTime: 61,
      online: true,
    },
    {
      id: 6,
      name: 'Bruno',
      rating: 0,
      countRating: 0,
      tickets: 0,
      avgWaitTime: 0,
      avgSupportTime: 0,
      online: false,
    },
  ],
};

const stub = () => {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(String(input));
      const url = new URL(request.url);
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/dashboard') return Response.json(reply);
      // a company 14 hours ahead of UTC: its today is rarely the browser's
      if (url.pathname === '/dashboard/time-zone')
        return Response.json({ timeZone: 'Pacific/Kiritimati' });
      if (url.pathname === '/dashboard/ticketsUsers')
        return Response.json({
          data: [
            { nome: 'Ana', quantidade: 3, userId: 5 },
            { nome: 'Bruno', quantidade: 0, userId: 6 },
          ],
        });
      if (url.pathname === '/dashboard/ticketsDay')
        return Response.json({ data: [{ data: '02/11/2026', total: 3 }], count: 3 });
      return Response.json({ version: '1.0.0' });
    }),
  );
  return { calls };
};

describe('dashboard page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the indicators from the first day of the month, the NPS split and the attendants', async () => {
    const { calls } = stub();
    await renderApp('/', sessionUser({ profile: 'admin' }));
    expect((await screen.findByTestId('card-wait')).textContent).toContain('00:15');
    expect(screen.getByTestId('card-support').textContent).toContain('01:15');
    expect(screen.getByTestId('card-happening').textContent).toContain('2');
    // the company's days, not the browser's
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(
      new Date(),
    );
    const first = `${today.slice(0, 8)}01`;
    expect(calls.find((c) => c.startsWith('/dashboard?'))).toContain(`date_from=${first}`);
    expect(await screen.findAllByTestId('chart-bar')).toHaveLength(3);
    // drill-down: each figure opens the tickets behind it
    const period = `dateFrom=${first}&dateTo=${today}`;
    expect(screen.getByTestId('card-finished').getAttribute('href')).toBe(
      `/reports/tickets?${period}&status=closed`,
    );
    expect(screen.getByTestId('card-pending').getAttribute('href')).toBe('/tickets?status=pending');
    expect(screen.getByRole('link', { name: /Ana/ }).getAttribute('href')).toBe(
      `/reports/tickets?${period}&userId=5&groups=false`,
    );

    fireEvent.click(screen.getByRole('tab', { name: 'NPS' }));
    expect((await screen.findByTestId('nps-score')).textContent).toBe('50');
    expect(screen.getByTestId('nps-promoters').textContent).toContain('75%');
    // each part of the split opens its own answers
    expect(screen.getByTestId('nps-detractors').getAttribute('href')).toBe(
      `/reports/nps?${period}&npsClass=detractor`,
    );
    expect(screen.getByTestId('nps-waiting').getAttribute('href')).toBe(
      `/reports/tickets?${period}&status=nps`,
    );
    // the NPS tickets figure counts closed tickets
    expect(screen.getByTestId('nps-tickets').getAttribute('href')).toBe(
      `/reports/tickets?${period}&status=closed`,
    );
    // every rating card says what it counts: the closed tickets, rated or not, and their share
    expect(screen.getByTestId('nps-tickets').textContent).toBe('Closed tickets3');
    expect(screen.getByTestId('nps-with').textContent).toBe('Closed tickets rated2');
    expect(screen.getByTestId('nps-without').textContent).toBe('Closed tickets not rated1');
    expect(screen.getByTestId('nps-perc').textContent).toBe('Share of closed tickets rated67%');
    expect(screen.getByText('NPS score (from −100 to 100)')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Attendants' }));
    const rows = await screen.findAllByTestId('attendant-row');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ana', '9.50', '2', '3', '00:10', '01:01', 'Online']);
    expect(within(rows[1]!).getByText('Offline')).toBeTruthy();
  });

  it('takes a single date as a filter and asks for one when none is set', async () => {
    const { calls } = stub();
    await renderApp('/', sessionUser({ profile: 'admin' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Filter' }));
    const panel = await screen.findByTestId('dashboard-filter');
    // an end date alone is a filter (spec 2 §4): the charts start on the first of its month
    fireEvent.change(within(panel).getByLabelText('Start date'), { target: { value: '' } });
    fireEvent.change(within(panel).getByLabelText('End date'), {
      target: { value: '2026-02-20' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('card-finished').getAttribute('href')).toBe(
        '/reports/tickets?dateFrom=2026-02-01&dateTo=2026-02-20&status=closed',
      ),
    );
    expect(calls.some((c) => c.startsWith('/dashboard?date_to=2026-02-20'))).toBe(true);
    fireEvent.change(within(panel).getByLabelText('End date'), { target: { value: '' } });
    expect(await screen.findByText('Please set the filter')).toBeTruthy();
  });

  it("shows the dashboard call's error and no figures", async () => {
    stub();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const request = input instanceof Request ? input : new Request(String(input));
        const url = new URL(request.url);
        if (url.pathname === '/dashboard')
          return Response.json({ error: 'ERR_VALIDATION', message: 'bad filter' }, { status: 400 });
        if (url.pathname === '/dashboard/time-zone') return Response.json({ timeZone: 'UTC' });
        if (url.pathname.startsWith('/dashboard/')) return Response.json({ data: [], count: 0 });
        return Response.json({ version: '1.0.0' });
      }),
    );
    await renderApp('/', sessionUser({ profile: 'admin' }));
    expect((await screen.findByTestId('dashboard-error')).textContent).toBeTruthy();
    expect(screen.getByTestId('card-happening').textContent).toContain('—');
    fireEvent.click(screen.getByRole('tab', { name: 'NPS' }));
    expect((await screen.findByTestId('nps-score')).textContent).toBe('—');
    expect(screen.getByTestId('nps-promoters').textContent).toContain('—');
  });
});
