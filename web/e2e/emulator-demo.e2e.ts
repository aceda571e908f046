import type { Browser, Page } from 'playwright-core';
import { GraphEmulator } from '@sb/testing/channel-emulator';
import { emulatorOptionsFrom } from '@sb/testing/emulator';
import { apiCall, apiToken, logInAsSuper, openPage, unique } from './app-steps.js';
import { launchBrowser, startStandalone, type RunningApp } from './harness.js';
import { seriousAxeViolations, sidewaysOverflow, useTheme } from './page-checks.js';

/**
 * The README's channel emulator demo: `npm run emulator` next to `npm start`, a Cloud API connection,
 * and a customer typing on the emulator's page. Its page loads without a 404; an image and a document
 * sent from its file input reach the agent as ticket messages, their media copied from the emulator.
 */
describe('channel emulator demo', () => {
  let app: RunningApp;
  let emulator: GraphEmulator;
  let browser: Browser;
  let customerPage: Page;
  let agentPage: Page;
  const appSecret = 'e2e-emulator-secret';
  const customer = { name: unique('Cris'), number: `55118${String(Date.now()).slice(-8)}` };
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489' +
      '0000000d49444154789c63f8ffff3f0005fe02fea7d6a4bb0000000049454e44ae426082',
    'hex',
  );
  const saved = Object.fromEntries(
    ['META_GRAPH_URL', 'META_APP_SECRET', 'META_VERIFY_TOKEN'].map((name) => [
      name,
      process.env[name],
    ]),
  );

  beforeAll(async () => {
    // what `npm run emulator` runs, on a free port
    emulator = await new GraphEmulator(
      emulatorOptionsFrom({ EMULATOR_PORT: '0', META_APP_SECRET: appSecret }),
    ).start();
    // the harness hands its environment to the standalone, as README's terminal 2 does
    Object.assign(process.env, {
      META_GRAPH_URL: emulator.graphUrl,
      META_APP_SECRET: appSecret,
      META_VERIFY_TOKEN: 'demo',
    });
    // an app of its own: it talks to this file's Cloud API emulator (META_GRAPH_URL)
    app = await startStandalone();
    emulator.setWebhookUrl(`${app.apiUrl}/webhooks/meta`);
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    await apiCall(app, token, 'POST', '/whatsapp', {
      name: 'Cloud API demo',
      channel: 'whatsappapi',
      credentials: { phoneNumberId: '100000000000001', accessToken: 'emulator-token' },
    });
    browser = await launchBrowser();
    customerPage = await openPage(browser);
    agentPage = await openPage(browser);
  });

  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await browser?.close();
    await app?.stop();
    await emulator?.close();
  });

  it('loads the customer page without a 404 and sends an image and a document from it', async () => {
    const failed: string[] = [];
    customerPage.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    customerPage.on('requestfailed', (request) => failed.push(`failed ${request.url()}`));
    await customerPage.goto(`${emulator.url}/`);
    await customerPage.locator('#account option[value="100000000000001"]').waitFor({
      state: 'attached',
    });
    await customerPage.getByLabel('Customer number / id').fill(customer.number);
    await customerPage.getByLabel('Customer name').fill(customer.name);

    const log = customerPage.locator('#log');
    const file = customerPage.getByLabel(/^Image or document to send/);
    await customerPage.getByLabel('Message', { exact: true }).fill('the broken part');
    await file.setInputFiles({ name: 'part.png', mimeType: 'image/png', buffer: png });
    await customerPage.getByRole('button', { name: 'Send file' }).click();
    await log.getByText('[image] the broken part').waitFor();

    await file.setInputFiles({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await customerPage.getByRole('button', { name: 'Send file' }).click();
    await log.getByText('[document: invoice.pdf]').waitFor();
    expect(await customerPage.locator('#error').textContent()).toBe('');
    // the page polls: let a few rounds pass before counting
    await customerPage.waitForTimeout(2000);
    expect(failed).toEqual([]);
    // headless chromium asks for no icon, a desktop browser does: the page declares one, and the
    // address browsers guess answers anyway
    expect(await customerPage.locator('link[rel="icon"]').count()).toBe(1);
    expect((await customerPage.request.get(`${emulator.url}/favicon.ico`)).status()).toBe(204);
  });

  it('shows the customer image and document to the agent in the ticket', async () => {
    await logInAsSuper(agentPage, app);
    await agentPage.goto(`${app.webUrl}/tickets`);
    await agentPage.getByRole('tab', { name: /^Pending/ }).click();
    await agentPage
      .getByTestId(/^ticket-row-/)
      .filter({ hasText: customer.name })
      .waitFor();

    // a pending ticket opens once accepted; the chat itself is what this demo is about
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    const { tickets } = await apiCall<{ tickets: { uuid: string; contact: { name: string } }[] }>(
      app,
      token,
      'GET',
      '/tickets?status=pending&showAll=true',
    );
    const ticket = tickets.find((found) => found.contact.name === customer.name)!;
    await agentPage.goto(`${app.webUrl}/tickets/${ticket.uuid}`);
    const messages = agentPage.getByTestId('message-list');
    const image = messages.locator('[data-testid^="message-"] img').first();
    await image.waitFor();
    // the bytes came from the emulator through connectors' media copy, and the browser shows them
    await agentPage.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await image.elementHandle(),
    );
    await messages.getByText('the broken part').waitFor();
    await messages.getByRole('link', { name: 'invoice.pdf' }).waitFor();

    // the picture opens the conversation's gallery, its bytes served through a signed link
    await messages.getByRole('button', { name: 'Open image' }).first().click();
    const gallery = agentPage.getByRole('dialog');
    await gallery.getByTestId('gallery-position').getByText('1 of 1').waitFor();
    const shown = gallery.getByRole('img');
    await agentPage.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await shown.elementHandle(),
    );
    expect(await seriousAxeViolations(agentPage)).toEqual([]);
    await agentPage.keyboard.press('Escape');
    await gallery.waitFor({ state: 'detached' });
  });

  it("reacts to the customer's message once the ticket is open, and the customer gets it", async () => {
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    const me = await apiCall<{ id: number }>(app, token, 'GET', '/auth/me');
    const { tickets } = await apiCall<{ tickets: { id: number; contact: { name: string } }[] }>(
      app,
      token,
      'GET',
      '/tickets?status=pending&showAll=true',
    );
    const ticket = tickets.find((found) => found.contact.name === customer.name)!;
    await apiCall(app, token, 'PUT', `/tickets/${ticket.id}`, { status: 'open', userId: me.id });
    await agentPage.reload();
    const messages = agentPage.getByTestId('message-list');
    const bubble = messages.locator('[data-testid^="message-"]', { hasText: 'the broken part' });
    const openPicker = async () => {
      await bubble.hover();
      await bubble.getByRole('button', { name: 'Message actions' }).click();
      await agentPage.getByRole('menuitem', { name: 'React with 👍' }).waitFor();
    };
    // the open picker passes axe in both themes, and fits a phone's width
    for (const [theme, size] of [
      ['dark', { width: 390, height: 844 }],
      ['light', { width: 1280, height: 720 }],
    ] as const) {
      await agentPage.setViewportSize(size);
      await useTheme(agentPage, theme);
      await openPicker();
      expect(await seriousAxeViolations(agentPage)).toEqual([]);
      expect(await sidewaysOverflow(agentPage)).toBe(0);
      await agentPage.keyboard.press('Escape');
    }
    await openPicker();
    await agentPage.getByRole('menuitem', { name: 'React with 👍' }).click();
    const sent = await emulator.waitForSent((send) => send.type === 'reaction');
    expect(sent).toMatchObject({ to: customer.number, text: '👍' });
    // the reaction shows in the chat as its own bubble quoting the message
    await messages.locator('[data-testid^="message-"]', { hasText: '👍' }).first().waitFor();
  });
});
