import type { Browser, Page } from 'playwright-core';
import { goInApp, logInAsAdmin, openFromMenu, openPage, seeText } from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';
import { screenProblems } from './page-checks.js';

/**
 * /todolist (spec 3 §2.20): a to-do list kept in the browser only (storage key `tasks`). The person adds
 * an item (blank text is ignored), edits it (the button turns from Add into Save), finds it again after
 * a reload, deletes it; the button reads right in the four languages; the page fits every screen in
 * both themes without serious axe violations.
 */
describe('to-do list', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const items = () => page.getByTestId('todo-item');
  const form = () => page.getByTestId('todo-form');
  const stored = () =>
    page.evaluate(() => JSON.parse(localStorage.getItem('tasks') ?? 'null') as unknown);

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('adds an item from the drawer link, ignoring blank text', async () => {
    await logInAsAdmin(page, app);
    await openFromMenu(page, '/todolist');
    await page.getByRole('heading', { level: 1, name: 'To-do list' }).waitFor();
    await seeText(page, 'No tasks yet. They are kept in this browser only.');
    await form().getByLabel('New task').fill('   ');
    await form().getByRole('button', { name: 'Add' }).click();
    expect(await items().count()).toBe(0);

    await form().getByLabel('New task').fill('Call Ana about the invoice');
    await form().getByRole('button', { name: 'Add' }).click();
    await items().filter({ hasText: 'Call Ana about the invoice' }).waitFor();
    await items()
      .getByText(/^Updated \d/)
      .waitFor();
    expect(await form().getByLabel('New task').inputValue()).toBe('');
    expect(await stored()).toEqual([
      {
        text: 'Call Ana about the invoice',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
  });

  it('edits the item: the button reads Save, and the change stays after a reload', async () => {
    const before = ((await stored()) as { updatedAt: string }[])[0]!.updatedAt;
    await page.waitForTimeout(1100);
    await items().getByRole('button', { name: 'Edit' }).click();
    const box = form().getByLabel('New task');
    expect(await box.inputValue()).toBe('Call Ana about the invoice');
    await form().getByRole('button', { name: 'Save' }).waitFor();
    await box.fill('Call Ana at 15:00');
    await form().getByRole('button', { name: 'Save' }).click();
    await form().getByRole('button', { name: 'Add' }).waitFor();
    await page.reload();
    await items().filter({ hasText: 'Call Ana at 15:00' }).waitFor();
    const [item] = (await stored()) as { createdAt: string; updatedAt: string }[];
    expect(item!.updatedAt > before).toBe(true);
    expect(item!.createdAt).toBe(before);
  });

  it('labels Add and Save in each language', async () => {
    const labels = {
      'pt-BR': ['Adicionar', 'Salvar'],
      en: ['Add', 'Save'],
      es: ['Agregar', 'Guardar'],
      tr: ['Ekle', 'Kaydet'],
    } as const;
    for (const [language, [add, save]] of Object.entries(labels)) {
      await page.evaluate((language) => localStorage.setItem('i18nextLng', language), language);
      await page.reload();
      await form().getByRole('button', { name: add, exact: true }).waitFor();
      // the item's first button is its edit button, named in the page's language
      await items().getByRole('button').first().click();
      await form().getByRole('button', { name: save, exact: true }).waitFor();
    }
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    await page.reload();
    await form().getByRole('button', { name: 'Add' }).waitFor();
  });

  it('fits the screens in both themes, and axe finds nothing serious', async () => {
    const found = await screenProblems(page, 'todolist', async () => {
      await goInApp(page, '/todolist');
      await items().first().waitFor();
    });
    expect(found).toEqual([]);
  });

  it('deletes the item', async () => {
    await items().getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'No tasks yet. They are kept in this browser only.');
    expect(await stored()).toEqual([]);
  });
});
