import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCall, apiToken, goInApp, logInAsSuper, openTicketViaApi, unique } from './app-steps.js';
import { launchBrowser, startApp, type RunningApp } from './harness.js';
import { screenProblems, seriousAxeViolations, until } from './page-checks.js';

/**
 * The dashboard at / (spec 2 §2): the admin reads the three tabs, sees the in-service card follow a
 * ticket that closes (over the socket, no reload), opens the closed tickets from their card, and the page has no serious or critical axe
 * violation on any tab, in the light and the dark theme.
 */
describe('dashboard screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token = '';

  let closedContact = '';
  const openTicket = (name = unique('Dana')) => openTicketViaApi(app, token, name);
  const cardValue = async (testId: string) =>
    Number((await page.getByTestId(testId).locator('p').nth(1).textContent()) ?? 'NaN');
  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    token = await apiToken(app, app.adminEmail, app.adminPassword);
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the indicators and follows a ticket that closes, live', async () => {
    closedContact = unique('Dora');
    const first = await openTicket(closedContact);
    await openTicket();
    await logInAsSuper(page, app);
    await page.goto(`${app.webUrl}/`);
    await page.getByRole('tab', { name: 'Indicators' }).waitFor();
    // the projection may still be applying the new tickets: the socket brings them in
    await until(page, async () => (await cardValue('card-happening')) >= 2);
    const before = await cardValue('card-happening');
    await page.getByRole('figure', { name: 'Tickets per user' }).waitFor();

    const closing = Date.now();
    await apiCall(app, token, 'PUT', `/tickets/${first.id}`, { status: 'closed' });
    // issue 18: the dashboard updates within 2 s of a ticket closing, without a reload
    await until(page, async () => (await cardValue('card-happening')) === before - 1, 2_000);
    console.info(`dashboard updated ${Date.now() - closing} ms after the close`);
  });

  it('opens the tickets behind a card (drill-down)', async () => {
    await page.getByTestId('card-finished').click();
    await page.getByRole('tab', { name: 'Tickets', exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('closed');
    await page.getByTestId('report-table').getByText(closedContact).waitFor();
    await page.goto(`${app.webUrl}/`);
    await page.getByRole('tab', { name: 'Indicators' }).waitFor();
  });

  it('shows the NPS and Attendants tabs', async () => {
    await page.getByRole('tab', { name: 'NPS' }).click();
    await page.getByTestId('nps-score').waitFor();
    await page.getByTestId('nps-promoters').waitFor();
    await page.getByRole('tab', { name: 'Attendants' }).click();
    await page.getByTestId('attendant-row').first().waitFor();
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByLabel('Start date').fill('');
    await page.getByText('Please set the filter').waitFor();
  });

  it.each(['light', 'dark'])(
    'has no serious or critical axe violation on the three tabs (%s)',
    async (theme) => {
      await page.evaluate((theme) => localStorage.setItem('preferredTheme', theme), theme);
      await page.goto(`${app.webUrl}/`);
      await page.getByRole('tab', { name: 'Indicators' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
      const found: string[] = [];
      for (const tab of ['Indicators', 'NPS', 'Attendants']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tabpanel').first().waitFor();
        await page.waitForTimeout(300);
        for (const violation of await seriousAxeViolations(page))
          found.push(`${theme} ${tab}: ${violation}`);
      }
      expect(found).toEqual([]);
    },
  );

  it('fits the common screens and a phone in either theme', async () => {
    const found = await screenProblems(page, 'dashboard', async () => {
      await goInApp(page, '/');
      await page.getByTestId('card-wait').waitFor();
      await page.waitForLoadState('networkidle');
    });
    expect(found).toEqual([]);
  });
});
