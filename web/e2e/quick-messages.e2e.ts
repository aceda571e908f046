import type { Browser, Page } from 'playwright-core';
import {
  apiCall,
  apiToken,
  logIn,
  logInAsAdmin,
  openFromMenu,
  openPage,
  seeText,
} from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';

/**
 * /quick-messages (spec 3 §6): the admin creates a general quick reply through the dialog; an agent sees
 * it without edit or delete, has no general switch, never sees the admin's personal replies, and creates,
 * edits and deletes its own.
 */
describe('quick messages screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let adminPage: Page;
  let agentPage: Page;
  const stamp = Date.now().toString(36);
  const general = `welcome${stamp}`;
  const adminPersonal = `adminonly${stamp}`;
  const mine = `mine${stamp}`;
  const agent = { email: `agent-${stamp}@e2e.test`, password: 'agent-pass-1' };
  const row = (page: Page, shortcode: string) =>
    page.getByTestId('quick-message-row').filter({ hasText: shortcode });

  /** Fills the quick reply dialog (general only when asked) and saves it. */
  const save = async (
    page: Page,
    title: string,
    values: { shortcode?: string; message?: string; general?: boolean },
  ) => {
    const form = page.getByTestId('quick-message-form');
    await form.getByRole('heading', { name: title }).waitFor();
    if (values.shortcode !== undefined) await form.getByLabel('Shortcode').fill(values.shortcode);
    if (values.message !== undefined) await form.getByLabel('Message').fill(values.message);
    if (values.general) await form.getByText('General', { exact: true }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Quick reply saved successfully!');
    await form.waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    // the agent and the admin's personal reply are only the setting here: made through the API
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    await apiCall(app, token, 'POST', '/users', { name: 'Quick Agent', profile: 'user', ...agent });
    await apiCall(app, token, 'POST', '/quick-messages', {
      shortcode: adminPersonal,
      message: 'Only for the admin',
      geral: false,
    });
    adminPage = await openPage(browser);
    agentPage = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('the admin creates a general quick reply', async () => {
    await logInAsAdmin(adminPage, app);
    await openFromMenu(adminPage, '/quick-messages');
    await adminPage.getByRole('heading', { level: 1, name: 'Quick replies' }).waitFor();
    await row(adminPage, adminPersonal).waitFor();

    await adminPage.getByRole('button', { name: 'Add quick reply' }).click();
    // the shortcode is required
    const form = adminPage.getByTestId('quick-message-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Required', { exact: true }).waitFor();
    await save(adminPage, 'Add quick reply', {
      shortcode: general,
      message: 'Hello! How can we help?',
      general: true,
    });
    const created = row(adminPage, general);
    await created.waitFor();
    expect(await created.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining([general, 'No attachment', 'Yes']),
    );
    await created.getByRole('button', { name: 'Edit' }).waitFor();
  });

  it('an agent sees the general reply read-only and not the admin’s personal one', async () => {
    await logIn(agentPage, app, agent.email, agent.password);
    await openFromMenu(agentPage, '/quick-messages');
    const shared = row(agentPage, general);
    await shared.waitFor();
    expect(await shared.getByRole('cell').allTextContents()).toContain('Yes');
    expect(await shared.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await shared.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await row(agentPage, adminPersonal).count()).toBe(0);
  });

  it('an agent has no general switch and creates, edits and deletes its own reply', async () => {
    await agentPage.getByRole('button', { name: 'Add quick reply' }).click();
    const form = agentPage.getByTestId('quick-message-form');
    await form.getByLabel('Shortcode').waitFor();
    expect(await form.getByText('General', { exact: true }).count()).toBe(0);
    await save(agentPage, 'Add quick reply', { shortcode: mine, message: 'My own words' });
    const own = row(agentPage, mine);
    await own.waitFor();
    expect(await own.getByRole('cell').allTextContents()).toContain('No');

    await own.getByRole('button', { name: 'Edit' }).click();
    expect(await form.getByLabel('Message').inputValue()).toBe('My own words');
    await save(agentPage, 'Edit quick reply', { message: 'My better words' });

    await own.getByRole('button', { name: 'Delete' }).click();
    const confirm = agentPage.getByRole('alertdialog');
    await confirm.getByText(`Delete ${mine}?`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeText(agentPage, 'Quick reply deleted successfully!');
    await own.waitFor({ state: 'detached' });
    // the general one stays
    await row(agentPage, general).waitFor();
  });
});
