import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startConnectorsService } from '@sb/connectors';
import type { SocketFactory, WhatsappSocket } from '@sb/connectors/baileys';
import type {
  AuthResult,
  ConnectionRecord,
  ExternalSendReply,
  Queue,
  UserRecord,
} from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import { GraphEmulator } from '@sb/testing/channel-emulator';
import { startTicketsService } from '@sb/tickets';
import pg from 'pg';
import {
  busKinds,
  json,
  jwtSecret,
  startIdentityStack,
  stopIdentityStack,
  type IdentityStack,
} from './support/gateway-harness.js';

// POST /api/messages/send end to end: the real identity (plan flag), connectors (token lookup, a Cloud API
// connection made CONNECTED against the channel emulator, number check and sends) and tickets (contact,
// ticket, messages, daily count), over HTTP with JSON and multipart bodies.

const root = { email: 'root@external-api.test', password: 'external-api-root-pw' };
const phone = { phoneNumberId: '7770001', accessToken: 'ext-cloud-token', display: '15550007777' };
const apiToken = 'ext-api-connection-token-1';
const offlineToken = 'ext-api-offline-token';
const lapsingToken = 'ext-api-lapsing-company-token';
const customer = '5511977770001';
const tokenFailures = 6;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** No WhatsApp is reachable from tests: Baileys sockets that stay silent (sessions stay OPENING). */
const silentSocket: SocketFactory = async () =>
  ({
    ev: { on: () => undefined },
    user: undefined,
    end: () => undefined,
    logout: async () => undefined,
  }) as unknown as WhatsappSocket;

const kinds = await busKinds();

