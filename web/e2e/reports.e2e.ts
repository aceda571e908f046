import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiToken, logInAsSuper, openFromMenu, openTicketViaApi, unique } from './app-steps.js';
import { launchBrowser, startApp, type RunningApp } from './harness.js';
import { seriousAxeViolations } from './page-checks.js';

/**
 * The reports (spec 2 §2 Dashboard): the admin opens them from the drawer, narrows the tickets report
 * by status, exports exactly those rows as CSV and XLSX, and the page has no serious or critical axe
 * violation in the light and the dark theme.
 */
describe('reports screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token = '';

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    token = await apiToken(app, app.adminEmail, app.adminPassword);
    context = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 1366, height: 768 },
      acceptDownloads: true,
    });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('filters the tickets report and exports exactly its rows as CSV and XLSX', async () => {
    const open = unique('Helena');
    const waiting = unique('Igor');
    await openTicketViaApi(app, token, open);
    await openTicketViaApi(app, token, waiting, 'pending');
    await logInAsSuper(page, app);
    await openFromMenu(page, '/reports/tickets');
    await page.getByRole('tab', { name: 'Tickets', exact: true }).waitFor();
    // the projection applies the new tickets within moments; the page asks again on a filter change
    const table = page.getByTestId('report-table');
    for (let tries = 0; !(await table.getByText(waiting).count()) && tries < 20; tries += 1) {
      await page.waitForTimeout(500);
      await page.getByLabel('Status').selectOption({ label: tries % 2 ? 'All' : 'Pending' });
    }
    await page.getByLabel('Status').selectOption({ label: 'Pending' });
    // the previous filter's rows stay, dimmed and marked busy, until the new answer arrives
    await table.getByText(open).waitFor({ state: 'detached' });
    await table.getByText(waiting).waitFor();

    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'CSV' }).click();
    const csv = await readFile((await (await csvDownload).path())!, 'utf8');
    expect(csv).toContain('ID,Contact,Status,Queue,User,Connection,Tag,Created,Closed');
    expect(csv).toContain(waiting);
    expect(csv).not.toContain(open);
    expect(
      csv
        .trim()
        .split('\r\n')
        .slice(1)
        .every((line) => line.includes('pending')),
    ).toBe(true);

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'XLSX' }).click();
    const xlsx = await readFile((await (await xlsxDownload).path())!);
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
  });

  it.each(['light', 'dark'])('has no serious or critical axe violation (%s)', async (theme) => {
    await page.evaluate((theme) => localStorage.setItem('preferredTheme', theme), theme);
    await page.goto(`${app.webUrl}/reports/duration`);
    await page.getByTestId('report-table').waitFor();
    expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
    await page.waitForTimeout(300);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
