import type { Browser, Page } from 'playwright-core';
import { logInAsSuper, openFromMenu, openPage, seeText, unique } from './app-steps.js';
import { launchBrowser, sharedApp, type RunningApp } from './harness.js';

/** /settings options are saved on change and survive a reload; the profile modal edits the user. */
describe('settings and profile', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // as the super admin, in company 1: what this file checks is the platform's
    app = sharedApp();
    browser = await launchBrowser();
    page = await openPage(browser);
    await logInAsSuper(page, app);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const ratings = () => page.getByLabel('Ratings', { exact: true });

  it('changes an option and still sees it changed after a reload', async () => {
    await openFromMenu(page, '/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    for (const tab of ['Options', 'Companies', 'Plans', 'Helps', 'Operations']) {
      await page.getByRole('tab', { name: tab }).waitFor();
    }
    await page.screenshot({ path: '/tmp/sb-e2e-settings.png' });

    const before = await ratings().inputValue();
    const after = before === 'enabled' ? 'disabled' : 'enabled';
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/settings/userRating') && r.request().method() === 'PUT',
    );
    await ratings().selectOption(after);
    expect((await saved).status()).toBe(200);
    await seeText(page, 'Operation completed successfully!');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await ratings().waitFor();
    expect(await ratings().inputValue()).toBe(after);
  });

  it('keeps messages for a number of days only within the allowed range, and for ever again', async () => {
    const days = page.getByLabel('Keep messages for (days)');
    const put = () =>
      page.waitForResponse(
        (r) => r.url().endsWith('/settings/messageRetentionDays') && r.request().method() === 'PUT',
      );
    await days.fill('7');
    await days.blur();
    await page
      .getByText('Use a whole number of days from 30 to 3650, or leave it empty.')
      .waitFor();

    await days.fill('90');
    const saved = put();
    await days.blur();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await days.inputValue()).toBe('90');

    // company 1 is shared by the browser tests: it keeps everything again
    await days.fill('');
    const cleared = put();
    await days.blur();
    expect((await cleared).status()).toBe(200);
  });

  it('shows the schedules tab once office hours are managed by company', async () => {
    expect(await page.getByRole('tab', { name: 'Schedules' }).count()).toBe(0);
    await page.getByLabel('Office hours management', { exact: true }).selectOption('company');
    await page.getByRole('tab', { name: 'Schedules' }).click();
    await page.getByText('Monday').first().waitFor();
  });

  const openProfile = async () => {
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const modal = page.getByTestId('profile-modal');
    await modal.waitFor();
    return modal;
  };

  it('renames the user in the profile modal and the top bar greets the new name', async () => {
    const name = unique('Renamed');
    const modal = await openProfile();
    await modal.getByLabel('Name', { exact: true }).fill(name);
    await modal.getByLabel('Theme', { exact: true }).selectOption('dark');
    await modal.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Profile saved.');
    await modal.waitFor({ state: 'detached' });
    await page.getByTestId('greeting').getByText(name).waitFor();

    await page.reload();
    await page.getByTestId('greeting').getByText(name).waitFor();
    const again = await openProfile();
    expect(await again.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    expect(await again.getByLabel('Theme', { exact: true }).inputValue()).toBe('dark');

    // and back to light, which also survives a reload
    await again.getByLabel('Theme', { exact: true }).selectOption('light');
    await again.getByRole('button', { name: 'Save' }).click();
    await again.waitFor({ state: 'detached' });
    await page.reload();
    const third = await openProfile();
    expect(await third.getByLabel('Theme', { exact: true }).inputValue()).toBe('light');
    await third.getByRole('button', { name: 'Cancel' }).click();
    await third.waitFor({ state: 'detached' });
  });
});
