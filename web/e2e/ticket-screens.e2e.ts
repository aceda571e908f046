import type { Browser, Locator, Page } from 'playwright-core';
import { GraphEmulator } from '@sb/testing/channel-emulator';
import { emulatorOptionsFrom } from '@sb/testing/emulator';
import { apiCall, apiToken, logInAsSuper, unique } from './app-steps.js';
import { launchBrowser, startStandalone, type RunningApp } from './harness.js';
import { seriousAxeViolations, sidewaysOverflow, until, useTheme } from './page-checks.js';

/** WCAG 2 contrast ratio of two CSS `rgb(...)` colours. */
const contrast = (a: string, b: string): number => {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? ['0', '0', '0'])
      .slice(0, 3)
      .map((c) => Number(c) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

/**
 * The agent's ticket workspace, driven as a person does, with a customer writing from the channel
 * emulator: a waiting ticket previewed then accepted; the open ticket kept read while the customer
 * writes; a message's menu opened by hover, right click, keyboard and a long press on a phone; files
 * previewed with a caption before they go; an emoji picked into the text; tag chips that read.
 */
describe('ticket workspace screens', () => {
  let app: RunningApp;
  let emulator: GraphEmulator;
  let browser: Browser;
  let customerPage: Page;
  let page: Page;
  let token: string;
  let ticketUrl = '';
  const appSecret = 'e2e-screens-secret';
  const customer = { name: unique('Rita'), number: `55117${String(Date.now()).slice(-8)}` };
  const tagName = unique('Pink');
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
  const messages = () => page.getByTestId('message-list');
  const bubble = (text: string) =>
    messages().locator('[data-testid^="message-"]', { hasText: text }).first();
  const header = () => page.getByTestId('chat-header');
  const row = () =>
    page.locator('[data-testid^="ticket-row-"]:visible', { hasText: customer.name }).first();

  /** The customer writes from the emulator's page. */
  const customerSays = async (text: string) => {
    await customerPage.getByLabel('Message', { exact: true }).fill(text);
    await customerPage.getByRole('button', { name: 'Send', exact: true }).click();
    await customerPage.locator('#log').getByText(text).waitFor();
  };

  /** The menu is whole on the screen: nothing of it cut at the window's edge. */
  const menuFits = async (target: Page) => {
    const menu = target.getByTestId('message-menu');
    await menu.waitFor();
    const box = (await menu.boundingBox())!;
    const { width, height } = target.viewportSize()!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
  };

  /** A press held on the element with a finger (touch events, as a phone sends them). */
  const longPress = async (target: Page, element: Locator) => {
    const box = (await element.boundingBox())!;
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await target.context().newCDPSession(target);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await target.waitForTimeout(1000);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };

  beforeAll(async () => {
    emulator = await new GraphEmulator(
      emulatorOptionsFrom({ EMULATOR_PORT: '0', META_APP_SECRET: appSecret }),
    ).start();
    Object.assign(process.env, {
      META_GRAPH_URL: emulator.graphUrl,
      META_APP_SECRET: appSecret,
      META_VERIFY_TOKEN: 'screens',
    });
    // an app of its own: it talks to this file's Cloud API emulator (META_GRAPH_URL)
    app = await startStandalone();
    emulator.setWebhookUrl(`${app.apiUrl}/webhooks/meta`);
    token = await apiToken(app, app.adminEmail, app.adminPassword);
    await apiCall(app, token, 'POST', '/whatsapp', {
      name: 'Cloud API screens',
      channel: 'whatsappapi',
      credentials: { phoneNumberId: '100000000000001', accessToken: 'emulator-token' },
    });
    // the tag colour: white text on it was unreadable
    await apiCall(app, token, 'POST', '/tags', { name: tagName, color: '#ffc0cb', kanban: 0 });
    browser = await launchBrowser();
    customerPage = await (await browser.newContext({ locale: 'en-US' })).newPage();
    page = await (
      await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } })
    ).newPage();
    await customerPage.goto(`${emulator.url}/`);
    await customerPage.locator('#account option[value="100000000000001"]').waitFor({
      state: 'attached',
    });
    await customerPage.getByLabel('Customer number / id').fill(customer.number);
    await customerPage.getByLabel('Customer name').fill(customer.name);
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

  it('previews a waiting ticket read-only, then accepts it', async () => {
    await customerSays('hello, is anyone there?');
    await logInAsSuper(page, app);
    await page.goto(`${app.webUrl}/tickets`);
    await page.getByRole('tab', { name: /^Pending/ }).click();
    await row().getByText(customer.name).click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    ticketUrl = page.url();
    await page.getByTestId('pending-preview').waitFor();
    await bubble('hello, is anyone there?').waitFor();
    expect(await page.getByLabel('Message', { exact: true }).isDisabled()).toBe(true);
    // read-only: the message offers no actions
    expect(
      await bubble('hello, is anyone there?')
        .getByRole('button', { name: 'Message actions' })
        .count(),
    ).toBe(0);
    // the row's buttons stay inside the list
    // each status tab keeps its own list: the one shown is the Pending tab's
    const list = (await page.locator('[data-testid="ticket-list"]:visible').boundingBox())!;
    for (const button of await row().getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(list.x + list.width);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);

    await header().getByRole('button', { name: 'Accept', exact: true }).click();
    // the company has no queue yet: the queue choice says so and starts without one
    await page.getByRole('dialog').getByRole('button', { name: 'Start' }).click();
    await header().getByRole('button', { name: 'Resolve', exact: true }).waitFor();
    await page.getByTestId('pending-preview').waitFor({ state: 'detached' });
  });

  it('keeps the open ticket read while the customer writes', async () => {
    await page.getByRole('tab', { name: /^Open/ }).first().click();
    await customerSays('the part is broken');
    await customerSays('can you send a new one?');
    await bubble('can you send a new one?').waitFor();
    // no badge on the ticket being read, and its count is back to 0 for everyone
    expect(await row().getByTestId('unread-badge').count()).toBe(0);
    await until(page, async () => {
      const { tickets } = await apiCall<{
        tickets: { contact: { name: string }; unreadMessages: number }[];
      }>(app, token, 'GET', '/tickets?status=open&showAll=true');
      return tickets.find((t) => t.contact.name === customer.name)?.unreadMessages === 0;
    });
    expect(await row().getByTestId('unread-badge').count()).toBe(0);
  });

  it("opens a message's actions by hover, right click and keyboard, whole on the screen", async () => {
    const message = bubble('the part is broken');
    const chevron = message.getByRole('button', { name: 'Message actions' });
    await message.hover();
    await until(
      page,
      async () => (await chevron.evaluate((el) => getComputedStyle(el).opacity)) === '1',
    );
    await chevron.click();
    await menuFits(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('message-menu').waitFor({ state: 'hidden' });

    // a right click on the bubble opens the same menu where the pointer is
    await message.click({ button: 'right' });
    await menuFits(page);
    await page.getByRole('menuitem', { name: 'Reply' }).click();
    // choosing closes the menu (its closing may still be on screen for a moment)
    await page.getByTestId('message-menu').waitFor({ state: 'hidden' });
    await page.getByTestId('reply-preview').getByText('the part is broken').waitFor();
    await page.getByTestId('reply-preview').getByRole('button', { name: 'Cancel' }).click();

    // by keyboard: the chevron takes the focus, Enter opens the menu, Escape closes it
    await chevron.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Forward' }).waitFor();
    // the menu takes the focus a moment after it shows; Escape before that reaches the chevron
    const menu = page.getByTestId('message-menu');
    await until(page, () => menu.evaluate((el) => el.contains(document.activeElement)));
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it('shows picked files with a caption first and sends them on Send', async () => {
    await page.getByTestId('composer-files').setInputFiles([
      { name: 'new-part.png', mimeType: 'image/png', buffer: png },
      { name: 'manual.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    const preview = page.getByTestId('attachment-preview');
    await preview.getByRole('img', { name: 'new-part.png' }).waitFor();
    await preview.getByText('manual.pdf').waitFor();
    // nothing left yet
    expect(await bubble('here is the new part').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await preview.getByRole('button', { name: 'Remove manual.pdf' }).click();
    await preview.getByLabel('Caption').fill('here is the new part');
    await preview.getByRole('button', { name: 'Send 1 file' }).click();
    await bubble('here is the new part').waitFor();
    await preview.waitFor({ state: 'detached' });
  });

  it('inserts an emoji chosen in the picker where the caret is', async () => {
    const box = page.getByLabel('Message', { exact: true });
    await box.fill('thanks ');
    await page.getByRole('button', { name: 'Emoji', exact: true }).click();
    const picker = page.getByTestId('emoji-picker');
    await picker.getByText('😀', { exact: true }).first().click();
    await until(page, async () => (await box.inputValue()) === 'thanks 😀');
    await box.press('Enter');
    await bubble('thanks 😀').waitFor();
  });

  it('draws tag chips with text that contrasts with the tag colour (WCAG AA)', async () => {
    const available = page.getByRole('button', { name: tagName });
    await available.click();
    await until(page, async () => (await available.getAttribute('aria-pressed')) === 'true');
    for (const theme of ['light', 'dark'] as const) {
      await useTheme(page, theme);
      // the contact drawer's assigned chip, and the ticket row's once the list has it
      await page.getByRole('button', { name: tagName }).waitFor();
      const chips = await page
        .locator('[data-tag-chip]:visible')
        .evaluateAll((elements) =>
          elements.map((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]),
        );
      expect(chips.length).toBeGreaterThan(0);
      for (const [color, background] of chips)
        expect(contrast(color!, background!)).toBeGreaterThanOrEqual(4.5);
    }
    await useTheme(page, 'light');
  });
  // last: the same person moves to a phone, the desktop window closed (one session per user)
  it('opens the menu with a long press on a phone', async () => {
    const storageState = await page.context().storageState();
    await page.context().close();
    const context = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      storageState,
    });
    const phone = await context.newPage();
    await phone.goto(ticketUrl);
    const message = phone
      .getByTestId('message-list')
      .locator('[data-testid^="message-"]', { hasText: 'the part is broken' })
      .first();
    await message.waitFor();
    await longPress(phone, message.getByTestId('chat-bubble'));
    await phone.getByRole('menuitem', { name: 'Reply' }).waitFor();
    await menuFits(phone);
    expect(await sidewaysOverflow(phone)).toBe(0);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await phone.getByRole('menuitem', { name: 'Reply' }).click();
    await phone.getByTestId('reply-preview').waitFor();
    await context.close();
  });
});
