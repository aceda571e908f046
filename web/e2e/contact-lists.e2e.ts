import type { Browser, Page } from 'playwright-core';
import writeXlsxFile from 'write-excel-file/node';
import { goInApp, logInAsAdmin, openFromMenu, openPage, seeText, unique } from './app-steps.js';
import { screenProblems } from './page-checks.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';

/**
 * /contact-lists (spec 3 §2.5, §2.6): with campaignsEnabled on (the default) the drawer links and the
 * routes are there after login; the admin adds a list, opens its contacts and imports a sheet after the
 * confirmation: the report says how many rows were added and why each other row was refused, and the
 * list counts the contacts it kept.
 */
describe('contact lists screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const listName = unique('Import list');
  let itemsPath = '';

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('adds a list from the drawer link', async () => {
    await logInAsAdmin(page, app);
    await openFromMenu(page, '/contact-lists');
    await page.getByRole('heading', { level: 1, name: 'Contact lists' }).waitFor();
    await page.getByRole('button', { name: 'New list' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('A');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByText('Too short').waitFor();
    await page.getByRole('dialog').getByLabel('Name').fill(listName);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Saved successfully!');
    await page.getByTestId('contact-list-row').filter({ hasText: listName }).waitFor();
  });

  it('imports a sheet after the confirmation, with a per-row report', async () => {
    const row = page.getByTestId('contact-list-row').filter({ hasText: listName });
    await row.getByRole('button', { name: 'Open contacts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Contacts of the list' }).waitFor();
    itemsPath = new URL(page.url()).pathname;
    const sheet = await writeXlsxFile([
      ['nome', 'numero', 'email'],
      ['Ana Import', '5511988880001', 'ana@sheet.test'],
      ['Bruno Import', '5511988880002', ''],
      ['C', '5511988880003', ''],
      ['Dora Import', '5511988880004', 'not-an-email'],
    ]).toBuffer();
    await page.getByTestId('list-import-input').setInputFiles({
      name: 'contacts.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: sheet,
    });
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('Import the contacts of contacts.xlsx into this list?', { exact: false })
      .waitFor();
    await confirm.getByRole('button', { name: 'Import' }).click();
    const report = page.getByTestId('list-import-report');
    await report.getByText('4 rows read: 2 added, 0 updated, 2 refused.').waitFor();
    await report.getByText('Row 4: Name: Too short').waitFor();
    await report.getByText('Row 5: Email: Invalid email').waitFor();
    const items = page.getByTestId('contact-list-item-row');
    await items.filter({ hasText: 'Ana Import' }).waitFor();
    expect(await items.count()).toBe(2);
    // no connected connection checks the numbers here: they say so
    await items.first().getByLabel('Not checked yet').waitFor();

    await page.getByRole('button', { name: 'Back to lists' }).click();
    // the lists page loads after the click: wait for the row and its count before reading the cells
    await row.getByRole('cell', { name: '2', exact: true }).waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 2)).toEqual([listName, '2']);
  });

  it('fits the common screens and a phone, with no serious axe violation in either theme', async () => {
    // the longest name the form takes, in one word, must wrap or cut rather than widen the page
    await page.goto(`${app.webUrl}/contact-lists`);
    await page.getByRole('button', { name: 'New list' }).click();
    const longName = 'Clientes_da_campanha_de_fim_de_ano_regiao_Sudeste_'.slice(0, 50);
    await page.getByRole('dialog').getByLabel('Name').fill(longName);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Saved successfully!');

    const pages = [
      { path: '/contact-lists', heading: 'Contact lists' },
      { path: itemsPath, heading: 'Contacts of the list' },
      { path: '/campaigns-config', heading: 'Campaign settings' },
    ];
    const found: string[] = [];
    for (const { path, heading } of pages)
      found.push(
        ...(await screenProblems(page, path.replace(/\//g, '-').slice(1), async () => {
          await goInApp(page, path);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          await page.waitForLoadState('networkidle');
        })),
      );
    expect(found).toEqual([]);
  });
});