describe.each(kinds)('external messages API over the $name', (kind) => {
  let stack: IdentityStack;
  let ticketsDb: TestDatabase;
  let connectorsDb: TestDatabase;
  let tickets: RunningService;
  let connectors: RunningService;
  let emulator: GraphEmulator;
  let db: pg.Pool;
  let mediaDir: string;
  let superToken: string;
  let planId: number;
  let connection: ConnectionRecord;
  let agent: UserRecord;
  let queue: Queue;
  let accepted = 0;

  const url = (path: string) => `${stack.gateway.url}${path}`;
  const asSuper = (method: string, path: string, body?: unknown) =>
    fetch(url(path), {
      method,
      headers: {
        authorization: `Bearer ${superToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const ok = async <T>(res: Response): Promise<T> => {
    if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
    return (await json(res)) as T;
  };
  const sendJson = (body: unknown, token: string | null = apiToken) =>
    fetch(url('/api/messages/send'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(body),
    });
  const sendForm = (fields: Record<string, string>, files: [string, Buffer, string][]) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [field, data, name] of files)
      form.append(field, new Blob([new Uint8Array(data)]), name);
    return fetch(url('/api/messages/send'), {
      method: 'POST',
      headers: { authorization: `Bearer ${apiToken}` },
      body: form,
    });
  };
  const usageToday = async (): Promise<number> => {
    const { rows } = await db.query<{ count: number }>(
      `SELECT count FROM tickets.api_usage WHERE company_id = 1 AND day = (now() AT TIME ZONE 'UTC')::date`,
    );
    return rows[0]?.count ?? 0;
  };
  const setFlag = async (useExternalApi: boolean) => {
    await ok(await asSuper('PUT', `/plans/${planId}`, { useExternalApi }));
  };

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'sb-external-api-'));
    emulator = await new GraphEmulator({
      appSecret: 'external-api-app-secret',
      phoneNumbers: [
        {
          phoneNumberId: phone.phoneNumberId,
          accessToken: phone.accessToken,
          displayPhoneNumber: phone.display,
        },
      ],
    }).start();
    // the customer writes first (the Cloud API's 24-hour window); its webhook goes nowhere, so the
    // conversation starts from the API call alone
    emulator.setWebhookUrl(`${emulator.url}/no-webhooks-here`);
    await emulator.customerText({ phoneNumberId: phone.phoneNumberId, from: customer, text: 'hi' });
    const env = {
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: root.email,
      ADMIN_PASSWORD: root.password,
      AUTH_RATE_LIMIT: '0',
      // failed token attempts per IP before 429 (the last test spends what is left)
      EXTERNAL_API_TOKEN_FAILURES: String(tokenFailures),
      MEDIA_DIR: mediaDir,
      META_APP_SECRET: 'external-api-app-secret',
      META_VERIFY_TOKEN: 'external-api-verify',
      META_GRAPH_URL: emulator.graphUrl,
    };
    ticketsDb = await createTestDatabase('gateway_external_api_tickets');
    connectorsDb = await createTestDatabase('gateway_external_api_connectors');
    db = new pg.Pool({ connectionString: ticketsDb.url, max: 2 });
    stack = await startIdentityStack(kind, {
      database: 'gateway_external_api',
      env,
      beforeGateway: async (buses) => {
        connectors = await startConnectorsService(
          { bus: buses.serviceBus, databaseUrl: connectorsDb.url, env },
          { whatsappSocketFactory: silentSocket },
        );
        tickets = await startTicketsService({
          bus: buses.serviceBus,
          databaseUrl: ticketsDb.url,
          env,
        });
      },
    });
    const session = await ok<AuthResult>(
      await fetch(url('/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(root),
      }),
    );
    superToken = session.token;
    planId = session.user.company.planId!;
    await setFlag(true);
    agent = await ok<UserRecord>(
      await asSuper('POST', '/users', {
        name: 'Api Agent',
        email: 'agent@external-api.test',
        password: 'agent-pass-1',
        profile: 'user',
      }),
    );
    queue = await ok<Queue>(
      await asSuper('POST', '/queue', { name: 'Api Sales', color: '#3366FF' }),
    );
    connection = await ok<ConnectionRecord>(
      await asSuper('POST', '/whatsapp', {
        name: 'Api Cloud',
        channel: 'whatsappapi',
        token: apiToken,
        credentials: { phoneNumberId: phone.phoneNumberId, accessToken: phone.accessToken },
      }),
    );
    // the connector checks the credentials against the emulator, then marks the connection CONNECTED
    for (let i = 0; i < 100 && connection.status !== 'CONNECTED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      connection = await ok<ConnectionRecord>(await asSuper('GET', `/whatsapp/${connection.id}`));
    }
    expect(connection.status).toBe('CONNECTED');
    // a Baileys connection whose socket never opens: its token names a connection that is not ready
    await ok(await asSuper('POST', '/whatsapp', { name: 'Api Offline', token: offlineToken }));
  }, 120_000);

  afterAll(async () => {
    await tickets?.close();
    await connectors?.close();
    await stopIdentityStack(stack ?? {});
    await db?.end();
    await ticketsDb?.drop();
    await connectorsDb?.drop();
    await emulator?.close();
    await rm(mediaDir, { recursive: true, force: true });
  }, 30_000);

  it('sends a JSON text to a masked number, opening a ticket for the user in the queue', async () => {
    const res = await sendJson({
      number: '+55 (11) 97777-0001',
      body: 'Your order shipped',
      userId: agent.id,
      queueId: queue.id,
      sendSignature: true,
    });
    const reply = (await json(res)) as ExternalSendReply;
    expect({ status: res.status, reply }).toMatchObject({
      status: 200,
      reply: { status: 'SUCCESS', ticketStatus: 'open' },
    });
    accepted += 1;
    expect(reply.messageIds).toHaveLength(1);
    const sent = await emulator.waitForSent(
      (send) => send.to === customer && (send.text ?? '').includes('Your order shipped'),
    );
    expect(sent.text).toBe('*Api Agent:*\nYour order shipped');
    const { rows } = await db.query(
      `SELECT t.status, t.user_id, t.queue_id, t.whatsapp_id, c.number, c.channel
         FROM tickets.tickets t JOIN tickets.contacts c ON c.id = t.contact_id
        WHERE t.id = $1 AND t.company_id = 1`,
      [reply.ticketId],
    );
    expect(rows[0]).toEqual({
      status: 'open',
      user_id: agent.id,
      queue_id: queue.id,
      whatsapp_id: connection.id,
      number: customer,
      channel: 'whatsappapi',
    });
    const { rows: messages } = await db.query(
      'SELECT body, from_me, user_id FROM tickets.messages WHERE id = $1',
      [reply.messageIds[0]],
    );
    expect(messages[0]).toEqual({
      body: '*Api Agent:*\nYour order shipped',
      from_me: true,
      user_id: agent.id,
    });

    // the same contact again: the active ticket is reused
    const again = (await json(
      await sendJson({ number: customer, body: 'Second text' }),
    )) as ExternalSendReply;
    accepted += 1;
    expect(again).toMatchObject({ status: 'SUCCESS', ticketId: reply.ticketId });
  });

  it('sends multipart files with the text as caption and closes the ticket without farewell', async () => {
    // an external bot had handed the open ticket to people
    const paused = await db.query(
      `UPDATE tickets.tickets t SET bot_stopped_at = now() FROM tickets.contacts c
        WHERE c.id = t.contact_id AND c.number = $1 AND t.company_id = 1 AND t.status <> 'closed'`,
      [customer],
    );
    expect(paused.rowCount).toBe(1);
    const res = await sendForm(
      { number: customer, body: 'The invoice', closeTicket: 'true', sendSignature: 'false' },
      [['medias', png, 'invoice.png']],
    );
    const reply = (await json(res)) as ExternalSendReply;
    expect({ status: res.status, reply }).toMatchObject({
      status: 200,
      reply: { status: 'SUCCESS', ticketStatus: 'closed' },
    });
    accepted += 1;
    expect(reply.messageIds).toHaveLength(1);
    const sent = await emulator.waitForSent(
      (send) => send.to === customer && send.type === 'image',
    );
    expect(sent.mediaId).toBeTruthy();
    const { rows } = await db.query(
      `SELECT status, bot_stopped_at FROM tickets.tickets WHERE id = $1 AND company_id = 1`,
      [reply.ticketId],
    );
    // closed as an agent closes: the bot's pause goes too
    expect(rows[0]).toEqual({ status: 'closed', bot_stopped_at: null });
    const { rows: messages } = await db.query(
      `SELECT body, media_type, user_id FROM tickets.messages WHERE ticket_id = $1 ORDER BY created_at`,
      [reply.ticketId],
    );
    // no farewell after the file: the last message is the file with its caption
    expect(messages.at(-1)).toEqual({ body: 'The invoice', media_type: 'image', user_id: null });

    // the next call opens a new ticket (pending: no user named)
    const next = (await json(
      await sendJson({ number: customer, body: 'Anything else?' }),
    )) as ExternalSendReply;
    accepted += 1;
    expect(next).toMatchObject({ status: 'SUCCESS', ticketStatus: 'pending' });
    expect(next.ticketId).not.toBe(reply.ticketId);
  });

  it('refuses a missing or unknown token with 401 ERR_INVALID_API_TOKEN', async () => {
    for (const token of [null, 'not-a-connection-token']) {
      const res = await sendJson({ number: customer, body: 'x' }, token);
      expect({ status: res.status, body: await json(res) }).toMatchObject({
        status: 401,
        body: { error: 'ERR_INVALID_API_TOKEN' },
      });
    }
    // an agent's session token is not a connection token either
    const res = await sendJson({ number: customer, body: 'x' }, superToken);
    expect(res.status).toBe(401);
  });

  it("refuses with 403 while the company's plan lacks useExternalApi", async () => {
    await setFlag(false);
    try {
      const res = await sendJson({ number: customer, body: 'x' });
      expect({ status: res.status, body: await json(res) }).toMatchObject({
        status: 403,
        body: { error: 'ERR_PLAN_FEATURE_DISABLED' },
      });
    } finally {
      await setFlag(true);
    }
  });

  it('answers 400 with the failing fields for bad input, 404 for unknown users and queues', async () => {
    const cases: [unknown, number, string, string?][] = [
      [{ number: '1234', body: 'x' }, 400, 'ERR_VALIDATION', 'number'],
      [{ body: 'x' }, 400, 'ERR_VALIDATION', 'number'],
      [{ number: customer }, 400, 'ERR_VALIDATION', 'body'],
      [{ number: customer, body: 'x', closeTicket: 'maybe' }, 400, 'ERR_VALIDATION', 'closeTicket'],
      [{ number: customer, body: 'x', userId: 999_999 }, 404, 'ERR_NO_USER_FOUND'],
      [{ number: customer, body: 'x', queueId: 999_999 }, 404, 'ERR_NO_QUEUE_FOUND'],
    ];
    for (const [body, status, error, field] of cases) {
      const res = await sendJson(body);
      const answer = (await json(res)) as { error: string; fields?: Record<string, string[]> };
      expect({ body, status: res.status, error: answer.error }).toEqual({ body, status, error });
      if (field) expect(Object.keys(answer.fields ?? {})).toContain(field);
    }
    const wrongField = await sendForm({ number: customer }, [['file', png, 'a.png']]);
    expect(wrongField.status).toBe(400);
  });

  it('answers ERR_WAPP_NOT_INITIALIZED for a connection that is not connected', async () => {
    const res = await sendJson({ number: customer, body: 'x' }, offlineToken);
    expect({ status: res.status, body: await json(res) }).toMatchObject({
      status: 400,
      body: { error: 'ERR_WAPP_NOT_INITIALIZED' },
    });
  });

  it('refuses the calls of an inactive company (403) or one past its due date (402)', async () => {
    const company = await ok<{ id: number }>(
      await asSuper('POST', '/companies', {
        name: 'Lapsing Co',
        email: 'boss@lapsing.test',
        password: 'lapsing-pass-1',
        planId,
        dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      }),
    );
    const session = await ok<AuthResult>(
      await fetch(url('/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boss@lapsing.test', password: 'lapsing-pass-1' }),
      }),
    );
    await ok(
      await fetch(url('/whatsapp'), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${session.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ name: 'Lapsing Phone', token: lapsingToken }),
      }),
    );
    const answer = async () => {
      const res = await sendJson({ number: customer, body: 'x' }, lapsingToken);
      return { status: res.status, error: ((await json(res)) as { error: string }).error };
    };
    // in good standing the call gets as far as the connection (its phone never paired)
    expect(await answer()).toEqual({ status: 400, error: 'ERR_WAPP_NOT_INITIALIZED' });
    await ok(await asSuper('PUT', `/companies/${company.id}`, { status: false }));
    expect(await answer()).toEqual({ status: 403, error: 'ERR_COMPANY_INACTIVE' });
    await ok(
      await asSuper('PUT', `/companies/${company.id}`, {
        status: true,
        dueDate: new Date(Date.now() - 86_400_000).toISOString(),
      }),
    );
    expect(await answer()).toEqual({ status: 402, error: 'ERR_SUBSCRIPTION_EXPIRED' });
    // company 1 never expires
    expect((await sendJson({ number: '12', body: 'x' })).status).toBe(400);
  });

  it('counts every accepted call for the company and the day, and only those', async () => {
    expect(accepted).toBeGreaterThan(0);
    expect(await usageToday()).toBe(accepted);
    await sendJson({ number: '12', body: 'refused' });
    expect(await usageToday()).toBe(accepted);
    await sendJson({ number: customer, body: 'One more' });
    expect(await usageToday()).toBe(accepted + 1);
  });

  // last: it leaves this client's IP refused until the window ends
  it('refuses an IP with 429 once it failed too many token attempts, good tokens included', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < tokenFailures + 2; attempt++) {
      const res = await sendJson({ number: customer, body: 'x' }, `guess-${attempt}`);
      statuses.push(res.status);
    }
    const firstRefused = statuses.indexOf(429);
    // earlier tests spent some of the budget: the guesses get 401 until it is gone, then 429 only
    expect(firstRefused).toBeGreaterThan(0);
    expect(firstRefused).toBeLessThanOrEqual(tokenFailures);
    expect(new Set(statuses.slice(0, firstRefused))).toEqual(new Set([401]));
    expect(new Set(statuses.slice(firstRefused))).toEqual(new Set([429]));
    const before = await usageToday();
    const res = await sendJson({ number: customer, body: 'Not now' });
    expect({ status: res.status, body: await json(res) }).toMatchObject({
      status: 429,
      body: { error: 'ERR_TOO_MANY_REQUESTS' },
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await usageToday()).toBe(before);
  });
});
