import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startConnectorsService } from '@sb/connectors';
import type { SocketFactory, WhatsappSocket } from '@sb/connectors/baileys';
import type {
  ConnectionRecord,
  DomainEvent,
  FacebookConnectReply,
  InboundMessageEventData,
} from '@sb/contracts';
import type { BusSubscription } from '@sb/platform/bus';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import { cloudWebhooks, GraphEmulator, signMetaBody } from '@sb/testing/channel-emulator';
import pg from 'pg';
import {
  busKinds,
  json,
  jwtSecret,
  signAccessToken,
  startIdentityStack,
  stopIdentityStack,
  waitFor,
  type IdentityStack,
} from './support/gateway-harness.js';

// Meta webhooks through the gateway: the channel emulator signs and posts them over HTTP, the real
// connectors service stores, routes and turns them into connectors.message.received events.

const appSecret = 'meta-api-spec-app-secret';
const verifyToken = 'meta-api-spec-verify';
const phone = { phoneNumberId: '4440001', accessToken: 'api-cloud-token', display: '15550004444' };
const customer = '5511988880001';

/** No WhatsApp is reachable from tests: Baileys sockets that stay silent. */
const silentSocket: SocketFactory = async () =>
  ({
    ev: { on: () => undefined },
    user: undefined,
    end: () => undefined,
    logout: async () => undefined,
  }) as unknown as WhatsappSocket;

const kinds = await busKinds();

