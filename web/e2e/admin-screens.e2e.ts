import type { Browser, Page } from 'playwright-core';
import {
  apiCall,
  apiToken,
  chooseSavedLanguage,
  goInApp,
  logInAsSuper,
  openFromMenu,
  seeText,
  unique,
} from './app-steps.js';
import { launchBrowser, sharedApp, type RunningApp } from './harness.js';

/**
 * The admin screens as a person uses them: two queues ticked by their labels stay ticked, each
 * settings tab shows only its own panel, the seeded company's due date reads 12/31/2999 in a zone
 * west of UTC, and /dashboard opens the dashboard.
 */
describe('admin screens', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const queues = [unique('Support'), unique('Sales')];

  beforeAll(async () => {
    // as the super admin, in company 1: what this file checks is the platform's
    app = sharedApp();
    browser = await launchBrowser();
    // São Paulo, west of UTC: a date-only value read as local time shows the day before
    const context = await browser.newContext({
      locale: 'en-US',
      timezoneId: 'America/Sao_Paulo',
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    for (const [index, name] of queues.entries())
      await apiCall(app, token, 'POST', '/queue', {
        name,
        color: index ? '#2563eb' : '#16a34a',
        greetingMessage: 'Pick a queue',
      });
    await logInAsSuper(page, app);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("puts a user in two queues by clicking the queues' names, and both stay ticked", async () => {
    await openFromMenu(page, '/users');
    const row = page.getByRole('row', { name: new RegExp(app.adminEmail) });
    await row.getByRole('button', { name: 'Edit' }).click();
    const modal = page.getByTestId('user-modal');
    const group = modal.getByRole('group', { name: 'Queues' });
    for (const name of queues) await group.getByText(name, { exact: true }).click();
    for (const name of queues)
      expect(await group.getByRole('checkbox', { name }).isChecked()).toBe(true);
    await modal.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'User saved successfully.');
    await modal.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: 'Edit' }).click();
    const again = page.getByTestId('user-modal').getByRole('group', { name: 'Queues' });
    await again.getByText(queues[0], { exact: true }).waitFor();
    for (const name of queues)
      expect(await again.getByRole('checkbox', { name }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('user-modal').waitFor({ state: 'detached' });
  });

  it('shows only the chosen settings tab, each in its turn', async () => {
    await openFromMenu(page, '/settings');
    const tabs = ['Options', 'Companies', 'Plans', 'Helps', 'Operations'];
    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab }).click();
      const panels = page.getByRole('tabpanel');
      await page.getByRole('tab', { name: tab, selected: true }).waitFor();
      const deadline = Date.now() + 5_000;
      while ((await panels.count()) !== 1 && Date.now() < deadline) await page.waitForTimeout(100);
      expect(await panels.count()).toBe(1);
      const panel = panels.first();
      expect(await panel.getAttribute('aria-labelledby')).toBe(
        await page.getByRole('tab', { name: tab }).getAttribute('id'),
      );
      // the panel starts right under the tabs, not below the fold
      const box = await panel.boundingBox();
      expect(box && box.y).toBeLessThan(400);
    }
  });

  it("shows the seeded company's due date as 12/31/2999 west of UTC", async () => {
    const due = page.getByTestId('due-date');
    await due.waitFor();
    expect(await due.textContent()).toContain('12/31/2999');
  });

  it('draws a plain button in the brand colour, not black', async () => {
    await openFromMenu(page, '/users');
    const add = page.getByRole('button', { name: 'Add user' });
    await add.waitFor();
    const bg = await add.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe('rgb(107, 70, 193)'); // brand.600
  });

  it('shows every drawer label whole in Portuguese, the longest language', async () => {
    // through the language menu, which saves it on the user: a language another file saved on the
    // shared super admin would win over one only stored in the browser
    const choose = async (language: string) => {
      await chooseSavedLanguage(page, language);
      await page.reload();
    };
    await choose('pt-BR');
    await page.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid^="menu-/"] span')]
        .filter((el) => el.children.length === 0 && el.textContent)
        .filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1)
        .map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    await choose('en');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  });

  it('opens the dashboard at /dashboard', async () => {
    await goInApp(page, '/dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });
});
