import type { Browser, Page } from 'playwright-core';
import { GraphEmulator } from '@sb/testing/channel-emulator';
import { DemoAccounts, emulatorOptionsFrom } from '@sb/testing/emulator';
import { apiCall, apiToken, goInApp, logIn, openPage, unique } from './app-steps.js';
import { launchBrowser, startStandalone, type RunningApp } from './harness.js';
import { screenProblems, until } from './page-checks.js';

type Shown = { title: string; body?: string };
type WaitingTicket = { contact: { name: string }; unreadMessages: number; queueId: number | null };

/**
 * The top bar's notifications bell (spec 1 §2, §4): an agent of a queue sees the count of the unread
 * tickets of that queue and lists them; a customer's new message raises the count at once, rings and
 * shows a desktop notification (recorded by a stand-in for the browser's Notification, which a headless
 * browser never displays). Customers write through the channel emulator, as on a real Cloud API number.
 */
describe('notifications bell', () => {
  let app: RunningApp;
  let emulator: GraphEmulator;
  let browser: Browser;
  let page: Page;
  const agent = { email: `bell-${Date.now()}@e2e.test`, password: 'agent-pass-1' };
  const first = { name: unique('Bia'), number: `55117${String(Date.now()).slice(-8)}` };
  const second = { name: unique('Caio'), number: `55118${String(Date.now()).slice(-8)}` };
  const appSecret = 'e2e-bell-secret';
  const { phoneNumberId } = DemoAccounts;

  const bell = () => page.getByTestId('notifications');
  const count = () => page.getByTestId('notifications-count');
  const shown = () => page.evaluate(() => (window as unknown as { __shown: Shown[] }).__shown);

  /** A customer writes to the connection (the emulator posts Meta's webhook to the gateway). */
  const customerWrites = async (customer: { name: string; number: string }, text: string) => {
    await emulator.customerText({
      phoneNumberId,
      from: customer.number,
      name: customer.name,
      text,
    });
  };

  beforeAll(async () => {
    emulator = await new GraphEmulator(
      emulatorOptionsFrom({ EMULATOR_PORT: '0', META_APP_SECRET: appSecret }),
    ).start();
    // an app of its own: it talks to this file's Cloud API emulator (META_GRAPH_URL)
    app = await startStandalone({
      META_GRAPH_URL: emulator.graphUrl,
      META_APP_SECRET: appSecret,
      META_VERIFY_TOKEN: 'bell',
    });
    emulator.setWebhookUrl(`${app.apiUrl}/webhooks/meta`);
    // the setting: a queue, a Cloud API connection that routes into it, and an agent of that queue
    // allowed to see waiting tickets (allTicket), so a waiting ticket also rings for them
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    const queue = await apiCall<{ id: number }>(app, token, 'POST', '/queue', {
      name: unique('Sales'),
      color: '#2f855a',
    });
    await apiCall(app, token, 'POST', '/whatsapp', {
      name: 'Bell line',
      channel: 'whatsappapi',
      queueIds: [queue.id],
      credentials: { phoneNumberId, accessToken: DemoAccounts.accessToken },
    });
    await apiCall(app, token, 'POST', '/users', {
      name: 'Bell Agent',
      profile: 'user',
      allTicket: 'enable',
      queueIds: [queue.id],
      ...agent,
    });
    browser = await launchBrowser();
    page = await openPage(browser);
    await customerWrites(first, 'Is my order on its way?');
    // the ticket is there, in the queue, with its unread message
    await until(page, async () => {
      const { tickets } = await apiCall<{ tickets: WaitingTicket[] }>(
        app,
        token,
        'GET',
        '/tickets?status=pending&showAll=true',
      );
      return tickets.some(
        (t) => t.contact.name === first.name && t.unreadMessages > 0 && t.queueId === queue.id,
      );
    });
    await page.context().grantPermissions(['notifications']);
    // records desktop notifications instead of showing them
    await page.addInitScript(() => {
      const shownList: { title: string; body?: string }[] = [];
      (window as unknown as { __shown: typeof shownList }).__shown = shownList;
      class RecordedNotification {
        static permission = 'granted';
        static requestPermission = () => Promise.resolve('granted');
        onclick: (() => void) | null = null;
        constructor(title: string, options?: { body?: string }) {
          shownList.push({ title, body: options?.body });
        }
      }
      (window as unknown as { Notification: unknown }).Notification = RecordedNotification;
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await emulator?.close();
  });

  it('counts the unread ticket of the agent queue and lists it', async () => {
    await logIn(page, app, agent.email, agent.password);
    await count().getByText('1', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Notifications 1', exact: true }).waitFor();
    await bell().click();
    const list = page.getByTestId('notifications-list');
    await list.getByText(first.name).waitFor();
    await list.getByText('Is my order on its way?').waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
  });

  it('raises the count, rings and notifies when another customer writes', async () => {
    await customerWrites(second, 'Hello, anyone there?');
    await count().getByText('2', { exact: true }).waitFor();
    await until(page, async () => (await shown()).some((n) => n.title === second.name));
    expect((await shown()).find((n) => n.title === second.name)?.body).toBe('Hello, anyone there?');
    await bell().click();
    const list = page.getByTestId('notifications-list');
    // the newest first
    await list.getByText(second.name).waitFor();
    const names = await list.getByRole('button').allTextContents();
    expect(names[0]).toContain(second.name);
    expect(names[1]).toContain(first.name);
    // a choice opens the ticket and closes the list
    await list.getByText(second.name).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await list.waitFor({ state: 'hidden' });
  });

  it('fits the screens in both themes with the list open, and axe finds nothing serious', async () => {
    const list = page.getByTestId('notifications-list');
    const found = await screenProblems(
      page,
      'bell',
      async ({ size }) => {
        await goInApp(page, '/tickets');
        await bell().click();
        await list.waitFor();
        const box = await list.boundingBox();
        if (!box || box.x < 0 || box.x + box.width > size.width) return ['list off screen'];
      },
      {
        leave: async () => {
          await page.keyboard.press('Escape');
          await list.waitFor({ state: 'hidden' });
        },
      },
    );
    expect(found).toEqual([]);
  });
});
