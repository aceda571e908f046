import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken, logInAsAdmin, openPage, seeText, unique } from './app-steps.js';
import { launchBrowser, appWithOwnCompany, type RunningApp } from './harness.js';

/**
 * /tickets (spec 1 §2, §4): the admin opens a new ticket from the speed dial for a contact made through
 * the API, writes a ticket note and a private message, sends a text that no connection can carry (the
 * message stays with the clock and says why), reads the ticket log, returns the ticket to its queue and
 * accepts it, transfers it to the queue, closes it and reopens it from the closed tab.
 */
describe('ticket workspace', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  const contact = { name: unique('Tess'), number: `55119${String(Date.now()).slice(-8)}` };
  const queueName = unique('Support');
  const header = () => page.getByTestId('chat-header');
  const messages = () => page.getByTestId('message-list');
  const privateSwitch = () =>
    page.getByTestId('composer').getByText('Private note', { exact: true });

  /** Waits until the open chat's header offers exactly this action (the ticket's status changed). */
  const headerOffers = (name: string) =>
    header().getByRole('button', { name, exact: true }).waitFor();

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    // the contact, the queue and the admin's membership of it are the setting: made through the API
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    await apiCall(app, token, 'POST', '/contacts', contact);
    const queue = await apiCall<{ id: number }>(app, token, 'POST', '/queue', {
      name: queueName,
      color: '#2277cc',
    });
    const me = await apiCall<{ id: number }>(app, token, 'GET', '/auth/me');
    await apiCall(app, token, 'PUT', `/users/${me.id}`, { queueIds: [queue.id] });
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('opens a new ticket for the contact from the speed dial', async () => {
    await logInAsAdmin(page, app);
    await page.goto(`${app.webUrl}/tickets`);
    await page.getByText('Choose a ticket to start chatting').waitFor();

    await page.getByRole('button', { name: 'Ticket actions' }).click();
    // the admin may close all tickets of the chosen queues
    await page.getByRole('button', { name: 'Close all' }).waitFor();
    await page.getByRole('button', { name: 'New ticket' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Search contact (3 or more characters)').fill(contact.name.slice(0, 8));
    const option = `${contact.name} (${contact.number})`;
    await dialog.locator('option', { hasText: option }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Contact', { exact: true }).selectOption({ label: option });
    await dialog.getByLabel('Queue', { exact: true }).selectOption({ label: queueName });
    await dialog.getByRole('button', { name: 'Create' }).click();

    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await header().getByText(contact.name).waitFor();
    await headerOffers('Resolve');
  });

  it('keeps a ticket note and a private message, and says why a text could not be sent', async () => {
    await page.getByLabel('New note').fill('Called about the invoice');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Called about the invoice').waitFor();
    await page.getByText('Note added successfully!').waitFor();

    const box = page.getByLabel('Message', { exact: true });
    await privateSwitch().click();
    await box.fill('Only the team reads this');
    await box.press('Enter');
    const note = messages().locator('[data-testid^="message-"]', {
      hasText: 'Only the team reads this',
    });
    await note.getByText('Private note').waitFor();
    // a private note never leaves the company: nothing offers to forward it
    expect(await note.getByRole('button', { name: 'Forward' }).count()).toBe(0);

    await privateSwitch().click();
    await box.fill('Hello, how can we help?');
    await box.press('Enter');
    const sent = messages().locator('[data-testid^="message-"]', {
      hasText: 'Hello, how can we help?',
    });
    await sent.waitFor();
    // the ticket has no connected connection: the message stays with its clock and says why
    await sent
      .getByText('Not sent: This connection is not initialised. Check the connections page.')
      .waitFor();
    await sent.getByRole('img', { name: 'Pending' }).waitFor();
    // the private message was never offered to a channel
    expect(await note.getByTestId('send-error').count()).toBe(0);
  });

  it('shows the ticket log', async () => {
    await header().getByRole('button', { name: 'Log' }).click();
    const log = page.getByTestId('ticket-log');
    await log.getByText(/^Ticket created by /).waitFor();
    await log.getByText(new RegExp(`^Opened by .+ in ${queueName}$`)).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await log.waitFor({ state: 'detached' });
  });

  it('returns the ticket to its queue, accepts it, and transfers it to the queue', async () => {
    await header().getByRole('button', { name: 'Return to queue' }).click();
    await headerOffers('Accept');
    // pending: the composer waits for the ticket to be accepted
    await page.getByPlaceholder('Accept or reopen the ticket to reply').waitFor();

    await header().getByRole('button', { name: 'Accept' }).click();
    await headerOffers('Resolve');

    await header().getByRole('button', { name: 'Transfer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Transfer ticket' }).waitFor();
    // the ticket's queue is chosen once the queue list has loaded
    await dialog
      .getByLabel('Queue', { exact: true })
      .locator('option:checked', { hasText: queueName })
      .waitFor({ state: 'attached' });
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await dialog.waitFor({ state: 'detached' });
    // a queue without a user makes it pending again
    await headerOffers('Accept');
    await header().getByRole('button', { name: 'Accept' }).click();
    await headerOffers('Resolve');
  });

  it('closes the ticket and reopens it from the closed tab', async () => {
    await header().getByRole('button', { name: 'Resolve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/tickets');
    await seeText(page, 'Choose a ticket to start chatting');

    await page.getByRole('tab', { name: 'Closed' }).click();
    const row = page.locator('[data-testid^="ticket-row-"]', { hasText: contact.name });
    await row.getByRole('button', { name: 'Reopen' }).waitFor();
    await row.getByText(contact.name).click();
    await header().getByText(contact.name).waitFor();
    await header().getByRole('button', { name: 'Reopen' }).click();
    await headerOffers('Resolve');
    expect(await page.getByLabel('Message', { exact: true }).isDisabled()).toBe(false);
    await messages().getByText('Hello, how can we help?').waitFor();
  });
});
