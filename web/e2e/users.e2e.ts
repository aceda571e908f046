import type { Browser, Page } from 'playwright-core';
import {
  logIn,
  logInAsAdmin,
  logOut,
  openFromMenu,
  openPage,
  seeText,
  unique,
} from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';

/**
 * /users: the super admin adds an agent through the modal, finds it by search; the agent logs in, has no
 * administration section in the drawer and is turned away from /users.
 */
describe('users screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const agent = {
    name: unique('Agent'),
    email: `agent-${Date.now()}@e2e.test`,
    password: 'agent-pass-1',
  };

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('adds an agent through the modal and sees it in the list', async () => {
    await logInAsAdmin(page, app);
    await openFromMenu(page, '/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('row', { name: new RegExp(app.adminEmail) }).waitFor();

    await page.getByRole('button', { name: 'Add user' }).click();
    const modal = page.getByTestId('user-modal');
    await modal.getByRole('heading', { name: 'Add user' }).waitFor();
    await modal.getByLabel('Name', { exact: true }).fill(agent.name);
    await modal.getByLabel('Email', { exact: true }).fill(agent.email);
    await modal.getByLabel('Password', { exact: true }).fill(agent.password);
    await modal.getByLabel('Profile', { exact: true }).selectOption({ label: 'Agent' });
    await modal.getByRole('button', { name: 'Add user' }).click();

    await seeText(page, 'User saved successfully.');
    await modal.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(agent.email) });
    await row.waitFor();
    expect(await row.textContent()).toContain(agent.name);
    expect(await row.textContent()).toContain('Agent');
    await page.screenshot({ path: '/tmp/sb-e2e-users.png' });
  });

  it('finds the agent by search, and only the matching users', async () => {
    await page.getByPlaceholder('Search users').fill(agent.name);
    await page
      .getByRole('row', { name: new RegExp(app.adminEmail) })
      .waitFor({ state: 'detached' });
    await page.getByRole('row', { name: new RegExp(agent.email) }).waitFor();
    expect(await page.locator('[data-testid^="user-row-"]').count()).toBe(1);

    await page.getByPlaceholder('Search users').fill('nobody-has-this-name');
    await page.getByRole('row', { name: new RegExp(agent.email) }).waitFor({ state: 'detached' });
  });

  it('the agent logs in without the administration section and is turned away from /users', async () => {
    await logOut(page);
    await logIn(page, app, agent.email, agent.password);
    expect(await page.getByTestId('greeting').textContent()).toContain(agent.name);

    const nav = page.getByTestId('side-menu');
    await nav.getByTestId('menu-/tickets').waitFor();
    expect(await nav.getByText('Administration').count()).toBe(0);
    expect(await nav.getByText('Platform').count()).toBe(0);
    for (const to of ['/users', '/settings', '/companies', '/announcements', '/']) {
      expect(await nav.getByTestId(`menu-${to}`).count()).toBe(0);
    }

    await page.goto(`${app.webUrl}/users`);
    await seeText(page, 'This company has no permission to access this page. Redirecting…');
    // the denial goes to /, which sends an agent on to the tickets
    await page.waitForURL((url) => url.pathname === '/tickets');
    expect(await page.getByRole('heading', { level: 1, name: 'Users' }).count()).toBe(0);
  });
});
