import { request } from 'node:http';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

export type LoadedScript = { path: string; encoding: string | null; gzipBytes: number };

/** The body size of `url` as the server sends it to a client that accepts gzip only. */
const gzipBytes = (url: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
    });
    req.on('error', reject);
    req.end();
  });

/**
 * Every script the browser loads for `url` in a fresh context (empty cache) until `ready`, with the
 * encoding it came in and its gzip size (what bench/web-weight.bench.mjs records as *_js_gzip_kb).
 * `storageState`: a session (cookies and storage) to open the page with.
 */
export const loadedScripts = async (
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  storageState?: BrowserContextOptions['storageState'],
): Promise<LoadedScript[]> => {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    const seen: { url: string; encoding: Promise<string | null> }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        seen.push({ url: response.url(), encoding: response.headerValue('content-encoding') });
    });
    await page.goto(url);
    await ready(page);
    await page.waitForLoadState('load');
    return await Promise.all(
      seen.map(async (script) => ({
        path: new URL(script.url).pathname,
        encoding: await script.encoding,
        gzipBytes: await gzipBytes(script.url),
      })),
    );
  } finally {
    await context.close();
  }
};

/** The total gzip size of `scripts`, in kB. */
export const gzipKb = (scripts: LoadedScript[]) =>
  scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;

/** Logs in on /login in a context of its own and returns its session for another context. */
export const loggedInState = async (
  browser: Browser,
  webUrl: string,
  credentials: { email: string; password: string },
) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${webUrl}/login`);
    await page.fill('input[name="email"]', credentials.email);
    await page.fill('input[name="password"]', credentials.password);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/tickets');
    return await context.storageState();
  } finally {
    await context.close();
  }
};
