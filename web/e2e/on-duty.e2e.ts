import type { Browser, Page } from 'playwright-core';
import { logInAsAdmin, openPage, seeText } from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';

/**
 * /plantao (spec 3 §2.17): the admin adds an on-duty person through the modal (user from the company's
 * users, phone, interval, a weekday window), sees the hours line in the list, corrects a window the form
 * refuses (end before start), edits the entry and removes it after the confirmation.
 */
describe('on-duty staff screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let person = '';
  const phone = `5511977${String(Date.now()).slice(-6)}`;
  const rows = () => page.getByTestId('on-duty-row');

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('adds an on-duty person with a weekday window', async () => {
    await logInAsAdmin(page, app);
    await page.goto(`${app.webUrl}/plantao`);
    await page.getByRole('heading', { level: 1, name: 'On-duty staff' }).waitFor();
    await seeText(page, 'No on-duty staff yet.');

    await page.getByRole('button', { name: 'Add on-duty person' }).click();
    const form = page.getByTestId('on-duty-form');
    await form.getByRole('heading', { name: 'Add on-duty person' }).waitFor();
    const select = form.getByRole('combobox', { name: 'On-duty person' });
    await select.locator('option').nth(1).waitFor({ state: 'attached' });
    await select.selectOption({ index: 1 });
    person = (await select.locator('option:checked').textContent()) ?? '';
    expect(person).not.toBe('');
    await form.getByLabel('Phone').fill(phone);
    await form.getByLabel('Interval (minutes)').fill('15');
    // a window that ends before it starts is refused by the form
    await form.getByLabel('Monday Start').fill('18:00');
    await form.getByLabel('Monday End').fill('08:00');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('The end must be after the start').waitFor();
    await form.getByLabel('Monday Start').fill('08:00');
    await form.getByLabel('Monday End').fill('18:00');
    await form.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'On-duty person saved');
    await form.waitFor({ state: 'detached' });

    const row = rows().filter({ hasText: phone });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(1, 4)).toEqual([person, phone, 'Monday - 08:00 to 18:00']);
  });

  it('edits the entry: another window, kept after a reload', async () => {
    const row = rows().filter({ hasText: phone });
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('on-duty-form');
    await form.getByRole('heading', { name: 'Edit on-duty person' }).waitFor();
    expect(await form.getByLabel('Monday Start').inputValue()).toBe('08:00');
    expect(await form.getByLabel('Interval (minutes)').inputValue()).toBe('15');
    await form.getByLabel('Saturday Start').fill('09:00');
    await form.getByLabel('Saturday End').fill('13:00');
    await form.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'On-duty person saved');
    await form.waitFor({ state: 'detached' });

    await page.reload();
    const reloaded = rows().filter({ hasText: phone });
    await reloaded.getByText('Saturday - 09:00 to 13:00').waitFor();
    await reloaded.getByText('Monday - 08:00 to 18:00').waitFor();
  });

  it('removes the entry after confirming', async () => {
    const row = rows().filter({ hasText: phone });
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Remove on-duty person').waitFor();
    await confirm.getByText('Do you really want to delete this on-duty person?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'On-duty person removed');
    await row.waitFor({ state: 'detached' });
    await seeText(page, 'No on-duty staff yet.');
  });
});
