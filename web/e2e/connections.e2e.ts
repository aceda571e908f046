import type { Browser, Page } from 'playwright-core';
import {
  apiCall,
  apiToken,
  logInAsSuper,
  openFromMenu,
  openPage,
  seeText,
  unique,
} from './app-steps.js';
import { launchBrowser, startStandalone, type RunningApp } from './harness.js';
import { screenProblems, seriousAxeViolations } from './page-checks.js';

/**
 * /connections: the page lists the company's connections; the super admin adds a WhatsApp connection
 * through the modal and follows its session. No phone (nor WhatsApp server) is reachable, so the test
 * checks the status the session reports and the pairing dialog, never a paired phone. "Call support"
 * opens the operator's support chat (SUPPORT_URL); the new-connection menu shows the channels the
 * plan lacks disabled (spec 2 §2).
 */
describe('connections screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const supportUrl = 'https://wa.me/5511999990000';
  const listed = unique('Listed');
  const added = unique('Sales line');
  const row = (name: string) => page.getByTestId('connection-row').filter({ hasText: name });
  const statuses = [
    'Waiting for QR code',
    'Pairing',
    'Connecting',
    'Connected',
    'Disconnected',
    'Connection lost',
  ];

  /** The new-connection menu's WhatsApp entry (spec 2 §2). */
  const openNewWhatsApp = async () => {
    await page.getByRole('button', { name: 'New connection' }).click();
    await page.getByRole('menuitem', { name: 'WhatsApp', exact: true }).click();
  };

  beforeAll(async () => {
    // an app of its own: the support link comes from its SUPPORT_URL setting
    app = await startStandalone({ SUPPORT_URL: supportUrl });
    browser = await launchBrowser();
    // a connection the list must show: made through the API
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    await apiCall(app, token, 'POST', '/whatsapp', { name: listed });
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists the connections with their channel and status', async () => {
    await logInAsSuper(page, app);
    await openFromMenu(page, '/connections');
    await page.getByRole('heading', { level: 1, name: 'Connections' }).waitFor();
    await row(listed).waitFor();
    await page.getByTestId('connections-count').getByText('1 connection').waitFor();
    // spec 2 §2: exactly these columns; the import state shows in the status cell
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Channel',
      'Name',
      'Number',
      'Status',
      'Session',
      'Last update',
      'Default',
      'Actions',
    ]);
    const cells = await row(listed).getByRole('cell').allTextContents();
    expect(cells[0]).toBe('WhatsApp');
    expect(statuses.some((status) => cells[3]?.includes(status))).toBe(true);
  });

  it('links call support to the configured support chat, in a new tab', async () => {
    const support = page.getByRole('link', { name: 'Call support' });
    expect(await support.getAttribute('href')).toBe(supportUrl);
    expect(await support.getAttribute('target')).toBe('_blank');
    expect(await support.getAttribute('rel')).toContain('noopener');
  });

  it('shows the channels the plan lacks disabled in the new-connection menu', async () => {
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    const me = await apiCall<{ company: { planId: number } }>(app, token, 'GET', '/auth/me');
    const planPath = `/plans/${me.company.planId}`;
    await apiCall(app, token, 'PUT', planPath, { useFacebook: false, useInstagram: false });
    try {
      // the session brings the plan again on a new page load
      await page.reload();
      await row(listed).waitFor();
      const menu = page.getByRole('menu');
      const found = await screenProblems(
        page,
        'connections-menu',
        async () => {
          await row(listed).waitFor();
          await page.getByRole('button', { name: 'New connection' }).click();
          for (const name of ['WhatsApp', 'WhatsApp Cloud API'])
            expect(
              await menu.getByRole('menuitem', { name, exact: true }).getAttribute('aria-disabled'),
            ).toBeNull();
          for (const name of ['Facebook', 'Instagram']) {
            const item = menu.getByRole('menuitem', {
              name: new RegExp(`^${name}\\s*Not in your plan$`),
            });
            expect(await item.getAttribute('aria-disabled')).toBe('true');
          }
        },
        {
          // a disabled entry opens nothing; Escape closes the menu
          leave: async () => {
            await menu.getByRole('menuitem', { name: /^Facebook\s*Not in your plan$/ }).click({
              force: true,
            });
            expect(await page.getByTestId('facebook-connect-dialog').count()).toBe(0);
            await page.keyboard.press('Escape');
            await menu.waitFor({ state: 'hidden' });
          },
        },
      );
      expect(found).toEqual([]);
    } finally {
      await apiCall(app, token, 'PUT', planPath, { useFacebook: true, useInstagram: true });
    }
    await page.reload();
    await row(listed).waitFor();
  });

  it('refuses a connection without a name', async () => {
    await openNewWhatsApp();
    const modal = page.getByTestId('connection-modal');
    await modal.getByRole('heading', { name: 'WhatsApp' }).waitFor();
    // spec 2 §2 tabs; no schedules tab while the schedule type is not per connection; the number's
    // campaign limits while the campaign pages are shown
    expect(await modal.getByRole('tab').allTextContents()).toEqual([
      'General',
      'Integrations',
      'Messages',
      'Chatbot',
      'Assessments',
      'Campaigns',
    ]);
    await modal.getByRole('tab', { name: 'Campaigns' }).click();
    await modal.getByText('Send only within a window').click();
    await modal.getByText('Saturday').waitFor();
    for (const violation of await seriousAxeViolations(page))
      throw new Error(`campaign limits tab: ${violation}`);
    // saved from another tab, the missing name brings the general tab back
    await modal.getByRole('tab', { name: 'Chatbot' }).click();
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Required', { exact: true }).waitFor();
    expect(await modal.getByRole('tab', { name: 'General' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it('adds a WhatsApp connection through the modal', async () => {
    await openNewWhatsApp();
    const modal = page.getByTestId('connection-modal');
    await modal.getByRole('heading', { name: 'WhatsApp' }).waitFor();
    await modal.getByLabel('Name', { exact: true }).fill(added);
    await modal.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Connection saved.');
    await modal.waitFor({ state: 'detached' });
    await row(added).waitFor();
    await page.getByTestId('connections-count').getByText('2 connections').waitFor();
    expect((await row(added).getByRole('cell').allTextContents())[0]).toBe('WhatsApp');
  });

  it('shows the session status with the buttons spec 2 §4 gives it, and the pairing dialog', async () => {
    const status = row(added).getByRole('cell').nth(3);
    // with no WhatsApp server reachable the session drops (Disconnected); where one answers it waits
    // for its QR code: both are checked against the buttons the status must offer
    await status.getByText(new RegExp(statuses.join('|'))).waitFor();
    await page.screenshot({ path: '/tmp/sb-e2e-connections.png' });
    const text = (await status.textContent()) ?? '';
    const buttons = row(added).getByRole('cell').nth(4).getByRole('button');
    if (text.includes('Waiting for QR code')) {
      expect(await buttons.allTextContents()).toEqual(['QR code']);
      await buttons.first().click();
      const dialog = page.getByTestId('qr-dialog');
      await dialog.getByRole('heading', { name: 'Read the QR code' }).waitFor();
      await dialog.getByText(/Linked devices/).waitFor();
      await dialog.getByRole('img', { name: 'Read the QR code' }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
    } else if (text.includes('Disconnected')) {
      expect(await buttons.allTextContents()).toEqual(['Try again', 'New QR code']);
      // asking for a new QR restarts the session; the row keeps showing one of the statuses
      await row(added).getByRole('button', { name: 'New QR code' }).click();
      await status.getByText(new RegExp(statuses.join('|'))).waitFor();
    } else if (text.includes('Connecting')) {
      expect(await buttons.first().isDisabled()).toBe(true);
    } else {
      expect(await buttons.allTextContents()).toEqual(['Disconnect']);
    }
  });

  it('deletes the added connection after confirming', async () => {
    await row(added).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Delete ${added}?`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'Connection deleted.');
    await row(added).waitFor({ state: 'detached' });
    await row(listed).waitFor();
  });
});
