import type { Browser, Page, Route } from 'playwright-core';
import { goInApp, logInAsAdmin, openPage } from './app-steps.js';
import { screenProblems } from './page-checks.js';
import { appWithOwnCompany, launchBrowser, type RunningApp } from './harness.js';

/**
 * Issue 30: while a tenant operation fences the company, every call of its users answers 503
 * ERR_COMPANY_MAINTENANCE with Retry-After (played here by the browser, which answers the gateway's
 * calls itself: the shared app's identity is out of this process's reach). The maintenance screen
 * replaces the page, fits a phone and the usual desktops in both themes with no serious axe
 * violation, survives a reload (the session is kept), and brings the same page back once the
 * company is open again.
 */
describe('the maintenance screen of a fenced company', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let fenced = false;
  const title = "We're moving your company's data";

  /** The gateway of a fenced company: 503 for every call but the socket, CORS as the gateway sends. */
  const gateway = async (route: Route) => {
    const request = route.request();
    if (!fenced || request.url().includes('/socket.io/')) return route.continue();
    const cors = {
      'access-control-allow-origin': app.webUrl,
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'Retry-After',
    };
    if (request.method() === 'OPTIONS') {
      return route.fulfill({
        status: 204,
        headers: {
          ...cors,
          'access-control-allow-headers': 'authorization, content-type',
          'access-control-allow-methods': 'GET, POST, PUT, DELETE',
        },
      });
    }
    return route.fulfill({
      status: 503,
      headers: { ...cors, 'content-type': 'application/json', 'retry-after': '30' },
      body: JSON.stringify({
        error: 'ERR_COMPANY_MAINTENANCE',
        message: "The company's data is being moved; try again shortly.",
      }),
    });
  };

  beforeAll(async () => {
    app = await appWithOwnCompany();
    browser = await launchBrowser();
    page = await openPage(browser);
    await logInAsAdmin(page, app);
    await page.route(`${app.apiUrl}/**`, gateway);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('replaces the page, fits every screen, and brings the same page back', async () => {
    await goInApp(page, '/tags');
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();

    fenced = true;
    await goInApp(page, '/quick-messages');
    const heading = page.getByRole('heading', { level: 1, name: title });
    await heading.waitFor();
    await page.getByText('Next check in 30 s.').waitFor();

    // both themes reload the page: the session is kept and the screen comes back
    const problems = await screenProblems(page, 'maintenance', async () => {
      await heading.waitFor();
      await page.getByRole('button', { name: 'Check now' }).waitFor();
    });
    expect(problems).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/quick-messages');

    // the fence lifts (once the last reload showed the screen): a check brings the page back
    await heading.waitFor();
    await page.getByRole('button', { name: 'Check now' }).waitFor();
    fenced = false;
    await page.getByRole('button', { name: 'Check now' }).click();
    await heading.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Quick replies' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/quick-messages');
  });
});
