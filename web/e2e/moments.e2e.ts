import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCall, apiToken, goInApp, logInAsAdmin, openTicketViaApi, unique } from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';
import { screenProblems, until } from './page-checks.js';

/**
 * Tempo Real at /moments (spec 2 §2): the admin's own card and the Pendentes card follow tickets that
 * open, wait and close over the socket (no reload, no polling), and the page has no serious or
 * critical axe violation in the light and the dark theme.
 */
describe('Tempo Real screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token = '';
  let adminName = '';

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    token = await apiToken(app, app.adminEmail, app.adminPassword);
    adminName = (await apiCall<{ name: string }>(app, token, 'GET', '/auth/me')).name;
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const card = (name: string) => page.getByRole('article', { name, exact: true });

  it('shows a ticket in its user card as it opens and takes it away as it closes, live', async () => {
    const before = unique('Elisa');
    await openTicketViaApi(app, token, before);
    await logInAsAdmin(page, app);
    await page.goto(`${app.webUrl}/moments`);
    await card('Pending').waitFor();
    // the projection may still be applying the first ticket; it arrives over the socket anyway
    await card(adminName).getByText(before).waitFor();
    await card(adminName).getByTestId('moments-admin').waitFor();

    const name = unique('Fabio');
    const opening = Date.now();
    const ticket = await openTicketViaApi(app, token, name);
    await card(adminName).getByText(name).waitFor({ timeout: 2_000 });
    console.info(`Tempo Real showed the new ticket ${Date.now() - opening} ms after it opened`);

    await apiCall(app, token, 'PUT', `/tickets/${ticket.id}`, { status: 'closed' });
    await until(page, async () => (await card(adminName).getByText(name).count()) === 0, 2_000);

    const waiting = unique('Gil');
    await openTicketViaApi(app, token, waiting, 'pending');
    await card('Pending').getByText(waiting).waitFor({ timeout: 2_000 });
  });

  it('fits the common screens and a phone, with no serious axe violation in either theme', async () => {
    // a full card: its list scrolls inside it, and a keyboard must reach it (long names too)
    for (let i = 0; i < 12; i += 1)
      await openTicketViaApi(app, token, unique('Maria Aparecida dos Santos Oliveira'));
    const found = await screenProblems(page, 'moments', async ({ theme }) => {
      await goInApp(page, '/moments');
      await card('Pending').waitFor();
      expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
    });
    expect(found).toEqual([]);
  });
});
