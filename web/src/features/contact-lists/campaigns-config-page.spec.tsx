import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  campaignSettingsRows,
  defaultCampaignSettings,
  type CampaignSettingsValues,
  type OptOutRecord,
} from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { forgetSocketListeners } from '../../test/fake-socket.js';
import { sessionUser } from '../../test/session-user.js';
import { readRequest } from '../../test/fake-fetch.js';

vi.mock('../../api/socket.js', () => import('../../test/fake-socket.js'));

const admin = () => sessionUser({ profile: 'admin', flags: { useCampaigns: true } });

const stub = (stored: CampaignSettingsValues, optOuts: OptOutRecord[] = []) => {
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { request, body } = await readRequest(input);
      const url = new URL(request.url);
      if (url.pathname === '/companySettingOne') {
        return Response.json({ campaignsEnabled: 'enabled' });
      }
      if (url.pathname === '/campaign-settings' && request.method === 'POST') {
        saved.push(body);
        return Response.json(
          campaignSettingsRows((body as { settings: CampaignSettingsValues }).settings),
        );
      }
      if (url.pathname === '/campaign-settings') return Response.json(campaignSettingsRows(stored));
      if (url.pathname.startsWith('/campaign-opt-outs/') && request.method === 'DELETE') {
        saved.push({ removed: decodeURIComponent(url.pathname.split('/').pop()!) });
        return Response.json({ number: url.pathname.split('/').pop() });
      }
      if (url.pathname === '/campaign-opt-outs') {
        const digits = url.searchParams.get('searchParam') ?? '';
        return Response.json({
          records: optOuts.filter((o) => o.number.includes(digits)),
          hasMore: false,
        });
      }
      return Response.json({ version: '1.0.0' });
    }),
  );
  return saved;
};

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const hours = () => screen.getByRole('spinbutton', { name: 'Reply window (hours)' });

describe('campaigns settings page: opt-out words and reply window', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetSocketListeners();
    window.localStorage.removeItem('cshow');
  });

  it('shows the stored words and window, and saves them with the rest as a whole', async () => {
    const saved = stub(defaultCampaignSettings());
    window.localStorage.setItem('cshow', '1');
    await renderApp('/campaigns-config', admin());
    await screen.findByText('Opt-out words');
    expect(field('Opt-out words').value).toBe('SAIR, PARAR, STOP');
    expect((hours() as HTMLInputElement).value).toBe('24');

    fireEvent.change(field('Opt-out words'), { target: { value: 'SAIR, cancelar ,, ' } });
    fireEvent.change(hours(), { target: { value: '48' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 2000 });
    expect(saved[0]).toEqual({
      settings: {
        ...defaultCampaignSettings(),
        optOutWords: ['SAIR', 'cancelar'],
        replyWindowHours: 48,
      },
    });
  });

  it('refuses a reply window out of range, saying what it takes', async () => {
    const saved = stub(defaultCampaignSettings());
    window.localStorage.setItem('cshow', '1');
    await renderApp('/campaigns-config', admin());
    await screen.findByText('Opt-out words');
    fireEvent.change(hours(), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A whole number of hours from 1 to 720.')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('lists the opted-out numbers, searches them by digits and removes one', async () => {
    const optOut = (number: string, campaignName: string | null): OptOutRecord => ({
      number,
      optedOutAt: '2026-11-20T15:00:00.000Z',
      campaignId: campaignName ? 4 : null,
      campaignName,
    });
    const saved = stub(defaultCampaignSettings(), [
      optOut('5511977770009', 'Black Friday'),
      optOut('5521966660001', null),
    ]);
    window.localStorage.setItem('cshow', '1');
    await renderApp('/campaigns-config', admin());
    await screen.findByRole('heading', { name: 'Opted-out numbers' });
    await waitFor(() => expect(screen.getAllByTestId('opt-out-row')).toHaveLength(2));
    expect(screen.getByText('Black Friday')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search by number' }), {
      target: { value: '+55 21' },
    });
    await waitFor(() => expect(screen.getAllByTestId('opt-out-row')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Remove the opt-out of 5521966660001' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(saved).toEqual([{ removed: '5521966660001' }]));
    await waitFor(() => expect(screen.queryAllByTestId('opt-out-row')).toHaveLength(0));
    expect(screen.getByText('No number has opted out.')).toBeTruthy();
  });
});
