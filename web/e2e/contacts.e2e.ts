import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { logInAsAdmin, openFromMenu, openPage, seeText, unique } from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';
import { screenProblems } from './page-checks.js';

/**
 * /contacts: the super admin adds a contact through the modal, edits it, finds it by search, blocks and
 * unblocks it, exports the list as backup_contatos.xlsx and deletes it; erases another for good (LGPD).
 */
describe('contacts screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const contact = {
    name: unique('Contact'),
    number: `55119${String(Date.now()).slice(-8)}`,
    email: `contact-${Date.now()}@e2e.test`,
  };
  const renamed = `${contact.name} Renamed`;
  const row = () =>
    page.locator('[data-testid^="contact-row-"]').filter({ hasText: contact.number });

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('adds a contact through the modal and sees it in the list', async () => {
    await logInAsAdmin(page, app);
    await openFromMenu(page, '/contacts');
    await page.getByRole('heading', { level: 1, name: 'Contacts' }).waitFor();

    await page.getByRole('button', { name: 'Add contact' }).click();
    const modal = page.getByTestId('contact-modal');
    await modal.getByRole('heading', { name: 'Add contact' }).waitFor();
    await modal.getByLabel('Name', { exact: true }).fill(contact.name);
    await modal.getByLabel('Number', { exact: true }).fill(contact.number);
    await modal.getByLabel('Email', { exact: true }).fill(contact.email);
    await modal.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Contact saved successfully.');
    await modal.waitFor({ state: 'detached' });

    await row().waitFor();
    expect(await row().textContent()).toContain(contact.name);
    expect(await row().textContent()).toContain(contact.email);
  });

  it('shows field errors for bad input instead of saving', async () => {
    await page.getByRole('button', { name: 'Add contact' }).click();
    const modal = page.getByTestId('contact-modal');
    await modal.getByLabel('Name', { exact: true }).fill('A');
    await modal.getByLabel('Number', { exact: true }).fill('1');
    await modal.getByLabel('Email', { exact: true }).fill('not-an-email');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Too short!').first().waitFor();
    await modal.getByText('Invalid email').waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it('edits the contact', async () => {
    await row().getByRole('button', { name: 'Edit' }).click();
    const modal = page.getByTestId('contact-modal');
    await modal.getByRole('heading', { name: 'Edit contact' }).waitFor();
    expect(await modal.getByLabel('Name', { exact: true }).inputValue()).toBe(contact.name);
    await modal.getByLabel('Name', { exact: true }).fill(renamed);
    await modal.getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Contact saved successfully.');
    await modal.waitFor({ state: 'detached' });
    await row().filter({ hasText: renamed }).waitFor();
  });

  it('finds the contact by search, and only the matching ones', async () => {
    const search = page.getByPlaceholder('Search contacts');
    await search.fill('nobody-has-this-name');
    await row().waitFor({ state: 'detached' });
    await search.fill(renamed);
    await row().waitFor();
    expect(await page.locator('[data-testid^="contact-row-"]').count()).toBe(1);
    await search.fill('');
  });

  it('blocks and unblocks the contact', async () => {
    await row().getByRole('button', { name: 'Block contact' }).click();
    await seeText(page, 'Contact blocked');
    await row().getByText('Blocked', { exact: true }).waitFor();
    await row().getByRole('button', { name: 'Unblock contact' }).click();
    await seeText(page, 'Contact unblocked');
    await row().getByText('Blocked', { exact: true }).waitFor({ state: 'detached' });
    await row().getByRole('button', { name: 'Block contact' }).waitFor();
  });

  it('exports the list as backup_contatos.xlsx', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('backup_contatos.xlsx');
    const file = await download.path();
    // an xlsx is a zip archive
    expect(readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('deletes the contact after confirming', async () => {
    await row().getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Delete ${renamed}?`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'Contact deleted.');
    await row().waitFor({ state: 'detached' });
  });

  it('erases a contact for good (LGPD) after saying what goes', async () => {
    const other = { name: unique('Leaving'), number: `55118${String(Date.now()).slice(-8)}` };
    await page.getByRole('button', { name: 'Add contact' }).click();
    const modal = page.getByTestId('contact-modal');
    await modal.getByLabel('Name', { exact: true }).fill(other.name);
    await modal.getByLabel('Number', { exact: true }).fill(other.number);
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    const leaving = page.locator('[data-testid^="contact-row-"]').filter({ hasText: other.number });

    const found = await screenProblems(
      page,
      'contact-erase',
      async () => {
        await leaving.getByRole('button', { name: 'Erase (LGPD)' }).click();
        const confirm = page.getByRole('alertdialog');
        await confirm.getByText(`Erase ${other.name} for good?`).waitFor();
        await confirm.getByText(/The dashboard's counts stay/).waitFor();
      },
      {
        sizes: [{ width: 1280, height: 720 }],
        leave: async () => {
          await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
          await page.getByRole('alertdialog').waitFor({ state: 'detached' });
        },
      },
    );
    expect(found).toEqual([]);

    await leaving.getByRole('button', { name: 'Erase (LGPD)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Erase' }).click();
    await seeText(page, 'Contact erased.');
    await leaving.waitFor({ state: 'detached' });
  });
});
