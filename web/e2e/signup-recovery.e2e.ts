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

/**
 * The public pages: a public plan made in the plans tab is offered at /signup, the signup creates a
 * company whose admin can log in; /recovery-password answers an unknown number like a known one (no
 * account enumeration) and refuses a wrong code.
 */
describe('signup and password recovery', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const plan = unique('Starter');
  const signup = {
    name: 'Owner Person',
    company: unique('Signup Co'),
    email: `signup-${Date.now()}@e2e.test`,
    password: 'signup-pass-1',
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

  it('the super admin adds a public plan in the plans tab of /settings', async () => {
    await logInAsSuper(page, app);
    await openFromMenu(page, '/settings');
    await page.getByRole('tab', { name: 'Plans' }).click();
    await page.getByRole('button', { name: 'Add plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New plan' });
    await dialog.waitFor();
    await dialog.getByLabel('Name', { exact: true }).fill(plan);
    await dialog.getByLabel('Amount', { exact: true }).fill('49.90');
    await dialog.getByLabel('Users', { exact: true }).fill('5');
    await dialog.getByLabel('Connections', { exact: true }).fill('2');
    await dialog.getByLabel('Queues', { exact: true }).fill('3');
    expect(
      await dialog.getByRole('checkbox', { name: 'Public (offered at signup)' }).isChecked(),
    ).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Operation completed successfully!');
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(plan) });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining([plan, '5', '2', '3', '49.90', 'Yes']),
    );
    await logOut(page);
  });

  it('signs a company up with that plan, and its admin logs in', async () => {
    await page
      .getByRole('link', { name: /sign up/i })
      .first()
      .click();
    await page.waitForURL('**/signup');
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();

    // empty form: the fields say what is missing and nothing is sent
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Required.').first().waitFor();

    await page.fill('input[name="name"]', signup.name);
    await page.fill('input[name="companyName"]', signup.company);
    await page.fill('input[name="email"]', signup.email);
    await page.fill('input[name="password"]', signup.password);
    await page.fill('input[name="phone"]', '+55 11 91234-5678');
    const options = await page.locator('select[name="planId"] option').allTextContents();
    const offered = options.find((text) => text.startsWith(plan));
    expect(offered).toBe(`${plan} · 49.90 / month`);
    await page.selectOption('select[name="planId"]', { label: offered! });
    await page.getByRole('button', { name: 'Sign up' }).click();

    await seeText(page, 'Account created! Sign in to start.');
    await page.waitForURL('**/login');
    await logIn(page, app, signup.email, signup.password);
    const greeting = await page.getByTestId('greeting').textContent();
    expect(greeting).toContain(signup.name);
    expect(greeting).toContain(signup.company);
    await logOut(page);
  });

  it('refuses a second signup with the same company name', async () => {
    await page.goto(`${app.webUrl}/signup`);
    await page.fill('input[name="name"]', 'Someone Else');
    await page.fill('input[name="companyName"]', signup.company);
    await page.fill('input[name="email"]', `other-${Date.now()}@e2e.test`);
    await page.fill('input[name="password"]', 'other-pass-1');
    await page.fill('input[name="phone"]', '+55 11 95555-0000');
    await page.selectOption('select[name="planId"]', { label: `${plan} · 49.90 / month` });
    await page.getByRole('button', { name: 'Sign up' }).click();
    await seeText(page, 'Error creating user, check the data.');
    expect(new URL(page.url()).pathname).toBe('/signup');
  });

  it('the recovery page takes a number to the code step without telling whether it has an account', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.webUrl}/login`);
    await page.getByRole('link', { name: /forgot/i }).click();
    await page.waitForURL('**/recovery-password');
    await page.getByRole('heading', { level: 1, name: 'Recover your password' }).waitFor();

    await page.fill('input[name="wpp"]', '12');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Invalid phone number.').waitFor();

    await page.fill('input[name="wpp"]', '+55 11 91234-5678');
    await page.getByRole('button', { name: 'Send code' }).click();
    await seeText(page, /If this number belongs to an account, a 6-digit code was sent to it/);
    await page.fill('input[name="code"]', '123456');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await seeText(page, /Incorrect verification code|Invalid verification code/);
    expect(errors).toEqual([]);
    await page.screenshot({ path: '/tmp/sb-e2e-recovery.png' });
  });
});
