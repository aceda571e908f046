import { screen, within } from '@testing-library/react';
import type { MomentTicket } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { sessionUser } from '../../test/session-user.js';
import { dayIn, shiftDay } from './report-days.js';

const ticket = (id: number, status: 'open' | 'pending', userId: number | null): MomentTicket => ({
  id,
  status,
  contactId: id,
  contact: { id, name: `Contact ${id}` },
  isGroup: false,
  queueId: null,
  queue: null,
  userId,
  user: userId ? { id: userId, name: userId === 7 ? 'Ana Souza' : 'Bruno', profile: null } : null,
  whatsappId: 1,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

/** The company's report zone the stub answers. */
let zone = 'America/Sao_Paulo';

const stub = () => {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(String(input));
      const url = new URL(request.url);
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/dashboard/moments')
        return Response.json(
          url.searchParams.get('status') === 'pending'
            ? [ticket(3, 'pending', null)]
            : [ticket(1, 'open', 7), ticket(2, 'open', 8)],
        );
      if (url.pathname === '/users/list')
        return Response.json([
          {
            id: 7,
            name: 'Ana Souza',
            profile: 'admin',
            online: true,
            profileImage: null,
            queueIds: [],
          },
          { id: 8, name: 'Bruno', profile: 'user', online: true, profileImage: null, queueIds: [] },
        ]);
      if (url.pathname === '/queue') return Response.json([]);
      if (url.pathname === '/dashboard/time-zone') return Response.json({ timeZone: zone });
      return Response.json({ version: '1.0.0' });
    }),
  );
  return { calls };
};

describe('Tempo Real page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows an admin the Pendentes card and one card per user, admins flagged', async () => {
    const { calls } = stub();
    await renderApp('/moments', sessionUser({ profile: 'admin' }));
    const pending = await screen.findByRole('article', { name: 'Pending' });
    // the card shows before the tickets arrive
    expect(await within(pending).findByText('Contact 3')).toBeTruthy();
    // the last change with its day, on the company's calendar (the list spans 30 days)
    const day = new Intl.DateTimeFormat('en', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: zone,
    }).format(new Date());
    expect(within(pending).getByTestId('moments-ticket').textContent).toMatch(
      new RegExp(`${day} \\d{2}:\\d{2}`),
    );
    const ana = await screen.findByRole('article', { name: 'Ana Souza' });
    expect(within(ana).getByText('Admin')).toBeTruthy();
    const bruno = screen.getByRole('article', { name: 'Bruno' });
    expect(within(bruno).queryByText('Admin')).toBeNull();
    expect(
      calls.some((c) => c.startsWith('/dashboard/moments?') && c.includes('status=open')),
    ).toBe(true);
  });

  it('shows a plain user only their own card, without Pendentes', async () => {
    const { calls } = stub();
    await renderApp('/moments', sessionUser());
    const own = await screen.findByRole('article', { name: 'Ana Souza' });
    expect(await within(own).findByText('Contact 1')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Pending' })).toBeNull();
    expect(screen.queryByRole('article', { name: 'Bruno' })).toBeNull();
    expect(calls.some((c) => c.includes('status=pending'))).toBe(false);
  });

  it("shows the last 30 days of the company's zone and leaves the default range to the server", async () => {
    const { calls } = stub();
    // eleven hours behind UTC: its day is not the browser's for half of every day
    zone = 'Pacific/Pago_Pago';
    try {
      await renderApp('/moments', sessionUser({ profile: 'admin' }));
      const end = screen.getByLabelText('End date') as HTMLInputElement;
      await vi.waitFor(() => expect(end.value).toBe(dayIn(zone, Date.now())));
      const start = screen.getByLabelText('Start date') as HTMLInputElement;
      expect(start.value).toBe(shiftDay(end.value, -29));
      const asked = calls.filter((c) => c.startsWith('/dashboard/moments'));
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.every((c) => !c.includes('dateStart') && !c.includes('dateEnd'))).toBe(true);
    } finally {
      zone = 'America/Sao_Paulo';
    }
  });
});
