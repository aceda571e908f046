import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createTestDatabase,
  dropTestNatsNamespace,
  resolveTestInfrastructure,
  testNatsNamespace,
  type TestDatabase,
} from '@sb/testing';
import { startStandalone, type RunningStandalone } from '../src/standalone.js';

// The whole platform in one process, as `npm start` runs it, on random ports and a fresh database.
describe('standalone', () => {
  const adminEmail = 'owner@standalone.test';
  const adminPassword = 'standalone-pass-1';
  let workDir: string;
  let database: TestDatabase;
  let env: Record<string, string | undefined>;
  let app: RunningStandalone | undefined;
  let natsUrl: string | undefined;
  const natsNamespace = testNatsNamespace('standalone');

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'sb-standalone-'));
    const distDir = path.join(workDir, 'web-dist');
    mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><title>Switchboard test</title>',
    );
    writeFileSync(path.join(distDir, 'assets', 'app-1a2b3c.js'), 'export {};');
    natsUrl = (await resolveTestInfrastructure()).natsUrl;
    database = await createTestDatabase('standalone');
    env = {
      PORT: '0',
      WEB_PORT: '0',
      DATA_DIR: path.join(workDir, 'data'),
      DATABASE_URL: database.url,
      NATS_URL: natsUrl,
      NATS_NAMESPACE: natsNamespace,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
    };
    app = await startStandalone({ env, webDistDir: distDir });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (natsUrl) await dropTestNatsNamespace(natsUrl, natsNamespace);
    rmSync(workDir, { recursive: true, force: true });
  });

  const api = (pathname: string, init?: RequestInit) => fetch(`${app!.apiUrl}${pathname}`, init);
  const web = (pathname: string) => fetch(`${app!.webUrl}${pathname}`);
  const login = () =>
    api('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: adminPassword }),
    });

  it('prints both URLs, the docs and how to log in, and ends with ready', () => {
    expect(app!.banner).toContain(app!.webUrl);
    expect(app!.banner).toContain(`${app!.apiUrl}/docs`);
    expect(app!.banner).toContain(adminEmail);
    expect(app!.banner).toContain('the ADMIN_PASSWORD you set');
    expect(app!.banner.trimEnd().split('\n').pop()).toBe('ready');
  });

  it('answers GET /version on the API port', async () => {
    const response = await api('/version');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('tells the web app where the API is through /config.js', async () => {
    const response = await web('/config.js');
    expect(response.status).toBe(200);
    const script = await response.text();
    const config = JSON.parse(
      script.replace(/^window\.__SWITCHBOARD__ = /, '').replace(/;\s*$/, ''),
    );
    expect(config).toEqual({ apiUrl: app!.apiUrl, turnstileSiteKey: '' });
  });

  it('serves the app for client routes and assets with long caching', async () => {
    const route = await web('/tickets/7');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('Switchboard test');
    const asset = await web('/assets/app-1a2b3c.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('lets the browser origin call the API with credentials (CORS)', async () => {
    const response = await api('/version', { headers: { origin: app!.webUrl } });
    expect(response.headers.get('access-control-allow-origin')).toBe(app!.webUrl);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('logs in the super admin with ADMIN_PASSWORD and answers /auth/me with the token', async () => {
    const response = await login();
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      token: string;
      user: { email: string; super: boolean };
    };
    expect(body.user).toMatchObject({ email: adminEmail, super: true });
    const me = await api('/auth/me', { headers: { authorization: `Bearer ${body.token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: adminEmail });
  });

  it('refuses a wrong password', async () => {
    const response = await api('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: 'not-the-password' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'ERR_INVALID_CREDENTIALS' });
  });

  it('keeps the generated JWT secret private in DATA_DIR', () => {
    const file = path.join(env.DATA_DIR!, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('restarts on the same data: the admin still logs in and an earlier token stays valid', async () => {
    const before = (await (await login()).json()) as { token: string };
    await app!.close();
    app = undefined;
    app = await startStandalone({ env, webDistDir: path.join(workDir, 'web-dist') });
    const me = await api('/auth/me', { headers: { authorization: `Bearer ${before.token}` } });
    expect(me.status).toBe(200);
    expect((await login()).status).toBe(200);
  }, 120_000);
});
