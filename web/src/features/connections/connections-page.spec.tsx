import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConnectionRecord } from '@sb/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.js';
import { failedTabOf, fieldErrorsOf, importWindowError } from './connection-form.js';
import { newConnectionEntries } from './connections-page.js';
import { importPercent } from './connections.api.js';
import { importStateOf } from './import-status.js';
import { sessionUser } from '../../test/session-user.js';
import { stubFetch, type FetchCall } from '../../test/fake-fetch.js';

vi.mock('../../api/socket.js', async () =>
  (await import('../../test/socket-mock.js')).socketModule({
    connectSocket: () => ({ on: vi.fn(), off: vi.fn(), emit: vi.fn() }),
    disconnectSocket: vi.fn(),
    currentSocket: () => null,
  }),
);

// jsdom has no CSS.escape; the focus trap of a dialog opened from a menu uses it.
if (!(globalThis as { CSS?: { escape?: unknown } }).CSS?.escape) {
  (globalThis as { CSS?: unknown }).CSS = {
    ...((globalThis as { CSS?: object }).CSS ?? {}),
    escape: (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (char) => `\\${char}`),
  };
}

const connection = (
  id: number,
  name: string,
  status: ConnectionRecord['status'],
  extra: Partial<ConnectionRecord> = {},
): ConnectionRecord =>
  ({
    id,
    companyId: 2,
    name,
    number: null,
    channel: 'whatsapp',
    status,
    isDefault: id === 1,
    qrcode: status === 'qrcode' ? '2@pairing-code' : null,
    retries: 0,
    updatedAt: new Date().toISOString(),
    queueIds: [],
    schedules: [],
    statusImportMessages: null,
    ...extra,
  }) as ConnectionRecord;

/** The session user of a company whose schedule type is per connection (the schedules tab shows). */
const perConnectionSchedules = () =>
  sessionUser({
    profile: 'admin',
    company: { companieSettings: [{ key: 'scheduleType', value: 'connection' }] },
  } as Parameters<typeof sessionUser>[0]);

const tabNames = (modal: HTMLElement) =>
  within(modal)
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

const selectedTab = (modal: HTMLElement) =>
  within(modal)
    .getAllByRole('tab')
    .find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;

/** The company's queue integrations, 20 a page (the second page here holds one), and its prompts. */
const integrationPages = [
  Array.from({ length: 20 }, (_, i) => ({ id: 100 + i, name: `Flow ${i + 1}`, type: 'n8n' })),
  [{ id: 5, name: 'Sales Typebot', type: 'typebot' }],
];
const prompts = [{ id: 8, name: 'Support AI', queueId: null, queue: null }];

/** Whether the company shows the campaign pages (its campaignsEnabled setting). */
let campaignsShown = false;

const stub = (
  connections: ConnectionRecord[],
  saveAnswer?: () => Response,
  queues: { id: number; name: string }[] = [],
) => {
  const calls: FetchCall[] = [];
  stubFetch(calls, (request) => {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/whatsapp') && request.method === 'GET') {
      return Response.json(connections);
    }
    if (path === '/queue') return Response.json(queues.map((q) => ({ ...q, color: '#333' })));
    if (path === '/queueIntegration') {
      const page = Number(new URL(request.url).searchParams.get('pageNumber'));
      return Response.json({
        queueIntegrations: integrationPages[page - 1] ?? [],
        count: 21,
        hasMore: page < integrationPages.length,
      });
    }
    if (path === '/prompt') return Response.json({ prompts });
    if (path === '/companySettingOne') {
      return Response.json({ campaignsEnabled: campaignsShown ? 'enabled' : '' });
    }
    if (saveAnswer && path.startsWith('/whatsapp') && ['POST', 'PUT'].includes(request.method)) {
      return saveAnswer();
    }
    if (path === '/whatsapp' && request.method === 'POST') {
      return Response.json(connection(9, 'New', 'OPENING'), { status: 201 });
    }
    if (path === '/facebook') {
      return Response.json({ connections: [connection(10, 'Page', 'CONNECTED')] });
    }
    if (path.endsWith('/media-upload') && request.method === 'POST') {
      return Response.json(
        connection(1, 'Main', 'CONNECTED', {
          greetingMediaAttachment: '2/connections/hello.png',
        }),
      );
    }
    if (request.method !== 'GET') return Response.json({ message: 'ok' });
    return Response.json({ version: '1.0.0' });
  });
  return calls;
};

