import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken, logIn, logInAsAdmin, openPage, unique } from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';

/**
 * The first ten minutes (issue 14): on a company with no queue the admin sees the first steps on
 * /tickets and accepts a customer's pending ticket from the queue-choice dialog; a WhatsApp-formatted
 * answer renders as bold, italic, struck, mono and a link in the bubble and without markers in the
 * list; in a Portuguese browser dates read dd/mm/yyyy.
 */
describe('first run', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let ticketUuid = '';
  const contact = { name: unique('Nina'), number: `55119${String(Date.now()).slice(-8)}` };
  const formatted = '*bold* _it_ ~st~ ```mono``` https://example.com';
  const header = () => page.getByTestId('chat-header');
  const row = () => page.locator('[data-testid^="ticket-row-"]', { hasText: contact.name });

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    // a customer's pending ticket without queue, as a message to a fresh install leaves it
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    const created = await apiCall<{ id: number }>(app, token, 'POST', '/contacts', contact);
    const ticket = await apiCall<{ uuid: string; status: string; queueId: number | null }>(
      app,
      token,
      'POST',
      '/tickets',
      { contactId: created.id, status: 'pending' },
    );
    expect(ticket).toMatchObject({ status: 'pending', queueId: null });
    ticketUuid = ticket.uuid;
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the admin the first steps on an empty company', async () => {
    await logInAsAdmin(page, app);
    await page.goto(`${app.webUrl}/tickets`);
    const hint = page.getByTestId('first-steps');
    await hint.getByText('First steps').waitFor();
    await hint.locator('a[href="/queues"]').waitFor();
    await hint.locator('a[href="/users"]').waitFor();
  });

  it('accepts the pending ticket without a queue from the dialog', async () => {
    await page.getByRole('tab', { name: /Pending/ }).click();
    await row().getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Choose the queue' }).waitFor();
    await dialog.getByText('This company has no queue yet').waitFor();
    const start = dialog.getByRole('button', { name: 'Start' });
    expect(await start.isDisabled()).toBe(false);
    await start.click();
    await page.waitForURL(`**/tickets/${ticketUuid}`);
    await header().getByRole('button', { name: 'Resolve' }).waitFor();
  });

  it('renders WhatsApp formatting in the bubble and without markers in the list', async () => {
    const box = page.getByLabel('Message', { exact: true });
    await box.fill(formatted);
    await box.press('Enter');
    const bubble = page
      .getByTestId('message-list')
      .locator('[data-testid^="message-"]', { hasText: 'mono' });
    await bubble.locator('strong', { hasText: 'bold' }).waitFor();
    await bubble.locator('em', { hasText: /^it$/ }).waitFor();
    await bubble.locator('s', { hasText: /^st$/ }).waitFor();
    await bubble.locator('code', { hasText: /^mono$/ }).waitFor();
    const link = bubble.locator('a[href="https://example.com"]');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await bubble.innerText()).not.toMatch(/[*~]|```|_it_/);

    // the open list's row shows the last message formatted lightly, without its markers
    // the open sub-tab (its name carries the count badge)
    await page.getByRole('tab', { name: /^Open\s*\d+$/ }).click();
    await row().locator('strong', { hasText: 'bold' }).waitFor();
    const preview = await row().innerText();
    expect(preview).toContain('bold');
    expect(preview).not.toMatch(/[*~]|```|_it_/);
  });

  it('writes dates in the language: mm/dd/yyyy in English, dd/mm/yyyy in Portuguese', async () => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const [day, month, year] = [pad(now.getDate()), pad(now.getMonth() + 1), now.getFullYear()];
    const logDates = async () => {
      await header().getByRole('button', { name: 'Log' }).click();
      const log = page.getByTestId('ticket-log');
      await log
        .getByText(/^Ticket created by /)
        .or(log.getByText(/^Ticket criado por /))
        .first()
        .waitFor();
      return log.innerText();
    };
    expect(await logDates()).toContain(`${month}/${day}/${year}`);
    await page.keyboard.press('Escape');

    const context = await browser.newContext({
      locale: 'pt-BR',
      viewport: { width: 1280, height: 800 },
    });
    page = await context.newPage();
    await logIn(page, app, app.adminEmail, app.adminPassword);
    await page.goto(`${app.webUrl}/tickets/${ticketUuid}`);
    expect(await logDates()).toContain(`${day}/${month}/${year}`);
    await context.close();
  });
});
