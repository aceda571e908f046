import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken, logIn, openPage, unique } from './app-steps.js';
import { launchBrowser, sharedApp, type RunningApp } from './harness.js';
import { until } from './page-checks.js';

/**
 * Every link of the drawer leads to a real screen, for each profile (spec 1 §2 side menu): an agent, a
 * company admin and the super admin follow each of their links, and the page's main region holds more
 * than its heading (a list, a form, an empty-state text...), never a title-only placeholder nor the
 * not-found page.
 */
describe('drawer links lead to real screens', () => {
  let app: RunningApp;
  let browser: Browser;
  const owner = { email: `owner-${Date.now()}@e2e.test`, password: 'owner-pass-1' };
  const agent = { email: `agent-${Date.now()}@e2e.test`, password: 'agent-pass-1' };

  beforeAll(async () => {
    // as the super admin, in company 1: what this file checks is the platform's
    app = sharedApp();
    browser = await launchBrowser();
    // a company of its own on a plan with every flag (the default of a new plan), its admin and an agent
    const token = await apiToken(app, app.adminEmail, app.adminPassword);
    const plan = await apiCall<{ id: number }>(app, token, 'POST', '/plans', {
      name: unique('Everything'),
      users: 10,
      connections: 10,
      queues: 10,
    });
    await apiCall(app, token, 'POST', '/companies', {
      name: unique('Drawer Co'),
      email: owner.email,
      password: owner.password,
      planId: plan.id,
    });
    const ownerToken = await apiToken(app, owner.email, owner.password);
    await apiCall(app, ownerToken, 'POST', '/users', {
      name: 'Drawer Agent',
      profile: 'user',
      ...agent,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** The drawer's links, as the page shows them. */
  const drawerLinks = (page: Page) =>
    page.$$eval('[data-testid="side-menu"] a[href]', (links) =>
      links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
    );

  /** What the main region holds besides its heading: text or controls. */
  const contentBesidesHeading = (page: Page) =>
    page.evaluate(() => {
      const main = document.querySelector('main');
      if (!main) return { text: '', controls: 0 };
      const copy = main.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('h1').forEach((heading) => heading.remove());
      return {
        text: (copy.textContent ?? '').trim(),
        controls: copy.querySelectorAll('input, button, select, textarea, table, canvas, svg, a')
          .length,
      };
    });

  /** Follows each drawer link and lists the ones whose screen is a bare title (or not found). */
  const bareScreens = async (page: Page): Promise<{ links: string[]; bare: string[] }> => {
    const links = await drawerLinks(page);
    const bare: string[] = [];
    for (const to of links) {
      await page.getByTestId(`menu-${to}`).click();
      await page.waitForURL((url) => url.pathname === to);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      await page.waitForLoadState('networkidle');
      if ((await heading.textContent()) === 'Page not found') {
        bare.push(`${to}: not found`);
        continue;
      }
      // a list shows a spinner until its answer: give the screen up to 10 s to show what it holds
      const real = await until(page, async () => {
        const { text, controls } = await contentBesidesHeading(page);
        return text !== '' || controls > 0;
      }).then(
        () => true,
        () => false,
      );
      if (!real) bare.push(`${to}: title only`);
    }
    return { links, bare };
  };

  const asProfile = async (email: string, password: string) => {
    const page = await openPage(browser);
    await logIn(page, app, email, password);
    await page.getByTestId('side-menu').waitFor();
    const result = await bareScreens(page);
    await page.context().close();
    return result;
  };

  it('an agent', async () => {
    const { links, bare } = await asProfile(agent.email, agent.password);
    expect(links).toEqual(expect.arrayContaining(['/tickets', '/contacts', '/helps', '/todolist']));
    expect(links).not.toContain('/users');
    expect(bare).toEqual([]);
  });

  it('a company admin', async () => {
    const { links, bare } = await asProfile(owner.email, owner.password);
    expect(links).toEqual(expect.arrayContaining(['/', '/users', '/connections', '/settings']));
    expect(links).not.toContain('/companies');
    expect(bare).toEqual([]);
  });

  it('the super admin', async () => {
    const { links, bare } = await asProfile(app.adminEmail, app.adminPassword);
    expect(links).toEqual(expect.arrayContaining(['/announcements', '/companies']));
    expect(bare).toEqual([]);
  });
});