describe('connections page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    campaignsShown = false;
  });

  it("edits the number's campaign limits while campaigns are shown", async () => {
    campaignsShown = true;
    const calls = stub([connection(1, 'Main', 'CONNECTED')]);
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('connection-row');
    fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
    const modal = await screen.findByTestId('connection-modal');
    fireEvent.click(await within(modal).findByRole('tab', { name: 'Campaigns' }));
    // off until set: no window, no cap, and the warm-up needs a cap
    expect(await within(modal).findByRole('spinbutton', { name: 'Daily cap' })).toBeTruthy();
    expect(within(modal).queryByRole('checkbox', { name: 'Monday' })).toBeNull();
    expect(within(modal).getByRole('spinbutton', { name: 'Warm-up days' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(modal).getByRole('checkbox', { name: 'Send only within a window' }));
    const saturday = await within(modal).findByRole('checkbox', { name: 'Saturday' });
    fireEvent.click(saturday);
    await waitFor(() => expect(saturday).toHaveProperty('checked', true));
    fireEvent.click(within(modal).getByRole('button', { name: 'Remove the period 13:00–18:00' }));
    fireEvent.change(within(modal).getByRole('spinbutton', { name: 'Daily cap' }), {
      target: { value: '300' },
    });
    fireEvent.change(within(modal).getByRole('spinbutton', { name: 'Warm-up days' }), {
      target: { value: '5' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    expect(
      (calls.find((c) => c.method === 'PUT')!.body as { sendLimits: unknown }).sendLimits,
    ).toEqual({
      days: [1, 2, 3, 4, 5, 6],
      periods: [{ start: '08:00', end: '12:00' }],
      dailyCap: 300,
      warmUpDays: 5,
    });
  });

  it('shows each status with its session buttons and the QR dialog', async () => {
    const calls = stub([
      connection(1, 'Main', 'CONNECTED'),
      connection(2, 'Pairing', 'qrcode'),
      connection(3, 'Lost', 'DISCONNECTED'),
    ]);
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    expect(await screen.findAllByTestId('connection-row')).toHaveLength(3);
    expect(screen.getByText('Connected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New QR code' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/whatsappsession/3'))).toBe(
        true,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'QR code' }));
    const dialog = await screen.findByTestId('qr-dialog');
    expect(within(dialog).getByRole('img')).toBeTruthy();
  });

  it('shows the drawer error badge 2 s after the list changes, not before', async () => {
    stub([connection(1, 'Main', 'CONNECTED'), connection(3, 'Lost', 'DISCONNECTED')]);
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    await screen.findAllByTestId('connection-row');
    const shown = Date.now();
    expect(screen.queryByRole('img', { name: 'A connection needs attention' })).toBeNull();
    await screen.findByRole('img', { name: 'A connection needs attention' }, { timeout: 5000 });
    expect(Date.now() - shown).toBeGreaterThanOrEqual(1500);
  });

  it('shows a connecting session as a disabled button with a spinner', async () => {
    stub([connection(1, 'Main', 'OPENING')]);
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('connection-row');
    const button = within(row).getByRole('button', { name: /Connecting/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('creates a Cloud API connection with its secrets', async () => {
    const calls = stub([connection(1, 'Main', 'CONNECTED')]);
    await renderApp(
      '/connections',
      sessionUser({ profile: 'admin', flags: { useWhatsapp: true } }),
    );
    await screen.findAllByTestId('connection-row');
    fireEvent.click(screen.getByTestId('new-connection'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'WhatsApp Cloud API' }));
    const modal = await screen.findByTestId('connection-modal');
    // the company has no queue yet: the dialog leads there, so customers will get the menu
    const hint = within(modal).getByTestId('connection-queues-hint');
    expect(hint.textContent).toMatch(/^No queue yet: create queues/);
    expect(within(hint).getByRole('link', { name: 'Queues' }).getAttribute('href')).toBe('/queues');
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Cloud' },
    });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Phone number ID' }), {
      target: { value: '555' },
    });
    fireEvent.change(within(modal).getByLabelText('Access token'), {
      target: { value: 'token' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Cloud',
      channel: 'whatsappapi',
      credentials: { phoneNumberId: '555', accessToken: 'token' },
    });
  });

  it('opens the dialog of the connection named by ?edit=, as the /tickets first steps link', async () => {
    stub([connection(1, 'Main', 'CONNECTED'), connection(2, 'Second', 'CONNECTED')]);
    await renderApp('/connections?edit=2', sessionUser({ profile: 'admin' }));
    const modal = await screen.findByTestId('connection-modal');
    expect((within(modal).getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe(
      'Second',
    );
  });

  it('loads the saved Cloud API ids into the edit dialog and asks a token only to change them', async () => {
    const calls = stub([
      connection(1, 'Cloud', 'CONNECTED', {
        channel: 'whatsappapi',
        cloudApi: { phoneNumberId: '555', businessAccountId: '777' },
      }),
    ]);
    await renderApp(
      '/connections',
      sessionUser({ profile: 'admin', flags: { useWhatsapp: true } }),
    );
    const row = await screen.findByTestId('connection-row');
    fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
    const modal = await screen.findByTestId('connection-modal');
    const phone = within(modal).getByRole('textbox', {
      name: 'Phone number ID',
    }) as HTMLInputElement;
    expect(phone.value).toBe('555');
    expect(
      (within(modal).getByRole('textbox', { name: 'Business account ID' }) as HTMLInputElement)
        .value,
    ).toBe('777');
    expect(within(modal).getByText('Leave blank to keep the saved token.')).toBeTruthy();

    fireEvent.change(phone, { target: { value: '556' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(
      await within(modal).findByText('Enter the access token to save the new ids.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(modal).getByLabelText('Access token'), { target: { value: 'new' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      credentials: { phoneNumberId: '556', accessToken: 'new', businessAccountId: '777' },
    });
  });

  it('shows the channels the plan lacks disabled, and posts the pasted user token', async () => {
    const calls = stub([connection(1, 'Main', 'CONNECTED')]);
    await renderApp(
      '/connections',
      sessionUser({ profile: 'admin', flags: { useWhatsapp: false, useInstagram: true } }),
    );
    await screen.findAllByTestId('connection-row');
    fireEvent.click(screen.getByTestId('new-connection'));
    expect(await screen.findByRole('menuitem', { name: 'Instagram' })).toBeTruthy();
    const lacking = ['WhatsApp', 'WhatsApp Cloud API', 'Facebook'].map((name) =>
      screen.getByRole('menuitem', { name: `${name} Not in your plan` }),
    );
    for (const item of lacking) expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(
      screen.getByRole('menuitem', { name: 'Instagram' }).getAttribute('aria-disabled'),
    ).toBeNull();
    fireEvent.click(lacking[2]!);
    expect(screen.queryByTestId('facebook-connect-dialog')).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Instagram' }));
    const dialog = await screen.findByTestId('facebook-connect-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(calls.some((c) => c.url.endsWith('/facebook'))).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Facebook user ID' }), {
      target: { value: '1234' },
    });
    fireEvent.change(within(dialog).getByLabelText('User access token'), {
      target: { value: 'EAAB' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/facebook'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/facebook'))!.body).toEqual({
      facebookUserId: '1234',
      facebookUserToken: 'EAAB',
      addInstagram: true,
    });
  });

  it('restarts all connections and closes the imported tickets', async () => {
    const calls = stub([
      connection(1, 'Main', 'CONNECTED', { statusImportMessages: 'renderButtonCloseTickets' }),
      connection(2, 'Fresh', 'CONNECTED', { statusImportMessages: String(Date.now()) }),
    ]);
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    const [main, fresh] = await screen.findAllByTestId('connection-row');
    // no import column: the import state shows in the status cell (4th), under the status
    const statusCell = (row: HTMLElement) => within(row).getAllByRole('cell')[3]!;
    expect(within(statusCell(main!)).getByText('Connected')).toBeTruthy();
    expect(
      within(statusCell(main!)).getByRole('button', { name: 'Close imported tickets' }),
    ).toBeTruthy();
    expect(
      (
        within(statusCell(fresh!)).getByRole('button', {
          name: /Preparing import/,
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close imported tickets' }));
    fireEvent.click(screen.getByRole('button', { name: 'Restart connections' }));
    await waitFor(() => {
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/closedimported/1'))).toBe(
        true,
      );
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/whatsapp-restart'))).toBe(
        true,
      );
    });
  });

  it('shows the columns and the dialog tabs of spec 2 §2, in order', async () => {
    stub([
      connection(1, 'Main', 'CONNECTED', { statusImportMessages: 'renderButtonCloseTickets' }),
    ]);
    await renderApp('/connections', perConnectionSchedules());
    const row = await screen.findByTestId('connection-row');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Channel',
      'Name',
      'Number',
      'Status',
      'Session',
      'Last update',
      'Default',
      'Actions',
    ]);
    expect(within(row).getAllByRole('cell')).toHaveLength(8);
    fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
    const modal = await screen.findByTestId('connection-modal');
    expect(tabNames(modal)).toEqual([
      'General',
      'Integrations',
      'Messages',
      'Chatbot',
      'Assessments',
      'Schedules',
    ]);
    expect(selectedTab(modal)).toBe('General');
    fireEvent.click(within(modal).getByRole('tab', { name: 'Chatbot' }));
    expect(
      await within(modal).findByRole('spinbutton', { name: 'Bot attempts before giving up' }),
    ).toBeTruthy();
    fireEvent.click(within(modal).getByRole('tab', { name: 'Assessments' }));
    expect(await within(modal).findByRole('textbox', { name: 'Rating message' })).toBeTruthy();
    fireEvent.click(within(modal).getByRole('tab', { name: 'Messages' }));
    expect(await within(modal).findByRole('textbox', { name: 'Greeting message' })).toBeTruthy();
    expect(within(modal).queryByRole('textbox', { name: 'Rating message' })).toBeNull();
  });

  it('edits the import window, the schedules of a connection and its greeting media', async () => {
    const calls = stub([connection(1, 'Main', 'CONNECTED')]);
    await renderApp('/connections', perConnectionSchedules());
    const row = await screen.findByTestId('connection-row');
    fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
    const modal = await screen.findByTestId('connection-modal');
    // the import options are a section of the general tab
    expect(within(modal).getByRole('heading', { name: 'Message history import' })).toBeTruthy();
    const importFrom = within(modal).getByLabelText('Import from');
    fireEvent.change(importFrom, { target: { value: '2001-01-01' } });
    fireEvent.click(within(modal).getByRole('tab', { name: 'Schedules' }));
    fireEvent.change(within(modal).getByLabelText('Monday Opens'), {
      target: { value: '08:00' },
    });
    fireEvent.click(within(modal).getByRole('tab', { name: 'Messages' }));
    const file = new File([new Uint8Array([1, 2, 3])], 'hello.png', { type: 'image/png' });
    fireEvent.change(within(modal).getByLabelText('Greeting media'), {
      target: { files: [file] },
    });
    await waitFor(() =>
      expect(within(modal).getByTestId('greeting-media').textContent).toBe('hello.png'),
    );
    // a date out of the window, saved from another tab: back to the general tab, on the field
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(selectedTab(modal)).toBe('General'));
    await waitFor(() => expect(document.activeElement).toBe(importFrom));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(importFrom, { target: { value: '' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    const body = calls.find((c) => c.method === 'PUT')!.body as {
      schedules: { weekdayEn: string; startTimeA: string }[];
      importOldMessages: string | null;
    };
    expect(body.schedules.find((s) => s.weekdayEn === 'monday')?.startTimeA).toBe('08:00');
    expect(body.importOldMessages).toBeNull();
  });

  it('leads a refused save to the tab of the field at fault', async () => {
    const calls = stub([connection(1, 'Main', 'CONNECTED')], () =>
      Response.json(
        { error: 'ERR_WAPP_GREETING_REQUIRED', message: 'greeting required' },
        { status: 400 },
      ),
    );
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('connection-row');
    fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
    const modal = await screen.findByTestId('connection-modal');
    // no per-connection schedules: five tabs
    expect(tabNames(modal)).toEqual([
      'General',
      'Integrations',
      'Messages',
      'Chatbot',
      'Assessments',
    ]);
    fireEvent.click(within(modal).getByRole('tab', { name: 'Chatbot' }));
    await waitFor(() => expect(selectedTab(modal)).toBe('Chatbot'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(selectedTab(modal)).toBe('Messages'), { timeout: 2000 });
    expect(calls.some((c) => c.method === 'PUT')).toBe(true);
    // a name too short, typed and saved from the chatbot tab
    fireEvent.click(within(modal).getByRole('tab', { name: 'General' }));
    fireEvent.change(await within(modal).findByRole('textbox', { name: 'Name' }), {
      target: { value: 'M' },
    });
    fireEvent.click(within(modal).getByRole('tab', { name: 'Chatbot' }));
    await waitFor(() => expect(selectedTab(modal)).toBe('Chatbot'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Between 2 and 50 characters')).toBeTruthy();
    await waitFor(() => expect(selectedTab(modal)).toBe('General'));
    expect(document.activeElement).toBe(within(modal).getByRole('textbox', { name: 'Name' }));
  });

  it('edits the group, chatbot and assessment fields in their tabs and saves them', async () => {
    const calls = stub([connection(1, 'Main', 'CONNECTED')], undefined, [
      { id: 4, name: 'Sales' },
      { id: 5, name: 'Support' },
    ]);
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('connection-row');
    fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
    const modal = await screen.findByTestId('connection-modal');
    // group tickets only mean something with groups allowed
    const groups = within(modal).getByRole('combobox', {
      name: 'Group conversations',
    }) as HTMLSelectElement;
    expect(groups.disabled).toBe(true);
    expect(groups.value).toBe('disabled');
    fireEvent.click(within(modal).getByLabelText('Allow groups'));
    await waitFor(() => expect(groups.disabled).toBe(false));
    fireEvent.change(groups, { target: { value: 'enabled' } });

    fireEvent.click(within(modal).getByRole('tab', { name: 'Chatbot' }));
    const queue = (await within(modal).findByRole('combobox', {
      name: 'Queue to send to',
    })) as HTMLSelectElement;
    await waitFor(() =>
      expect(Array.from(queue.options).map((o) => o.text)).toEqual(['None', 'Sales', 'Support']),
    );
    expect(queue.value).toBe('');
    fireEvent.change(queue, { target: { value: '5' } });
    const number = (name: string) =>
      within(modal).getByRole('spinbutton', { name }) as HTMLInputElement;
    // time to queue: the spec's choices only
    const toQueue = within(modal).getByRole('combobox', {
      name: 'Send to queue after (minutes)',
    }) as HTMLSelectElement;
    expect(Array.from(toQueue.options).map((o) => [o.value, o.text])).toEqual([
      ['0', 'Never'],
      ...[5, 10, 15, 20, 25, 30, 60].map((m) => [String(m), `${m} min`]),
    ]);
    fireEvent.change(toQueue, { target: { value: '10' } });
    fireEvent.change(number('Close idle tickets after (minutes)'), { target: { value: '120' } });
    const whose = within(modal).getByRole('combobox', {
      name: 'Close only when the last message is from',
    }) as HTMLSelectElement;
    expect(Array.from(whose.options).map((o) => [o.value, o.text])).toEqual([
      ['0', 'The contact'],
      ['1', 'The agent'],
    ]);
    fireEvent.change(whose, { target: { value: '1' } });
    fireEvent.change(number('Inactivity message after (minutes)'), { target: { value: '30' } });
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Inactivity message' }), {
      target: { value: 'Still there?' },
    });
    fireEvent.change(
      within(modal).getByRole('textbox', { name: 'Closing message for idle tickets' }),
      { target: { value: 'Closed for inactivity' } },
    );
    // whole minutes between 0 and the contract's maximum
    const reopen = number('Reopen a recent ticket within (minutes)');
    fireEvent.change(reopen, { target: { value: '-5' } });
    expect(reopen.value).toBe('0');
    fireEvent.change(reopen, { target: { value: '2000000' } });
    expect(reopen.value).toBe('1000000');
    fireEvent.change(reopen, { target: { value: '15' } });

    fireEvent.click(within(modal).getByRole('tab', { name: 'Assessments' }));
    const attempts = (await within(modal).findByRole('spinbutton', {
      name: 'Rating attempts',
    })) as HTMLInputElement;
    expect(attempts.value).toBe('3');
    fireEvent.change(attempts, { target: { value: '5' } });
    fireEvent.change(number('Close unanswered ratings after (minutes)'), {
      target: { value: '60' },
    });

    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      allowGroup: true,
      groupAsTicket: 'enabled',
      sendIdQueue: 5,
      timeSendQueue: 10,
      expiresTicket: 120,
      whenExpiresTicket: '1',
      timeInactiveMessage: 30,
      inactiveMessage: 'Still there?',
      expiresInactiveMessage: 'Closed for inactivity',
      timeCreateNewTicket: 15,
      maxUseBotQueuesNPS: 5,
      expiresTicketNPS: 60,
    });
  });

  it('saves a renamed connection with every other value as it was', async () => {
    const edited = {
      greetingMessage: 'Pick a queue',
      complationMessage: 'Bye',
      outOfHoursMessage: 'Closed',
      ratingMessage: 'Rate us from 0 to 10',
      token: 'a'.repeat(32),
      maxUseBotQueues: 5,
      timeUseBotQueues: 2,
      expiresTicket: 60,
      expiresTicketNPS: 30,
      whenExpiresTicket: '1',
      expiresInactiveMessage: 'Closed for inactivity',
      timeInactiveMessage: 10,
      inactiveMessage: 'Still there?',
      maxUseBotQueuesNPS: 4,
      timeSendQueue: 15,
      // a queue deleted since: still offered, and kept
      sendIdQueue: 9,
      timeCreateNewTicket: 20,
      allowGroup: true,
      groupAsTicket: 'enabled',
      importOldMessagesGroups: true,
      closedTicketsPostImported: true,
      queueIds: [4],
    } as const;
    const calls = stub(
      [
        connection(1, 'Main', 'CONNECTED', {
          ...edited,
          queueIds: [4],
          provider: 'stable',
          integrationId: 7,
          promptId: 8,
        }),
      ],
      undefined,
      [{ id: 4, name: 'Sales' }],
    );
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('connection-row');
    fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
    const modal = await screen.findByTestId('connection-modal');
    fireEvent.change(within(modal).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Renamed' },
    });
    fireEvent.click(within(modal).getByRole('tab', { name: 'Chatbot' }));
    const queue = (await within(modal).findByRole('combobox', {
      name: 'Queue to send to',
    })) as HTMLSelectElement;
    await waitFor(() => expect(queue.selectedOptions[0]?.text).toBe('Queue #9'));
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Renamed', ...edited });
    // what the dialog does not edit (nor the links a plan without useIntegration/useOpenAi hides) is
    // left out, so the server keeps it (never nulled)
    for (const kept of ['integrationId', 'promptId', 'provider', 'channel']) {
      expect(body).not.toHaveProperty(kept);
    }
  });

  it('links an integration (from any page) and a prompt on a plan with both, and saves them', async () => {
    const calls = stub([
      connection(1, 'Main', 'CONNECTED', { integrationId: null, promptId: null }),
    ]);
    await renderApp(
      '/connections',
      sessionUser({ profile: 'admin', flags: { useIntegration: true, useOpenAi: true } }),
    );
    const row = await screen.findByTestId('connection-row');
    fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
    const modal = await screen.findByTestId('connection-modal');
    fireEvent.click(within(modal).getByRole('tab', { name: 'Integrations' }));
    const integration = (await within(modal).findByRole('combobox', {
      name: 'Integration',
    })) as HTMLSelectElement;
    // every page of the list is offered, after the "none" choice
    await waitFor(() => expect(integration.options).toHaveLength(22));
    expect(integration.options[0]!.text).toBe('None');
    expect(integration.value).toBe('');
    fireEvent.change(integration, { target: { value: '5' } });
    expect(integration.selectedOptions[0]!.text).toBe('Sales Typebot');
    const prompt = within(modal).getByRole('combobox', { name: 'AI prompt' }) as HTMLSelectElement;
    await waitFor(() => expect(prompt.options).toHaveLength(2));
    fireEvent.change(prompt, { target: { value: '8' } });
    // both may be set; the helper text says which one answers
    expect(
      within(modal).getByText(/the integration answers and the prompt is not used/),
    ).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      name: 'Main',
      integrationId: 5,
      promptId: 8,
    });
  });

  it('offers only the links of the plan and clears a prompt with "None"', async () => {
    const calls = stub([connection(1, 'Main', 'CONNECTED', { integrationId: 7, promptId: 8 })]);
    await renderApp('/connections', sessionUser({ profile: 'admin', flags: { useOpenAi: true } }));
    const row = await screen.findByTestId('connection-row');
    fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
    const modal = await screen.findByTestId('connection-modal');
    fireEvent.click(within(modal).getByRole('tab', { name: 'Integrations' }));
    const prompt = (await within(modal).findByRole('combobox', {
      name: 'AI prompt',
    })) as HTMLSelectElement;
    await waitFor(() => expect(prompt.selectedOptions[0]!.text).toBe('Support AI'));
    expect(within(modal).queryByRole('combobox', { name: 'Integration' })).toBeNull();
    fireEvent.change(prompt, { target: { value: '' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body.promptId).toBeNull();
    // the integration the plan does not offer is neither asked for nor sent: the server keeps it
    expect(body).not.toHaveProperty('integrationId');
    expect(calls.some((c) => c.url.includes('/queueIntegration'))).toBe(false);
  });

  it('says so when the plan has neither integrations nor prompts', async () => {
    const calls = stub([connection(1, 'Main', 'CONNECTED')]);
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('connection-row');
    fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
    const modal = await screen.findByTestId('connection-modal');
    fireEvent.click(within(modal).getByRole('tab', { name: 'Integrations' }));
    expect(
      await within(modal).findByText('Your plan includes neither integrations nor AI prompts.'),
    ).toBeTruthy();
    expect(within(modal).queryByRole('combobox', { name: 'AI prompt' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/prompt'))).toBe(false);
  });

  it('shows the message of a refused field under it, in its tab', async () => {
    stub([connection(1, 'Main', 'CONNECTED')], () =>
      Response.json(
        {
          error: 'ERR_VALIDATION',
          message: 'invalid',
          fields: { expiresTicketNPS: ['Too big: expected number to be <=1000000'] },
        },
        { status: 400 },
      ),
    );
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('connection-row');
    fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
    const modal = await screen.findByTestId('connection-modal');
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(selectedTab(modal)).toBe('Assessments'), { timeout: 2000 });
    expect(await within(modal).findByText('Too big: expected number to be <=1000000')).toBeTruthy();
  });

  it('generates an API token for the connection and saves it', async () => {
    const calls = stub([connection(1, 'Main', 'CONNECTED')]);
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    const row = await screen.findByTestId('connection-row');
    fireEvent.click(within(row).getByRole('button', { name: /edit/i }));
    const modal = await screen.findByTestId('connection-modal');
    fireEvent.click(within(modal).getByRole('button', { name: 'Generate' }));
    const token = (within(modal).getByLabelText('API token') as HTMLInputElement).value;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), {
      timeout: 2000,
    });
    expect((calls.find((c) => c.method === 'PUT')!.body as { token: string }).token).toBe(token);
  });
});

describe('connection rules on the web side', () => {
  const now = new Date('2026-06-15T12:00:00Z');

  it('keeps the import window inside the last 2 years, recent not before old', () => {
    expect(importWindowError('', '', now)).toBeNull();
    expect(importWindowError('2025-01-01', '2026-06-01', now)).toBeNull();
    expect(importWindowError('2024-06-01', '', now)).toBe('importOldMessages');
    expect(importWindowError('', '2026-07-01', now)).toBe('importRecentMessages');
    expect(importWindowError('2026-03-01', '2026-01-01', now)).toBe('importRecentMessages');
  });

  it('reads the import status and its progress', () => {
    const t = now.getTime();
    expect(importStateOf(null, t)).toBe('none');
    expect(importStateOf('renderButtonCloseTickets', t)).toBe('closeTickets');
    expect(importStateOf(String(t - 10_000), t)).toBe('preparing');
    expect(importStateOf(String(t - 40_000), t)).toBe('running');
    expect(importStateOf('Running', t)).toBe('running');
    expect(importPercent({ this: 5, all: 20 })).toBe(25);
    expect(importPercent({ this: 0, all: 0 })).toBeNull();
  });

  it('finds the tab of the field a refused save names', () => {
    const refused = (data: unknown) => ({ status: 400, data });
    expect(failedTabOf(refused({ error: 'ERR_WAPP_GREETING_REQUIRED' }))).toBe('messages');
    expect(
      failedTabOf(refused({ error: 'ERR_VALIDATION', fields: { importOldMessages: ['x'] } })),
    ).toBe('general');
    expect(
      failedTabOf(
        refused({ error: 'ERR_VALIDATION', fields: { 'credentials.accessToken': ['x'] } }),
      ),
    ).toBe('general');
    expect(
      failedTabOf(refused({ error: 'ERR_VALIDATION', fields: { ratingMessage: ['x'] } })),
    ).toBe('assessments');
    expect(
      failedTabOf(refused({ error: 'ERR_VALIDATION', fields: { timeSendQueue: ['x'] } })),
    ).toBe('chatbot');
    expect(failedTabOf(refused({ error: 'ERR_VALIDATION', fields: { sendIdQueue: ['x'] } }))).toBe(
      'chatbot',
    );
    expect(
      failedTabOf(refused({ error: 'ERR_VALIDATION', fields: { maxUseBotQueuesNPS: ['x'] } })),
    ).toBe('assessments');
    expect(
      failedTabOf(refused({ error: 'ERR_VALIDATION', fields: { groupAsTicket: ['x'] } })),
    ).toBe('general');
    expect(failedTabOf(refused({ error: 'ERR_NO_PERMISSION' }))).toBeNull();
    expect(failedTabOf({ status: 'FETCH_ERROR', error: 'offline' })).toBeNull();
  });

  it('puts the message of each refused field under it', () => {
    const refused = (data: unknown) => ({ status: 400, data });
    expect(
      fieldErrorsOf(
        refused({
          error: 'ERR_VALIDATION',
          fields: { timeCreateNewTicket: ['too big', 'second'], 'credentials.accessToken': ['x'] },
        }),
        'greeting needed',
      ),
    ).toEqual({ timeCreateNewTicket: 'too big', credentials: 'x' });
    expect(fieldErrorsOf(refused({ error: 'ERR_WAPP_GREETING_REQUIRED' }), 'needed')).toEqual({
      greetingMessage: 'needed',
    });
    expect(fieldErrorsOf({ status: 'FETCH_ERROR', error: 'offline' }, 'needed')).toEqual({});
  });

  it('lists every channel in the new-connection menu, enabled by its plan flag', () => {
    const enabled = (plan: Parameters<typeof newConnectionEntries>[0]) =>
      newConnectionEntries(plan)
        .filter((entry) => entry.enabled)
        .map((entry) => entry.kind);
    expect(newConnectionEntries(undefined).map((entry) => entry.kind)).toEqual([
      'whatsapp',
      'whatsappapi',
      'facebook',
      'instagram',
    ]);
    expect(enabled({ useWhatsapp: true, useFacebook: true })).toEqual([
      'whatsapp',
      'whatsappapi',
      'facebook',
    ]);
    expect(enabled({ useInstagram: true })).toEqual(['instagram']);
    expect(enabled(undefined)).toEqual([]);
  });

  it('opens the configured support chat in a new tab, and shows no button without one', async () => {
    stub([connection(1, 'Main', 'CONNECTED')]);
    window.__SWITCHBOARD__ = { supportUrl: 'https://wa.me/5511999990000' };
    const view = await renderApp('/connections', sessionUser({ profile: 'admin' }));
    const link = await screen.findByRole('link', { name: 'Call support' });
    expect(link.getAttribute('href')).toBe('https://wa.me/5511999990000');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    view.unmount();
    window.__SWITCHBOARD__ = { supportUrl: 'javascript:alert(1)' };
    await renderApp('/connections', sessionUser({ profile: 'admin' }));
    await screen.findAllByTestId('connection-row');
    expect(screen.queryByRole('link', { name: 'Call support' })).toBeNull();
    delete window.__SWITCHBOARD__;
  });
});