describe.each(kinds)('Meta webhooks over the $name', (kind) => {
  let stack: IdentityStack;
  let connectorsDb: TestDatabase;
  let connectors: RunningService;
  let db: pg.Pool;
  let emulator: GraphEmulator;
  let mediaDir: string;
  let subscription: BusSubscription;
  let adminToken: string;
  let userToken: string;
  let connection: ConnectionRecord;
  const events: InboundMessageEventData[] = [];

  const webhookUrl = () => `${stack.gateway.url}/webhooks/meta`;
  const post = (body: string, signature?: string) =>
    fetch(webhookUrl(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'x-hub-signature-256': signature } : {}),
      },
      body,
    });
  const deliveries = async () => {
    const { rows } = await db.query<{ count: string }>(
      'SELECT count(*) FROM connectors.webhook_deliveries',
    );
    return Number(rows[0].count);
  };
  const as = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${stack.gateway.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'sb-meta-api-'));
    emulator = await new GraphEmulator({
      appSecret,
      phoneNumbers: [
        {
          phoneNumberId: phone.phoneNumberId,
          accessToken: phone.accessToken,
          displayPhoneNumber: phone.display,
        },
      ],
      pages: [
        {
          pageId: '5550001',
          name: 'Api Page',
          pageAccessToken: 'api-page-token',
          instagram: { id: '6660001', username: 'api_ig' },
        },
      ],
      userTokens: ['fb-user-token'],
    }).start();
    const env = {
      JWT_SECRET: jwtSecret,
      AUTH_RATE_LIMIT: '0',
      MEDIA_DIR: mediaDir,
      META_APP_SECRET: appSecret,
      META_VERIFY_TOKEN: verifyToken,
      META_GRAPH_URL: emulator.graphUrl,
      META_WEBHOOK_POLL_MS: '200',
    };
    connectorsDb = await createTestDatabase('gateway_meta_connectors');
    db = new pg.Pool({ connectionString: connectorsDb.url, max: 2 });
    stack = await startIdentityStack(kind, {
      database: 'gateway_meta',
      env,
      beforeGateway: async (buses) => {
        connectors = await startConnectorsService(
          { bus: buses.serviceBus, databaseUrl: connectorsDb.url, env },
          { whatsappSocketFactory: silentSocket },
        );
        subscription = await buses.serviceBus.subscribe<InboundMessageEventData>(
          'evt.1.connectors.message.received',
          async (event: DomainEvent<InboundMessageEventData>) => {
            events.push(event.data);
          },
        );
      },
    });
    emulator.setWebhookUrl(webhookUrl());
    adminToken = await signAccessToken({ sub: '10', cid: 1, profile: 'admin' });
    userToken = await signAccessToken({ sub: '11', cid: 1, profile: 'user' });
    const created = await as(adminToken, 'POST', '/whatsapp', {
      name: 'Cloud API',
      channel: 'whatsappapi',
      credentials: { phoneNumberId: phone.phoneNumberId, accessToken: phone.accessToken },
    });
    expect(created.status).toBeLessThan(300);
    connection = (await json(created)) as ConnectionRecord;
  }, 90_000);

  afterAll(async () => {
    await subscription?.unsubscribe();
    await connectors?.close();
    await stopIdentityStack(stack ?? {});
    await db?.end();
    await connectorsDb?.drop();
    await emulator?.close();
    await rm(mediaDir, { recursive: true, force: true });
  }, 30_000);

  it('answers the subscription check with the challenge, only for the verify token', async () => {
    const check = (token: string, mode = 'subscribe') =>
      fetch(`${webhookUrl()}?hub.mode=${mode}&hub.verify_token=${token}&hub.challenge=1158201444`);
    const ok = await check(verifyToken);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await check('wrong')).status).toBe(403);
    expect((await check(verifyToken, 'unsubscribe')).status).toBe(403);
  });

  it('refuses a bad or missing signature with 401 and stores nothing', async () => {
    const before = await deliveries();
    const body = JSON.stringify(
      cloudWebhooks.text({ phoneNumberId: phone.phoneNumberId, from: customer, text: 'forged' }),
    );
    const forged = await post(body, signMetaBody('not-the-secret', body));
    expect(forged.status).toBe(401);
    expect((await json(forged)).error).toBe('ERR_INVALID_TOKEN');
    expect((await post(body)).status).toBe(401);
    // a valid signature of other bytes
    expect((await post(body, signMetaBody(appSecret, `${body} `))).status).toBe(401);
    expect(await deliveries()).toBe(before);
  });

  it('turns a signed text into one connectors.message.received event', async () => {
    const result = await emulator.customerText({
      phoneNumberId: phone.phoneNumberId,
      from: customer,
      name: 'Bia',
      text: 'Olá, preciso de ajuda',
    });
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ received: true });
    await waitFor(
      () => events.some((event) => event.externalId === result.messageId),
      8000,
      'the received event',
    );
    expect(events.find((event) => event.externalId === result.messageId)).toMatchObject({
      connectionId: connection.id,
      channel: 'whatsappapi',
      body: 'Olá, preciso de ajuda',
      peer: { number: customer, name: 'Bia' },
      mediaType: 'chat',
      fromMe: false,
    });
  });

  it('stores a delivery seen twice once as a message', async () => {
    const payload = cloudWebhooks.text({
      phoneNumberId: phone.phoneNumberId,
      from: customer,
      text: 'twice',
      id: 'wamid.API-TWICE',
    });
    expect((await emulator.sendWebhook(payload)).status).toBe(200);
    expect((await emulator.sendWebhook(payload)).status).toBe(200);
    const marker = await emulator.customerText({
      phoneNumberId: phone.phoneNumberId,
      from: customer,
      text: 'after the duplicate',
    });
    await waitFor(
      () => events.some((event) => event.externalId === marker.messageId),
      8000,
      'the marker event',
    );
    await waitFor(
      () => events.some((event) => event.externalId === 'wamid.API-TWICE'),
      8000,
      'the duplicated message',
    );
    const { rows } = await db.query<{ count: string }>(
      `SELECT count(*) FROM connectors.webhook_message_keys WHERE external_id = 'wamid.API-TWICE'`,
    );
    expect(Number(rows[0].count)).toBe(1);
    expect(events.filter((event) => event.externalId === 'wamid.API-TWICE')).toHaveLength(1);
  });

  it('stores every webhook of a burst (sent to connectors together), each answered 200', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `wamid.API-BURST-${i}`);
    const answers = await Promise.all(
      ids.map((id) =>
        emulator.sendWebhook(
          cloudWebhooks.text({ phoneNumberId: phone.phoneNumberId, from: customer, text: id, id }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 200));
    await waitFor(
      () => ids.every((id) => events.some((event) => event.externalId === id)),
      8000,
      'the burst',
    );
    for (const id of ids) expect(events.filter((event) => event.externalId === id)).toHaveLength(1);
  });

  it('answers 200 for an unknown phone number id and for malformed payloads, and logs them', async () => {
    const unknown = await emulator.customerText({
      phoneNumberId: '9999999',
      from: customer,
      text: 'to nobody',
    });
    expect(unknown.status).toBe(200);
    expect(
      (await emulator.sendWebhook({ object: 'page', entry: [{ messaging: 'x' }] })).status,
    ).toBe(200);
    expect((await emulator.sendWebhook([1, 2, 3])).status).toBe(200);
    const broken = '{"object": "whatsapp_business_account", ';
    const malformed = await post(broken, signMetaBody(appSecret, broken));
    expect(malformed.status).toBe(400);
    expect((await json(malformed)).error).toBe('ERR_MALFORMED_JSON');
    const huge = JSON.stringify({ object: 'page', entry: [], padding: 'x'.repeat(1024 * 1024) });
    const tooLarge = await post(huge, signMetaBody(appSecret, huge));
    expect(tooLarge.status).toBe(413);
    const pending = async () => {
      const { rows } = await db.query<{ count: string }>(
        `SELECT count(*) FROM connectors.webhook_deliveries WHERE status <> 'done'`,
      );
      return Number(rows[0].count);
    };
    const deadline = Date.now() + 8000;
    while ((await pending()) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { rows } = await db.query<{ issues: number }>(
      `SELECT issues FROM connectors.webhook_deliveries WHERE payload::text LIKE '%9999999%'`,
    );
    expect(rows).toEqual([{ issues: 1 }]);
    expect(events.some((event) => event.body === 'to nobody')).toBe(false);
  });

  it('POST /facebook creates the page and Instagram connections for admins only', async () => {
    const body = { facebookUserId: '77', facebookUserToken: 'fb-user-token', addInstagram: true };
    expect((await as(userToken, 'POST', '/facebook', body)).status).toBe(403);
    const res = await as(adminToken, 'POST', '/facebook', body);
    expect(res.status).toBe(200);
    const reply = (await json(res)) as FacebookConnectReply;
    expect(reply.connections.map((c) => [c.channel, c.name])).toEqual([
      ['facebook', 'Api Page'],
      ['instagram', 'api_ig'],
    ]);
    expect(JSON.stringify(reply)).not.toContain('api-page-token');
    const invalid = await as(adminToken, 'POST', '/facebook', { facebookUserId: '77' });
    expect(invalid.status).toBe(400);
  });
});
