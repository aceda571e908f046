import type { Browser, Page } from 'playwright-core';
import type { RunningApp } from './harness.js';

/**
 * Steps a person takes in several scenarios. Pages open in an English browser: with no language saved
 * on the user the app follows the browser, so every text below is the English one.
 */
export const openPage = async (browser: Browser): Promise<Page> => {
  const context = await browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  return context.newPage();
};

/** Logs in through the login form and waits for the shell's greeting. */
export const logIn = async (page: Page, app: RunningApp, email: string, password: string) => {
  await page.goto(`${app.webUrl}/login`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await page.getByTestId('greeting').waitFor();
};

/** Logs in as the file's admin (of its own company on the shared app). */
export const logInAsAdmin = (page: Page, app: RunningApp) =>
  logIn(page, app, app.adminEmail, app.adminPassword);

/** Logs in as the platform's super admin. */
export const logInAsSuper = (page: Page, app: RunningApp) =>
  logIn(page, app, app.superEmail, app.superPassword);

/** Logs out through the avatar menu. */
export const logOut = async (page: Page) => {
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');
};

/** Waits for a toast (or any visible text) to show. */
export const seeText = (page: Page, text: string | RegExp) =>
  page.getByText(text).first().waitFor({ state: 'visible' });

/** Follows a drawer link, as a person would (a full page load would lose nothing but time). */
export const openFromMenu = async (page: Page, to: string) => {
  await page.getByTestId(`menu-${to}`).click();
  await page.waitForURL((url) => url.pathname === to);
};

/**
 * Goes to a path inside the app as a link does (the router follows history), without a page load: many
 * loads in a row would run into the gateway's limit on /auth calls.
 */
export const goInApp = async (page: Page, path: string) => {
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
};

/** The API's { token } for a user, to prepare data a scenario is not about. */
export const apiToken = async (app: RunningApp, email: string, password: string) => {
  const response = await fetch(`${app.apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login of ${email}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
};

export const apiCall = async <T>(
  app: RunningApp,
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<T> => {
  const response = await fetch(`${app.apiUrl}${route}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
};

/** Opens a ticket through the API for a new contact called `name`: the caller's own, or pending. */
export const openTicketViaApi = async (
  app: RunningApp,
  token: string,
  name: string,
  status: 'open' | 'pending' = 'open',
) => {
  const contact = await apiCall<{ id: number }>(app, token, 'POST', '/contacts', {
    name,
    number: `55219${String(Date.now()).slice(-8)}`,
  });
  const me = await apiCall<{ id: number }>(app, token, 'GET', '/auth/me');
  return apiCall<{ id: number }>(app, token, 'POST', '/tickets', {
    contactId: contact.id,
    ...(status === 'open' ? { userId: me.id } : {}),
    status,
  });
};

/** A name no other scenario or run uses. */
export const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

/**
 * Picks a language in the shell's menu and waits until it is saved on the user. The menu saves only a
 * change, and files share the super admin, whose saved language the previous file chose: a language
 * already shown is switched away from first, so the save always happens.
 */
export const chooseSavedLanguage = async (page: Page, language: string) => {
  const pick = async (choice: string) => {
    const saved = page.waitForResponse(
      (r) => /\/users\/\d+$/.test(r.url()) && r.request().method() === 'PUT',
    );
    await page.getByTestId('language-menu').click();
    await page.getByTestId(`language-${choice}`).click();
    const response = await saved;
    if (response.status() !== 200)
      throw new Error(`saving ${choice} answered ${response.status()}`);
  };
  if ((await page.evaluate(() => document.documentElement.lang)) === language)
    await pick(language === 'es' ? 'en' : 'es');
  await pick(language);
};
