import type { Browser, Page } from 'playwright-core';
import {
  apiCall,
  apiToken,
  logIn,
  logInAsSuper,
  openFromMenu,
  openPage,
  seeText,
  unique,
} from './app-steps.js';
import { launchBrowser, startStandalone, type RunningApp } from './harness.js';

/**
 * /announcements: the super admin publishes a high-priority announcement; a user of another company
 * reads it in the top bar's popover (red left border) and in its dialog.
 */
describe('announcements', () => {
  let app: RunningApp;
  let browser: Browser;
  let superPage: Page;
  let userPage: Page;
  const announcement = {
    title: unique('Maintenance'),
    text: 'The platform restarts at 22:00 UTC.',
  };
  const owner = { email: `owner-${Date.now()}@e2e.test`, password: 'owner-pass-1' };
  const agent = { email: `agent-${Date.now()}@e2e.test`, password: 'agent-pass-1' };

  beforeAll(async () => {
    // an app of its own: an announcement is platform-wide, every later file's top bar would show it
    app = await startStandalone();
    browser = await launchBrowser();
    // the other company and its agent are only the audience here: made through the API with the super's token
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    const plans = await apiCall<{ id: number }[]>(app, token, 'GET', '/plans/all');
    await apiCall(app, token, 'POST', '/companies', {
      name: unique('Other Co'),
      email: owner.email,
      password: owner.password,
      planId: plans[0]!.id,
    });
    const ownerToken = await apiToken(app, owner.email, owner.password);
    await apiCall(app, ownerToken, 'POST', '/users', {
      name: 'Other Agent',
      profile: 'user',
      ...agent,
    });
    superPage = await openPage(browser);
    userPage = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('the super admin creates an active high-priority announcement', async () => {
    await logInAsSuper(superPage, app);
    await openFromMenu(superPage, '/announcements');
    await superPage.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
    await superPage.getByText('No announcements found.').waitFor();

    await superPage.getByRole('button', { name: 'Add announcement' }).click();
    const form = superPage.getByTestId('announcement-form');
    await form.getByRole('heading', { name: 'New announcement' }).waitFor();
    await form.getByLabel('Title', { exact: true }).fill(announcement.title);
    await form.getByLabel('Text', { exact: true }).fill(announcement.text);
    await form.getByLabel('Priority', { exact: true }).selectOption({ label: 'High' });
    await form.getByText('Active', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await seeText(superPage, 'Announcement saved successfully!');
    await form.waitFor({ state: 'hidden' });

    const row = superPage.getByTestId('announcement-row').filter({ hasText: announcement.title });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining([announcement.title, 'High', 'Active']),
    );
  });

  it('a user of another company sees it in the popover with a red border and opens it', async () => {
    await logIn(userPage, app, agent.email, agent.password);
    await userPage.getByTestId('announcements').click();
    const item = userPage.getByTestId('announcement-item').filter({ hasText: announcement.title });
    await item.waitFor();
    expect(await item.getAttribute('data-priority')).toBe('1');
    const border = await item.evaluate((el) => {
      const style = getComputedStyle(el);
      return { width: style.borderLeftWidth, color: style.borderLeftColor };
    });
    expect(border.width).toBe('4px');
    const [r, g, b] = (border.color.match(/\d+/g) ?? []).map(Number);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(100);
    expect(await item.textContent()).toContain(announcement.text);
    await userPage.screenshot({ path: '/tmp/sb-e2e-announcements-popover.png' });

    await item.click();
    const dialog = userPage.getByTestId('announcement-dialog');
    await dialog.getByText(announcement.title).waitFor();
    await dialog.getByText(announcement.text).waitFor();
    // the screenshot after the opening animation, as a person sees it
    await dialog.evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
    await userPage.screenshot({ path: '/tmp/sb-e2e-announcement-dialog.png' });
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
