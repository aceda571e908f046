import { screen, waitFor, within } from '@testing-library/react';
import type {
  CampaignRecord,
  CampaignReplySocketPayload,
  CampaignReport,
  CampaignShippingRecord,
} from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { fireSocket, forgetSocketListeners, socketListenerCount } from '../../test/fake-socket.js';
import { sessionUser } from '../../test/session-user.js';

vi.mock('../../api/socket.js', () => import('../../test/fake-socket.js'));

const at = new Date(2026, 4, 6, 7, 8, 9).toISOString();
const admin = () => sessionUser({ profile: 'admin', flags: { useCampaigns: true } });

const shipping = (id: number, extra: Partial<CampaignShippingRecord> = {}) => ({
  id,
  campaignId: 4,
  number: `55119000000${id}`,
  name: `Contact ${id}`,
  status: 'delivered' as const,
  message: 'Hi',
  confirmationMessage: null,
  whatsappId: 7,
  confirmationRequestedAt: null,
  confirmedAt: null,
  deliveredAt: at,
  failedAt: null,
  error: null,
  repliedAt: null,
  replyCount: 0,
  optedOutAt: null,
  ...extra,
});

const report = (campaign: Partial<CampaignRecord> = {}): CampaignReport => ({
  campaign: {
    id: 4,
    name: 'Launch',
    status: 'EM_ANDAMENTO',
    completedAt: null,
    templateName: null,
    templateLanguage: null,
    templateParameters: [],
    ...campaign,
  } as CampaignRecord,
  counters: {
    total: 3,
    sent: 2,
    delivered: 2,
    confirmationRequested: 0,
    confirmed: 0,
    failed: 0,
    pending: 0,
    optOuts: 1,
    replies: 1,
  },
  records: [
    shipping(1, { repliedAt: at, replyCount: 3 }),
    shipping(2, { status: 'failed', error: 'ERR_SENDING_WAPP_MSG: outside_24h_window' }),
    shipping(3, { status: 'opted_out', deliveredAt: null, optedOutAt: at }),
    shipping(4, { status: 'failed', error: 'ERR_SENDING_WAPP_MSG: outcome_unknown' }),
  ],
  hasMore: false,
});

const stub = (campaign: Partial<CampaignRecord> = {}) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname === '/companySettingOne') {
        return Response.json({ campaignsEnabled: 'enabled' });
      }
      if (url.pathname === '/campaigns/4/report') return Response.json(report(campaign));
      return Response.json({ version: '1.0.0' });
    }),
  );

const counter = (key: string) => screen.getByTestId(`counter-${key}`);

describe('campaign report: opt-outs and replies', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetSocketListeners();
    window.localStorage.removeItem('cshow');
  });

  it('shows the opt-out and reply counters, when each contact replied, and a skipped row', async () => {
    stub();
    window.localStorage.setItem('cshow', '1');
    await renderApp('/campaign/4/report', admin());
    const rows = await screen.findAllByTestId('shipping-row');
    expect(within(counter('optOuts')).getByText('Opt-outs')).toBeTruthy();
    expect(within(counter('optOuts')).getByText('1')).toBeTruthy();
    expect(within(counter('replies')).getByText('Replies')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Replied at' })).toBeTruthy();
    expect(within(rows[0]!).getByTestId('shipping-replied').textContent).toBe(
      '05/06/2026 07:08:09 AM (3)',
    );
    expect(within(rows[1]!).getByTestId('shipping-replied').textContent).toBe('—');
    // Meta's refusal, in the user's words
    expect(
      within(rows[1]!).getByText(
        'Sending the message failed. (the contact has not written in the last 24 hours)',
      ),
    ).toBeTruthy();
    expect(within(rows[2]!).getByText('Not sent: opted out')).toBeTruthy();
    // a send whose connector stopped mid-call, never sent twice
    expect(
      within(rows[3]!).getByText(
        'Sending the message failed. (a connector stopped while sending it: it may or may not have arrived, and is not sent again)',
      ),
    ).toBeTruthy();
  });

  it('says which template the campaign sent on Cloud API connections, and with which parameters', async () => {
    stub({
      templateName: 'order_update',
      templateLanguage: 'pt_BR',
      templateParameters: ['{firstName}', 'PED-{numero}'],
    });
    window.localStorage.setItem('cshow', '1');
    await renderApp('/campaign/4/report', admin());
    const template = await screen.findByTestId('campaign-report-template');
    expect(within(template).getByText('Template: order_update (pt_BR)')).toBeTruthy();
    expect(within(template).getByText('Parameters: {firstName} · PED-{numero}')).toBeTruthy();
  });

  it('shows no template line for a campaign without one', async () => {
    stub();
    window.localStorage.setItem('cshow', '1');
    await renderApp('/campaign/4/report', admin());
    await screen.findAllByTestId('shipping-row');
    expect(screen.queryByTestId('campaign-report-template')).toBeNull();
  });

  it("patches the counters and the row when a contact replies or opts out, other campaigns' not", async () => {
    stub();
    window.localStorage.setItem('cshow', '1');
    await renderApp('/campaign/4/report', admin());
    await screen.findAllByTestId('shipping-row');
    await waitFor(() => expect(socketListenerCount('company-2-campaignReply')).toBe(1));
    const event: CampaignReplySocketPayload = {
      campaignId: 4,
      shippingId: 2,
      status: 'delivered',
      repliedAt: at,
      replyCount: 1,
      optedOutAt: at,
      counters: { replies: 1, optOuts: 1 },
    };
    fireSocket('company-2-campaignReply', { ...event, campaignId: 5 });
    fireSocket('company-2-campaignReply', event);
    await waitFor(() => expect(within(counter('replies')).getByText('2')).toBeTruthy());
    expect(within(counter('optOuts')).getByText('2')).toBeTruthy();
    const rows = screen.getAllByTestId('shipping-row');
    expect(within(rows[1]!).getByTestId('shipping-replied').textContent).toBe(
      '05/06/2026 07:08:09 AM · opted out',
    );
  });
});
