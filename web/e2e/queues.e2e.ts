import type { Browser, Page } from 'playwright-core';
import { logInAsAdmin, openFromMenu, openPage, seeText, unique } from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';

/**
 * /queues: the super admin creates a queue with a colour, a greeting and a chatbot option added in the
 * option editor; a second queue with the same colour is refused with the catalogue's message.
 */
describe('queues screen', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const queue = { name: unique('Sales'), color: '#12ab34', greeting: 'Welcome to sales!' };
  const option = 'Price list';
  const queueRow = (name: string) => page.getByTestId('queue-row').filter({ hasText: name });
  const modal = () => page.getByTestId('queue-modal');

  /** Fills name, colour and greeting of the open queue dialog. */
  const fillQueue = async (values: { name: string; color: string; greeting: string }) => {
    await modal().getByLabel('Name', { exact: true }).fill(values.name);
    await modal().getByRole('textbox', { name: 'Color', exact: true }).fill(values.color);
    await modal().getByLabel('Greeting message', { exact: true }).fill(values.greeting);
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

  it('creates a queue with a colour, a greeting and a chatbot option', async () => {
    await logInAsAdmin(page, app);
    await openFromMenu(page, '/queues');
    await page.getByRole('heading', { level: 1, name: 'Queues & chatbot' }).waitFor();
    const before = Number(
      (await page.getByTestId('queues-count').textContent())?.match(/\d+/)?.[0],
    );

    await page.getByRole('button', { name: 'Add queue' }).click();
    await modal().getByRole('heading', { name: 'Add queue' }).waitFor();
    await fillQueue(queue);

    // the option editor: a new option opens with a name shorter than 4 characters flagged
    await modal().getByRole('button', { name: 'Add option' }).click();
    const optionName = modal().getByRole('textbox', { name: 'Option name' }).first();
    await optionName.waitFor();
    await modal().getByText('Required').first().waitFor();
    await optionName.fill(option);
    expect(await modal().getByRole('textbox', { name: 'Option name' }).count()).toBe(1);

    await modal().getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'Queue saved successfully!');
    await modal().waitFor({ state: 'detached' });

    const row = queueRow(queue.name);
    await row.waitFor();
    expect(await row.textContent()).toContain(queue.greeting);
    expect(await row.getByLabel(queue.color).count()).toBe(1);
    await page
      .getByTestId('queues-count')
      .getByText(`Queues (${before + 1})`)
      .waitFor();
  });

  it('shows the saved chatbot option when the queue is edited', async () => {
    await queueRow(queue.name).getByRole('button', { name: 'Edit' }).click();
    await modal().getByRole('heading', { name: 'Edit queue' }).waitFor();
    expect(await modal().getByLabel('Name', { exact: true }).inputValue()).toBe(queue.name);
    const optionName = modal().getByRole('textbox', { name: 'Option name' });
    await optionName.first().waitFor();
    expect(await optionName.count()).toBe(1);
    expect(await optionName.first().inputValue()).toBe(option);
    await modal().getByRole('button', { name: 'Cancel' }).click();
    await modal().waitFor({ state: 'detached' });
  });

  it('refuses a second queue with the same colour', async () => {
    await page.getByRole('button', { name: 'Add queue' }).click();
    await modal().getByRole('heading', { name: 'Add queue' }).waitFor();
    await fillQueue({
      name: unique('Support'),
      color: queue.color,
      greeting: 'Hello from support',
    });
    await modal().getByRole('button', { name: 'Save' }).click();
    await seeText(page, 'This colour is already used by another queue; choose another one.');
    // the dialog stays open for another colour
    expect(await modal().isVisible()).toBe(true);
    await modal().getByRole('button', { name: 'Cancel' }).click();
    await modal().waitFor({ state: 'detached' });
    expect(await page.getByTestId('queue-row').filter({ hasText: 'Support' }).count()).toBe(0);
  });

  it('deletes the queue after confirming', async () => {
    await queueRow(queue.name).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Delete ${queue.name}?`).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'Queue deleted successfully!');
    await queueRow(queue.name).waitFor({ state: 'detached' });
  });
});
