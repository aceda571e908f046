import type { Browser, Page } from 'playwright-core';
import {
  goInApp,
  logIn,
  logInAsSuper,
  logOut,
  openFromMenu,
  openPage,
  seeText,
  unique,
} from './app-steps.js';
import { launchBrowser, sharedApp, type RunningApp } from './harness.js';
import { screenProblems } from './page-checks.js';

/**
 * /companies: the super admin creates a company with its first admin; that admin can log in; the super
 * admin exports the company (the dialog checked in both themes and three windows), then erases it and
 * follows both operations.
 */
describe('companies screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const company = {
    name: unique('Acme'),
    email: `owner-${Date.now()}@e2e.test`,
    password: 'owner-pass-1',
  };

  beforeAll(async () => {
    // as the super admin, in company 1: what this file checks is the platform's
    app = sharedApp();
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('creates a company with its admin and a plan, and sees its row', async () => {
    await logInAsSuper(page, app);
    await openFromMenu(page, '/companies');
    await page.getByRole('heading', { level: 1, name: 'Companies' }).waitFor();
    await page.getByRole('row', { name: /Empresa 1/ }).waitFor();

    await page.getByRole('button', { name: 'Add company' }).click();
    const dialog = page.getByRole('dialog', { name: 'New company' });
    await dialog.waitFor();
    // a plan is required: saving without one says so and creates nothing
    await dialog.getByLabel('Name', { exact: true }).fill(company.name);
    await dialog.getByLabel('Email', { exact: true }).fill(company.email);
    await dialog.getByLabel('Password', { exact: true }).fill(company.password);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Required').waitFor();

    await dialog.getByLabel('Plan', { exact: true }).selectOption({ label: 'Plano Ilimitado' });
    await dialog.getByLabel('Recurrence', { exact: true }).selectOption({ label: 'Quarterly' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Operation completed successfully!');
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('row', { name: new RegExp(company.name) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells).toEqual(
      expect.arrayContaining([
        company.name,
        company.email,
        'Plano Ilimitado',
        'Active',
        'Quarterly',
      ]),
    );
    await page.screenshot({ path: '/tmp/sb-e2e-companies.png' });

    // the search finds it and leaves company 1 out
    await page.getByPlaceholder('Search').fill(company.name);
    await page.getByRole('row', { name: /Empresa 1/ }).waitFor({ state: 'detached' });
    await row.waitFor();
  });

  it("the new company's admin logs in and the top bar names the company", async () => {
    await logOut(page);
    await logIn(page, app, company.email, company.password);
    expect(await page.getByTestId('greeting').textContent()).toContain(company.name);
    // an admin of a company, not a super admin: no platform section
    await page.getByTestId('menu-/users').waitFor();
    expect(await page.getByTestId('menu-/companies').count()).toBe(0);
  });

  it('exports, then erases the company: Operations shows both, its admin is out', async () => {
    await logOut(page);
    await logInAsSuper(page, app);
    await openFromMenu(page, '/companies');
    // the list with its storage column, in both themes and three windows
    const listed = await screenProblems(page, 'companies', async () => {
      await goInApp(page, '/companies');
      await page.getByRole('columnheader', { name: 'Storage' }).waitFor();
      await page.getByRole('row', { name: /Empresa 1/ }).waitFor();
    });
    expect(listed).toEqual([]);
    await page.getByPlaceholder('Search').fill(company.name);
    const row = page.getByRole('row', { name: new RegExp(company.name) });

    // exported first: the dialog in both themes and three windows, then the bundle in Operations
    const exportDialog = await screenProblems(page, 'company-export', async () => {
      await goInApp(page, '/companies');
      await page.getByPlaceholder('Search').fill(company.name);
      await row.getByRole('button', { name: 'Export the company' }).click();
      await page.getByRole('dialog').getByText('Keep the key').waitFor();
    });
    expect(exportDialog).toEqual([]);
    // the checks end in the light theme, which reloads the page
    await goInApp(page, '/companies');
    await page.getByPlaceholder('Search').fill(company.name);
    await row.getByRole('button', { name: 'Export the company' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Key of the file').fill('an e2e bundle key');
    await dialog.getByLabel('The key again').fill('an e2e bundle key');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await seeText(page, 'The export has started');
    await goInApp(page, '/settings');
    await page.getByRole('tab', { name: 'Operations' }).click();
    const exported = page.getByRole('row', { name: new RegExp(`${company.name}.*Export`) });
    await exported.getByRole('button', { name: 'Download' }).waitFor({ timeout: 30_000 });
    await goInApp(page, '/companies');
    await page.getByPlaceholder('Search').fill(company.name);
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Invoices and the audit log are kept').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'Operation completed successfully!');
    await row.waitFor({ state: 'detached' });

    const found = await screenProblems(page, 'tenant-operations', async () => {
      await goInApp(page, '/settings');
      await page.getByRole('tab', { name: 'Operations' }).click();
      const operation = page.getByRole('row', { name: new RegExp(`${company.name}.*Erase`) });
      await operation.getByText('Done').waitFor();
      await operation.getByText('5 of 5 steps').waitFor();
      // open from the last window on (only a reload closes it)
      const toggle = operation.getByRole('button', { name: /report/i });
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      await page.getByText(/^identity · erase$/).waitFor();
    });
    expect(found).toEqual([]);

    // its admin can no longer sign in
    await logOut(page);
    await page.fill('input[name="email"]', company.email);
    await page.fill('input[name="password"]', company.password);
    await page.click('button[type="submit"]');
    await seeText(page, 'Authentication error. Please try again.');
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
