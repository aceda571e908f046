import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken, logInAsAdmin, openFromMenu, openPage, seeText } from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';

/**
 * /schedules (spec 3 §2.8): the admin schedules a message to a contact through the dialog and sees it
 * waiting; a schedule due now is taken by the sender, which finds no default connection on this fresh
 * install, so the row turns to Error (live, by the socket event) and says why; the admin deletes one.
 */
describe('schedules screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const stamp = Date.now().toString(36);
  const contactName = `Sched ${stamp}`;
  const contactNumber = `5511966${String(Date.now()).slice(-6)}`;
  const row = (text: string) => page.getByTestId('schedule-row').filter({ hasText: text });

  /** Fills the add dialog: contact searched and chosen, message, and the time when given. */
  const add = async (message: string, sendAt?: string) => {
    await page.getByRole('button', { name: 'New schedule' }).click();
    const form = page.getByTestId('schedule-form');
    await form.getByRole('heading', { name: 'New schedule' }).waitFor();
    await form.getByLabel('Search contacts by name or number').fill(stamp);
    const select = form.getByRole('combobox', { name: 'Contact' });
    await select.locator('option', { hasText: contactName }).waitFor({ state: 'attached' });
    await select.selectOption({ label: `${contactName} (${contactNumber})` });
    await form.getByLabel('Message').fill(message);
    if (sendAt) await form.getByLabel('Send at').fill(sendAt);
    await form.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Schedule saved successfully!');
    await form.waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    await apiCall(app, token, 'POST', '/contacts', {
      name: contactName,
      number: contactNumber,
    });
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('schedules a message to a contact for later', async () => {
    await logInAsAdmin(page, app);
    await openFromMenu(page, '/schedules');
    await page.getByRole('heading', { level: 1, name: 'Schedules' }).waitFor();
    await add('Your order is ready for pick-up at the store');
    const created = row('Your order is ready for p...');
    await created.waitFor();
    const cells = await created.getByRole('cell').allTextContents();
    expect(cells).toEqual(expect.arrayContaining([contactName, 'Pending']));
    // the default time is one hour ahead, in the browser's language (English: MM/DD/YYYY hh:mm:ss AM)
    expect(cells[2]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\s[AP]M$/);
  });

  it('a schedule due now fails without a default connection, and says why', async () => {
    // the current minute in the browser's time zone, as the time input takes it
    const now = await page.evaluate(() => {
      const d = new Date();
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    });
    await add('Right now please', now);
    const due = row('Right now please');
    await due.waitFor();
    const failed = due.getByText('Error', { exact: true });
    await failed.waitFor({ timeout: 30_000 });
    expect(await failed.getAttribute('title')).toMatch(/^No default connection found/);
    // a failed schedule cannot be edited any more; the admin may still delete it
    expect(await due.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await due.getByRole('button', { name: 'Delete' }).waitFor();
  });

  it('deletes a schedule after confirming', async () => {
    const doomed = row('Your order is ready for p...');
    await doomed.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Delete the schedule for ${contactName}?`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'Schedule deleted successfully!');
    await doomed.waitFor({ state: 'detached' });
    await row('Right now please').waitFor();
  });
});
