import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  apiCall,
  apiToken,
  chooseSavedLanguage,
  goInApp,
  logInAsSuper,
  unique,
} from './app-steps.js';
import { seriousAxeViolations, sidewaysOverflow } from './page-checks.js';
import { launchBrowser, sharedApp, type RunningApp } from './harness.js';

/**
 * Issue 14: the ticket workspace fits the common screens (the message box keeps its width, its buttons
 * stay on screen and uncovered, the shell is as tall as the window), no page scrolls sideways on a
 * phone and the top bar's controls stay reachable there, and axe finds no serious or critical
 * violation on the main pages, in the light and the dark theme.
 */
describe('layout on common screens and accessibility', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let ticketUuid: string;
  let token: string;
  const contact = { name: unique('Layla'), number: `55219${String(Date.now()).slice(-8)}` };

  const Desktops = [
    { width: 1280, height: 720 },
    { width: 1366, height: 768 },
    { width: 1440, height: 900 },
    { width: 1920, height: 1080 },
  ];
  const Phone = { width: 390, height: 844 };

  const composer = () => page.getByTestId('composer');
  const contactDrawer = () => page.getByTestId('contact-drawer');

  /** Waits until the page's requests have answered (lists and tables arrived), at most 10 s. */
  let inFlight = 0;
  const settled = async () => {
    for (let quiet = 0, waited = 0; quiet < 3 && waited < 10_000; waited += 100) {
      await page.waitForTimeout(100);
      quiet = inFlight === 0 ? quiet + 1 : 0;
    }
  };

  /** Opens the ticket in a window of this size, as a person arriving on it. */
  const openTicketAt = async (width: number, height: number) => {
    await page.setViewportSize({ width, height });
    await page.goto(`${app.webUrl}/tickets/${ticketUuid}`);
    await page.getByTestId('chat-header').getByText(contact.name).waitFor();
    await composer().getByRole('button', { name: 'Send', exact: true }).waitFor();
  };

  /** What does not hold of the composer and the page in this window, as readable problems. */
  const composerProblems = (phone: boolean) =>
    page.evaluate((phone) => {
      const problems: string[] = [];
      const { innerWidth, innerHeight } = window;
      const root = document.querySelector('[data-testid="composer"]');
      const box = root?.querySelector('textarea[aria-label="Message"]');
      if (!root || !box) return ['no composer with a message box'];
      // on a phone the box has the width of the screen, less the composer's padding
      const least = phone ? innerWidth - 32 : 300;
      const width = Math.round(box.getBoundingClientRect().width);
      if (width < least) problems.push(`the message box is ${width} px wide (< ${least})`);
      const buttons = [...root.querySelectorAll('button')];
      for (const name of ['Send', 'Attach', 'Record', 'Quick replies']) {
        const button = buttons.find(
          (b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === name,
        );
        if (!button) {
          problems.push(`no ${name} button`);
          continue;
        }
        const r = button.getBoundingClientRect();
        const at = [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
        const inside =
          r.width > 0 &&
          r.left >= 0 &&
          r.top >= 0 &&
          r.right <= innerWidth &&
          r.bottom <= innerHeight;
        if (!inside) {
          problems.push(`${name} at ${at} is outside the ${innerWidth}x${innerHeight} window`);
          continue;
        }
        // and nothing lies over it (the contact drawer, a menu): a click reaches it
        const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        if (!hit || !button.contains(hit)) problems.push(`${name} at ${at} is covered`);
      }
      const scroller = document.scrollingElement ?? document.documentElement;
      if (scroller.scrollHeight > innerHeight)
        problems.push(`the page is ${scroller.scrollHeight} px tall in a ${innerHeight} px window`);
      if (scroller.scrollWidth > innerWidth)
        problems.push(`the page is ${scroller.scrollWidth} px wide in a ${innerWidth} px window`);
      return problems;
    }, phone);

  beforeAll(async () => {
    // as the super admin, in company 1: what this file checks is the platform's
    app = sharedApp();
    browser = await launchBrowser();
    // the contact, its open ticket with a message, and a connection are the setting: made through the API
    token = await apiToken(app, app.adminEmail, app.adminPassword);
    const made = await apiCall<{ id: number }>(app, token, 'POST', '/contacts', contact);
    const me = await apiCall<{ id: number }>(app, token, 'GET', '/auth/me');
    const ticket = await apiCall<{ id: number; uuid: string }>(app, token, 'POST', '/tickets', {
      contactId: made.id,
      userId: me.id,
      status: 'open',
    });
    ticketUuid = ticket.uuid;
    await apiCall(app, token, 'POST', `/messages/${ticket.id}`, {
      body: 'Only the team reads this',
      isPrivate: true,
    });
    await apiCall(app, token, 'POST', '/whatsapp', { name: unique('Sales line') });
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 768 } });
    page = await context.newPage();
    page.on('request', () => void inFlight++);
    page.on('requestfinished', () => void inFlight--);
    page.on('requestfailed', () => void inFlight--);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('keeps the message box wide and its buttons on screen at every common size', async () => {
    await logInAsSuper(page, app);
    const problems: string[] = [];
    for (const { width, height } of Desktops) {
      await openTicketAt(width, height);
      // the side menu and the contact drawer are open, side by side with the chat
      expect(await page.getByTestId('side-menu').getAttribute('data-state')).toBe('open');
      await contactDrawer().waitFor();
      if (await contactDrawer().getAttribute('data-overlay'))
        problems.push(`${width}x${height}: the contact drawer lies over the chat`);
      await page.screenshot({ path: `/tmp/sb-e2e-tickets-${width}.png` });
      for (const problem of await composerProblems(false))
        problems.push(`${width}x${height}: ${problem}`);
    }
    // a tablet: the list and the chat become tabs rather than squeeze the chat
    await openTicketAt(768, 1024);
    for (const problem of await composerProblems(false)) problems.push(`768x1024: ${problem}`);
    await openTicketAt(Phone.width, Phone.height);
    await page.screenshot({ path: `/tmp/sb-e2e-tickets-${Phone.width}.png` });
    for (const problem of await composerProblems(true))
      problems.push(`${Phone.width}x${Phone.height}: ${problem}`);
    expect(problems).toEqual([]);
  });

  it('lays the contact drawer over the chat where both do not fit, and closes it again', async () => {
    // a small laptop: beside the ticket list the chat has no room for the 320 px drawer too
    await openTicketAt(1024, 700);
    const toggle = page.getByTestId('contact-toggle');
    expect(await contactDrawer().count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await composerProblems(false)).toEqual([]);

    await toggle.click();
    await contactDrawer().waitFor();
    expect(await contactDrawer().getAttribute('data-overlay')).toBe('true');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // over the chat, not beside it: the message box keeps its width
    const box = await composer().getByRole('textbox', { name: 'Message' }).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(300);
    await contactDrawer().getByRole('button', { name: 'Close' }).click();
    await contactDrawer().waitFor({ state: 'detached' });
    expect(await composerProblems(false)).toEqual([]);
  });

  it('lets no page scroll sideways on a phone, and keeps the top bar controls reachable', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.webUrl}/tickets`);
    await page.getByTestId('greeting').waitFor();
    const paths = await page.$$eval('[data-testid="side-menu"] a[href]', (links) =>
      links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
    );
    expect(paths).toContain('/connections');
    expect(paths).toContain('/companies');

    await page.setViewportSize(Phone);
    const wide: string[] = [];
    // in English and in Portuguese, whose labels run longer; from page to page inside the app (a reload
    // per page would run into the gateway's limit on /auth calls)
    // the language saved on the user, as a person picks it: it wins over one only in the browser, and
    // the files on the shared app share this super admin
    const useLanguage = async (language: string) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${app.webUrl}/tickets`);
      await page.getByTestId('greeting').waitFor();
      await chooseSavedLanguage(page, language);
      await page.setViewportSize(Phone);
    };
    for (const language of ['en', 'pt-BR']) {
      await useLanguage(language);
      await page.goto(`${app.webUrl}/tickets`);
      await page.getByTestId('greeting').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      for (const path of paths) {
        // as from a drawer link, without waiting on the drawer's animation
        await goInApp(page, path);
        await settled();
        // the window, and the main area that scrolls inside it
        const over = await sidewaysOverflow(page);
        if (over > 0) {
          wide.push(`${language} ${path}: ${over} px too wide`);
          await page.screenshot({
            path: `/tmp/sb-e2e-phone-${language}${path.replace(/\//g, '-')}.png`,
          });
        }
      }
    }
    await useLanguage('en');
    expect(wide).toEqual([]);

    // refresh, volume, announcements and the internal chats are in the top bar's overflow menu
    await page.goto(`${app.webUrl}/tickets`);
    await page.getByTestId('greeting').waitFor();
    const more = page.getByRole('button', { name: 'More' });
    const box = await more.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(Phone.width);
    const openPanel = async (name: string) => {
      await more.click();
      await page.getByRole('menuitem', { name }).click();
      const dialog = page.getByRole('dialog', { name });
      await dialog.waitFor();
      return dialog;
    };
    await (await openPanel('Volume')).getByRole('slider', { name: 'Volume' }).waitFor();
    await page.keyboard.press('Escape');
    await (await openPanel('Announcements')).getByText('No announcements yet.').waitFor();
    await page.keyboard.press('Escape');
    await (await openPanel('Internal chats')).getByText('No conversations yet.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it.each(['light', 'dark'])(
    'has no serious or critical axe violation on the main pages in the %s theme',
    async (theme) => {
      const found: string[] = [];
      const check = async (name: string) => {
        for (const violation of await seriousAxeViolations(page))
          found.push(`${theme} ${name}: ${violation}`);
      };

      await page.setViewportSize({ width: 1366, height: 768 });
      await context.clearCookies();
      await page.goto(`${app.webUrl}/login`);
      await page.evaluate((theme) => {
        localStorage.clear();
        localStorage.setItem('preferredTheme', theme);
      }, theme);
      await page.reload();
      await page.locator('input[name="email"]').waitFor();
      expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
      await check('login');

      await logInAsSuper(page, app);
      await check('shell');
      await openTicketAt(1366, 768);
      await contactDrawer().waitFor();
      await page.getByTestId('message-list').getByText('Only the team reads this').waitFor();
      await check('ticket');
      for (const path of ['/contacts', '/connections', '/settings', '/audit-log']) {
        await page.goto(`${app.webUrl}${path}`);
        await page.locator('main h1').first().waitFor();
        await settled();
        await check(path);
      }
      expect(found).toEqual([]);
    },
  );

  it('keeps the last ticket row clear of the speed dial; the Kanban board has a title and even lanes', async () => {
    // enough open tickets to fill the list at 1280x720
    const me = await apiCall<{ id: number }>(app, token, 'GET', '/auth/me');
    for (let i = 0; i < 12; i++) {
      const made = await apiCall<{ id: number }>(app, token, 'POST', '/contacts', {
        name: unique(`Row ${i}`),
        number: `5521${String(Date.now() + i).slice(-9)}`,
      });
      await apiCall(app, token, 'POST', '/tickets', {
        contactId: made.id,
        userId: me.id,
        status: 'open',
      });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    // logged in by the tests before; run alone, it logs in itself
    const loggedIn = page.url().startsWith(app.webUrl)
      ? await page.evaluate(() => localStorage.getItem('token') !== null)
      : false;
    if (!loggedIn) await logInAsSuper(page, app);
    await page.goto(`${app.webUrl}/tickets`);
    const list = page.locator('[data-testid="ticket-list"]:visible');
    await list.locator('[data-testid="row-time"]').nth(12).waitFor();
    // scrolled to its end, the last row lies wholly above the speed dial, and a click on its time
    // reaches the time
    const covering = await list.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
      const times = element.querySelectorAll('[data-testid="row-time"]');
      const time = times[times.length - 1]!;
      const row = time.closest('[data-testid^="ticket-row-"]')!.getBoundingClientRect();
      const dial = document.querySelector('[data-testid="speed-dial"]')!.getBoundingClientRect();
      const overlap =
        row.left < dial.right &&
        dial.left < row.right &&
        row.top < dial.bottom &&
        dial.top < row.bottom;
      if (overlap)
        return `the speed dial at ${dial.top}-${dial.bottom} covers the row at ${row.top}-${row.bottom}`;
      const r = time.getBoundingClientRect();
      const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      return hit && time.contains(hit) ? null : (hit?.outerHTML.slice(0, 120) ?? 'nothing');
    });
    await page.screenshot({ path: '/tmp/sb-e2e-tickets-list-end.png' });
    expect(covering).toBeNull();

    await page.goto(`${app.webUrl}/Kanban`);
    await page.getByRole('heading', { level: 1, name: 'Kanban' }).waitFor();
    const lanes = page.locator('[data-testid^="kanban-lane-"]');
    await lanes.first().waitFor();
    await settled();
    await page.screenshot({ path: '/tmp/sb-e2e-kanban-1280.png' });
    const widths = await lanes.evaluateAll((elements) =>
      elements.map((element) => Math.round(element.getBoundingClientRect().width)),
    );
    for (const width of widths) {
      expect(width).toBeGreaterThanOrEqual(260);
      expect(width).toBeLessThanOrEqual(360);
    }
    // the board fits under its title: the page area does not scroll, the lanes do
    const over = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      return main.scrollHeight - main.clientHeight;
    });
    expect(over).toBeLessThanOrEqual(0);
  });
});
