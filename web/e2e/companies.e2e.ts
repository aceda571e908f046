import type { Browser, Page } from 'playwright-core';
import {
  logIn,
  logInAsSuper,
  logOut,
  openFromMenu,
  openPage,
  seeText,
  unique,
} from './app-steps.js';
import { launchBrowser, sharedApp, type RunningApp } from './harness.js';

/** /companies: the super admin creates a company with its first admin; that admin can log in. */
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
});
