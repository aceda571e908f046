import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { renderConfigScript, startWebServer, type RunningWebServer } from '../src/web-server.js';

describe('web server', () => {
  let distDir: string;
  let server: RunningWebServer;
  let apiUrl = 'http://localhost:1234';
  const script = `export const greeting = "${'hello '.repeat(200)}";\n`;

  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'sb-web-'));
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Switchboard</title>');
    writeFileSync(path.join(distDir, 'assets', 'index-4f2a9c.js'), 'export {};');
    // as the web build writes them: each script with its brotli and gzip copies, maps kept out
    writeFileSync(path.join(distDir, 'assets', 'page-9b1e7d.js'), script);
    writeFileSync(path.join(distDir, 'assets', 'page-9b1e7d.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(distDir, 'assets', 'page-9b1e7d.js.gz'), gzipSync(script));
    writeFileSync(path.join(distDir, 'assets', 'style-1c2d3e.css'), 'body{margin:0}');
    writeFileSync(path.join(distDir, 'assets', 'style-1c2d3e.css.gz'), gzipSync('body{margin:0}'));
    writeFileSync(path.join(distDir, 'assets', 'page-9b1e7d.js.map'), '{"version":3}');
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

  /** A request without fetch's own decompression, to see the bytes and headers as sent. */
  const raw = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port: server.port, path: pathname, method, headers },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );

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

  it('sends the brotli copy to a browser that accepts it, as JavaScript cached for a year', async () => {
    const response = await raw('/assets/page-9b1e7d.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it('sends gzip when brotli is not accepted, and the plain file without Accept-Encoding', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const gzip = await raw('/assets/page-9b1e7d.js', { 'accept-encoding': accept });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString()).toBe(script);
    }
    const css = await raw('/assets/style-1c2d3e.css', { 'accept-encoding': 'br, gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);

    const plain = await raw('/assets/page-9b1e7d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.toString()).toBe(script);

    const head = await raw('/assets/page-9b1e7d.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('never serves a source map', async () => {
    for (const file of ['/assets/page-9b1e7d.js.map', '/assets/missing.js.map']) {
      const response = await raw(file, { 'accept-encoding': 'br, gzip' });
      expect(response.status).toBe(404);
      expect(response.body.toString()).not.toContain('version');
    }
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
