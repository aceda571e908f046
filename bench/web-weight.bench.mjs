// What JavaScript a browser loads for /login and for /tickets, from the build as `npm start` serves it:
// starts the built standalone, opens each page in Debian's chromium with an empty cache and records every
// script response. Figures: the gzip size of each script (fetched again with `Accept-Encoding: gzip`, as
// a gzip-only client gets it), what chromium actually transferred (brotli), and the decoded size.
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { writeResult } from './bench-harness.mjs';
import { freePort, freshDatabase, startProcess, waitUntilLoginWorks } from './bench-infra.mjs';

const name = 'web-weight';
const targets = { login_js_gzip_kb: 150, tickets_js_gzip_kb: 300 };
const email = 'bench@switchboard.test';
const password = 'bench-password-1';
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** The body size of `url` as sent for this Accept-Encoding, and the encoding the server chose. */
const encodedSize = (url, acceptEncoding) =>
  new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? null }));
    });
    req.on('error', reject);
    req.end();
  });

/** Opens `url` in a fresh context (empty cache) and lists the scripts it loaded until `ready`. */
async function scriptsOf(browser, url, { storageState, ready }) {
  const context = await browser.newContext({ locale: 'en-US', storageState });
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  await page.goto(url);
  await ready(page);
  // chunks a page asks for right after its first render (the socket, a lazy dialog) count too
  await page.waitForLoadState('load');
  await page.waitForTimeout(1500);
  const scripts = [];
  for (const response of responses) {
    const sizes = await response.request().sizes();
    const gzip = await encodedSize(response.url(), 'gzip');
    const plain = await encodedSize(response.url(), 'identity');
    scripts.push({
      file: new URL(response.url()).pathname,
      encoding: (await response.headerValue('content-encoding')) ?? null,
      transferred: sizes.responseBodySize,
      gzip: gzip.bytes,
      raw: plain.bytes,
    });
  }
  await context.close();
  return scripts;
}

/** Logs in on /login and returns the session (the refresh cookie) for another context. */
async function logIn(browser, webUrl) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${webUrl}/login`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await page.waitForURL('**/tickets');
  const state = await context.storageState();
  await context.close();
  return state;
}

const summary = (label, scripts) => {
  const sum = (key) => scripts.reduce((total, script) => total + script[key], 0);
  return {
    [`${label}_js_gzip_kb`]: kb(sum('gzip')),
    [`${label}_js_br_kb`]: kb(sum('transferred')),
    [`${label}_js_raw_kb`]: kb(sum('raw')),
    [`${label}_js_files`]: scripts.length,
    [`${label}_js_uncompressed_files`]: scripts.filter(
      (script) => !script.encoding && script.file.startsWith('/assets/'),
    ).length,
  };
};

process.env.LOG_LEVEL ??= 'warn';
const database = await freshDatabase(name);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sb-bench-web-'));
const closers = [
  () => database.drop(),
  async () => rmSync(dataDir, { recursive: true, force: true }),
];
try {
  const [port, webPort] = [await freePort(), await freePort()];
  // the in-process bus: the services' transport plays no part in what the browser downloads
  const { NATS_URL: _nats, ...env } = process.env;
  const app = startProcess('standalone', 'standalone/dist/main.js', {
    ...env,
    PORT: String(port),
    WEB_PORT: String(webPort),
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  closers.unshift(() => app.stop());
  await waitUntilLoginWorks(`http://localhost:${port}`, [app], {
    email,
    password,
    timeoutMs: 150_000,
  });
  const webUrl = `http://localhost:${webPort}`;

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  closers.unshift(() => browser.close());

  const login = await scriptsOf(browser, `${webUrl}/login`, {
    ready: (page) => page.locator('input[name="email"]').waitFor(),
  });
  const tickets = await scriptsOf(browser, `${webUrl}/tickets`, {
    storageState: await logIn(browser, webUrl),
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Tickets' }).waitFor(),
  });

  const metrics = { ...summary('login', login), ...summary('tickets', tickets) };
  const file = writeResult(name, metrics, {
    targets,
    note: 'gzip: each script as sent for Accept-Encoding: gzip; br: bytes chromium received',
    pages: { login, tickets },
  });
  console.log(`${name}: ${file}`);
  for (const [metric, target] of Object.entries(targets))
    console.log(`  ${metric} ${metrics[metric] <= target ? '≤' : '>'} target ${target}`);
} finally {
  for (const close of closers) await close().catch((error) => console.error(error));
}
