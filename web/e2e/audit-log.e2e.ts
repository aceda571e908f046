import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken, logInAsAdmin, openFromMenu, openPage } from './app-steps.js';
import { seriousAxeViolations, sidewaysOverflow } from './page-checks.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';

/**
 * /audit-log (issue 16): an admin changes a setting, opens the audit log from the drawer, finds the
 * change by its filters, reads who did it and opens the before/after; the page fits a phone and axe
 * finds no serious or critical violation.
 */
describe('audit log screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const rows = () => page.getByTestId('audit-row');

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    page = await openPage(browser);
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    await apiCall(app, token, 'PUT', '/settings/userRating', { value: 'enabled' });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows who changed a setting, and its before and after', async () => {
    await logInAsAdmin(page, app);
    await openFromMenu(page, '/audit-log');
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.getByRole('combobox', { name: 'What' }).selectOption('settings');
    // a setting is named by its label on the settings screen, not by its key (issue 28)
    const row = rows().filter({ hasText: 'Setting Ratings' });
    // the entry arrives through the bus: reload the filter until it is there
    for (let tries = 0; tries < 20 && (await row.count()) === 0; tries += 1) {
      await page.waitForTimeout(250);
      await page.getByRole('combobox', { name: 'Action' }).selectOption(tries % 2 ? '' : 'update');
    }
    await row.first().waitFor();
    const cells = await row.first().getByRole('cell').allTextContents();
    expect(cells[2]).toBe('Changed');
    expect(cells[3]).toBe('Setting Ratings');
    await row.first().getByRole('button', { name: 'Changes' }).click();
    const dialog = page.getByRole('dialog');
    const value = dialog.getByTestId('audit-diff-line').filter({ hasText: 'Value' });
    await value.waitFor();
    expect(await value.getByRole('cell').allTextContents()).toEqual([
      'Value',
      'disabled',
      'enabled',
    ]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // nothing matches a range in the future
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From').fill(tomorrow);
    await page.getByText('No entries.').waitFor();
  });

  it('fits a 390 px phone and has no serious or critical axe violation', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.webUrl}/audit-log`);
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await rows().first().waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const violations = await seriousAxeViolations(page);
    expect(violations).toEqual([]);
  });
});
