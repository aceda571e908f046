import type { Browser, Page } from 'playwright-core';
import { logInAsAdmin, openFromMenu, openPage, seeText } from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';

/**
 * /files (spec 3 §2.15): the admin creates a file list with two options, one with a file, searches it,
 * edits it (a third option with a file, the first removed) and deletes it.
 */
describe('file lists screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const stamp = Date.now().toString(36);
  const name = `Catalogue ${stamp}`;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
  const row = (label: string) => page.getByTestId('file-list-row').filter({ hasText: label });
  const form = () => page.getByTestId('file-list-form');
  const option = (index: number) => form().getByTestId('file-option').nth(index);

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('creates a list with options and a file', async () => {
    await logInAsAdmin(page, app);
    await openFromMenu(page, '/files');
    await page.getByRole('heading', { level: 1, name: 'File lists' }).waitFor();
    await page.getByRole('button', { name: 'Add file list' }).click();
    await form().getByRole('heading', { name: 'Add file list' }).waitFor();
    await form().getByLabel('Name').fill('Ca');
    await form().getByRole('button', { name: 'Save' }).click();
    await form().getByText('Name too short').waitFor();
    await form().getByText('Required', { exact: true }).waitFor();

    await form().getByLabel('Name').fill(name);
    await form().getByLabel('Message').fill('Choose what you need');
    await form().getByRole('button', { name: 'Add option' }).click();
    await form().getByRole('button', { name: 'Add option' }).click();
    await option(0).getByLabel('Option name').fill('Prices');
    await option(1).getByLabel('Option name').fill('Menu');
    await option(1)
      .getByTestId('file-option-input')
      .setInputFiles({ name: 'menu.pdf', mimeType: 'application/pdf', buffer: pdf });
    await form().getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'File list saved successfully!');
    await form().waitFor({ state: 'detached' });
    await row(name).waitFor();
  });

  it('finds it by search and edits its options, keeping the stored file', async () => {
    await page.getByRole('textbox', { name: 'Search' }).fill(stamp);
    await row(name).waitFor();
    expect(await page.getByTestId('file-list-row').count()).toBe(1);
    await row(name).getByRole('button', { name: 'Edit' }).click();
    await form().getByRole('heading', { name: 'Edit file list' }).waitFor();
    expect(await form().getByTestId('file-option').count()).toBe(2);
    // the uploaded file is remembered on its option
    expect(await option(1).getByTestId('file-option-name').textContent()).toBe('menu.pdf');
    await option(0).getByRole('button', { name: 'Remove option' }).click();
    await form().getByRole('button', { name: 'Add option' }).click();
    await option(1).getByLabel('Option name').fill('Map');
    await option(1)
      .getByTestId('file-option-input')
      .setInputFiles({ name: 'map.pdf', mimeType: 'application/pdf', buffer: pdf });
    await form().getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'File list saved successfully!');
    await form().waitFor({ state: 'detached' });

    await row(name).getByRole('button', { name: 'Edit' }).click();
    await form().getByRole('heading', { name: 'Edit file list' }).waitFor();
    expect(await form().getByTestId('file-option').count()).toBe(2);
    expect(await option(0).getByLabel('Option name').inputValue()).toBe('Menu');
    expect(await option(0).getByTestId('file-option-name').textContent()).toBe('menu.pdf');
    expect(await option(1).getByTestId('file-option-name').textContent()).toBe('map.pdf');
    await form().getByRole('button', { name: 'Cancel' }).click();
    await form().waitFor({ state: 'detached' });
  });

  it('deletes it', async () => {
    await row(name).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Delete ${name}?`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'File list deleted successfully!');
    await row(name).waitFor({ state: 'detached' });
  });
});
