import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import { GraphEmulator } from '@sb/testing/channel-emulator';
import { DemoAccounts, emulatorOptionsFrom } from '@sb/testing/emulator';
import { startStandalone, type RunningStandalone } from '../src/standalone.js';

/** A port nobody listens on now, for the emulator both sides must agree on. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

// README "Channel emulator": `npm run emulator` next to a running `npm start` with no META_* set.
describe('the channel emulator against npm start as it is', () => {
  const adminEmail = 'owner@emulator.test';
  const adminPassword = 'emulator-pass-1';
  let workDir: string;
  let database: TestDatabase;
  let app: RunningStandalone | undefined;
  let emulator: GraphEmulator | undefined;
  let emulatorPort: number;

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(tmpdir(), 'sb-emulator-'));
    writeFileSync(
      path.join(workDir, 'index.html'),
      '<!doctype html><title>Switchboard test</title>',
    );
    database = await createTestDatabase('standalone_emulator');
    emulatorPort = await freePort();
    // no META_GRAPH_URL, META_APP_SECRET or META_VERIFY_TOKEN: the embedded default
    app = await startStandalone({
      env: {
        PORT: '0',
        WEB_PORT: '0',
        DATA_DIR: path.join(workDir, 'data'),
        DATABASE_URL: database.url,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        // both sides read it; a person leaves it at 4010
        EMULATOR_PORT: String(emulatorPort),
        LOG_LEVEL: 'warn',
      },
      webDistDir: workDir,
    });
  }, 120_000);

  afterAll(async () => {
    await emulator?.close();
    await app?.close();
    await database?.drop();
    rmSync(workDir, { recursive: true, force: true });
  });

  const api = async (token: string, method: string, pathname: string, body?: unknown) => {
    const response = await fetch(`${app!.apiUrl}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('says so in the banner', () => {
    expect(app!.banner).toContain(
      `the channel emulator (npm run emulator) at http://127.0.0.1:${emulatorPort}`,
    );
  });

  it('takes the emulator started afterwards: its customer message becomes a ticket, the answer reaches it', async () => {
    // started after the app, as a second terminal does: the same DATA_DIR, so the same secret
    emulator = await new GraphEmulator(
      emulatorOptionsFrom({
        EMULATOR_PORT: String(emulatorPort),
        DATA_DIR: path.join(workDir, 'data'),
        EMULATOR_WEBHOOK_URL: `${app!.apiUrl}/webhooks/meta`,
      }),
    ).start();
    const login = await fetch(`${app!.apiUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: adminPassword }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const created = await api(token, 'POST', '/whatsapp', {
      name: 'Cloud API demo',
      channel: 'whatsappapi',
      credentials: {
        phoneNumberId: DemoAccounts.phoneNumberId,
        accessToken: DemoAccounts.accessToken,
      },
    });
    expect(created.status).toBe(201);

    const customer = '5511987650001';
    const sent = await emulator.customerText({
      phoneNumberId: DemoAccounts.phoneNumberId,
      from: customer,
      name: 'Demo customer',
      text: 'Hello from the emulator',
    });
    expect(sent.status).toBe(200);

    type ListedTicket = { id: number; contact: { number: string } };
    let ticket: ListedTicket | undefined;
    const deadline = Date.now() + 20_000;
    while (!ticket && Date.now() < deadline) {
      const list = await api(token, 'GET', '/tickets?status=pending&showAll=true');
      ticket = (list.body.tickets as ListedTicket[] | undefined)?.find(
        (t) => t.contact.number === customer,
      );
      if (!ticket) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(ticket).toBeDefined();

    // the agent's answer goes to the emulator's Graph API on its default address
    const answer = await api(token, 'POST', `/messages/${ticket!.id}`, {
      body: 'Hi, how can I help?',
    });
    expect(answer.status).toBeLessThan(300);
    const delivered = await emulator.waitForSent((send) => send.to === customer, 10_000);
    expect(JSON.stringify(delivered)).toContain('Hi, how can I help?');
  }, 60_000);
});
