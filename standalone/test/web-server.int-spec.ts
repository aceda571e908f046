import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderConfigScript, startWebServer, type RunningWebServer } from '../src/web-server.js';

describe('web server', () => {
  let distDir: string;
  let server: RunningWebServer;
  let apiUrl = 'http://localhost:1234';

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'sb-web-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Switchboard</title>');
    writeFileSync(path.join(distDir, 'assets', 'index-4f2a9c.js'), 'export {};');
    writeFileSync(path.join(distDir, 'favicon.ico'), 'icon');
    server = await startWebServer({
      distDir,
      port: 0,
      host: '127.0.0.1',
      runtimeConfig: () => ({ apiUrl, turnstileSiteKey: 'site-key' }),
    });
  });

  afterAll(async () => {
    await server.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const get = (pathname: string) => fetch(`http://127.0.0.1:${server.port}${pathname}`);

  it('answers /config.js with the runtime config, never cached, read on each request', async () => {
    const first = await get('/config.js');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/javascript/);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await first.text()).toBe(
      'window.__SWITCHBOARD__ = {"apiUrl":"http://localhost:1234","turnstileSiteKey":"site-key"};\n',
    );
    apiUrl = 'http://api.example.test';
    expect(await (await get('/config.js')).text()).toContain('http://api.example.test');
  });

  it('serves index.html for client routes so a reload on a deep link works', async () => {
    for (const route of ['/', '/login', '/tickets/42', '/settings/']) {
      const response = await get(route);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>Switchboard</title>');
    }
  });

  it('caches hashed assets for a year and revalidates other files', async () => {
    const asset = await get('/assets/index-4f2a9c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a missing file instead of the app', async () => {
    const response = await get('/assets/missing-123.js');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<title>');
  });

  it('refuses to start without a built app and says how to build it', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'sb-web-empty-'));
    try {
      await expect(
        startWebServer({
          distDir: empty,
          port: 0,
          runtimeConfig: () => ({ apiUrl, turnstileSiteKey: '' }),
        }),
      ).rejects.toThrow(/npm run build/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('escapes values so a config cannot close the script', () => {
    expect(
      renderConfigScript({ apiUrl: '</script><script>alert(1)', turnstileSiteKey: '' }),
    ).not.toContain('</script>');
  });
});
