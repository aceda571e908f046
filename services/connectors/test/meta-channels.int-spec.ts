import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import {
  Subjects,
  type BusRequest,
  type DomainEvent,
  type ConnectionRecord,
  type FacebookConnectReply,
  type InboundMessageEventData,
  type MessageAckEventData,
  type MessageTemplate,
  type PlanLimitsReply,
  type RequestContext,
  type SendMessageResult,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { AppError } from '@sb/platform/errors';
import type { RunningService } from '@sb/platform/nest';
import { createStorage, streamToBuffer } from '@sb/storage';
import { createTestDatabase, openTestBus, type TestDatabase } from '@sb/testing';
import { cloudWebhooks, GraphEmulator } from '@sb/testing/channel-emulator';
import pg from 'pg';
import { startConnectorsService } from '../src/index.js';

// The Meta channels of the connectors service against the channel emulator over real HTTP: the emulator
// plays the Graph API (META_GRAPH_URL) and posts signed webhooks to a small receiver standing in for the
// gateway (check the signature, hand the body to connectors.webhook.meta).

const S = Subjects.connectors;
const base = { requestId: 't', userId: 1, super: false, lang: 'en' };
const admin: RequestContext = { ...base, companyId: 1, profile: 'admin' };
const appSecret = 'meta-int-secret';
const phone = { phoneNumberId: '1110001', accessToken: 'cloud-token', display: '15550001111' };
const page = { pageId: '2220001', pageAccessToken: 'page-token', instagramId: '3330001' };
const customer = '5511999990001';
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type OutboxRow = { subject: string; payload: unknown };

const waitFor = async <T>(check: () => Promise<T | undefined>, what: string, ms = 8000) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('Meta channels with the channel emulator', () => {
  let bus: Bus;
  let service: RunningService & { app: INestApplicationContext };
  const receivedEvents: InboundMessageEventData[] = [];
  let failReceived = 0;
  let database: TestDatabase;
  let db: pg.Pool;
  let emulator: GraphEmulator;
  let receiver: Server;
  let mediaDir: string;
  let cloud: ConnectionRecord;

  beforeAll(async () => {
    mediaDir = await mkdtemp(join(tmpdir(), 'sb-meta-media-'));
    bus = (await openTestBus('in-process', 'connectors-meta-int-spec'))!;
    // Meta messages are published straight from the webhook batch's transaction (no outbox row)
    await bus.subscribe<InboundMessageEventData>('evt.1.connectors.message.received', (event) => {
      receivedEvents.push(event.data);
      return Promise.resolve();
    });
    await bus.handle(Subjects.identity.planLimits, (payload: BusRequest) =>
      Promise.resolve({
        companyId: (payload.data as { companyId: number }).companyId,
        planId: 1,
        limits: { users: 5, connections: 10, queues: 5 },
        flags: { useWhatsapp: true, useFacebook: true, useInstagram: true },
      } as PlanLimitsReply),
    );
    // the gateway's part: signature, then the bus
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const expected = `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
        if (req.headers['x-hub-signature-256'] !== expected) {
          res.writeHead(401).end();
          return;
        }
        bus
          .request(S.webhookMeta, {
            ctx: { ...base, companyId: 0, profile: 'anonymous' },
            data: { payloads: [JSON.parse(raw.toString('utf8')) as unknown] },
          })
          .then((reply) => res.writeHead(200).end(JSON.stringify(reply.deliveries[0])))
          .catch(() => res.writeHead(500).end());
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    emulator = await new GraphEmulator({
      appSecret,
      webhookUrl: `http://127.0.0.1:${port}/webhooks/meta`,
      phoneNumbers: [
        {
          phoneNumberId: phone.phoneNumberId,
          accessToken: phone.accessToken,
          displayPhoneNumber: phone.display,
        },
      ],
      pages: [
        {
          pageId: page.pageId,
          name: 'Acme Page',
          pageAccessToken: page.pageAccessToken,
          instagram: { id: page.instagramId, username: 'acme' },
        },
      ],
      userTokens: ['user-token'],
    }).start();
    database = await createTestDatabase();
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    // the service's bus refuses the next `failReceived` received events, as a NATS outage would
    const flakyBus = new Proxy(bus, {
      get: (target, prop) => {
        if (prop === 'publish')
          return (event: DomainEvent) => {
            if (failReceived > 0 && event.subject.endsWith('.message.received')) {
              failReceived -= 1;
              return Promise.reject(new Error('bus unavailable'));
            }
            return target.publish(event);
          };
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    service = (await startConnectorsService({
      bus: flakyBus,
      databaseUrl: database.url,
      env: {
        META_GRAPH_URL: emulator.graphUrl,
        MEDIA_DIR: mediaDir,
        META_WEBHOOK_POLL_MS: '200',
        CONNECTORS_SEND_RETRY_BASE_MS: '1',
        JWT_SECRET: 'meta-int-spec-secret-0123456789abcdef',
      },
    })) as RunningService & { app: INestApplicationContext };
  });

  afterAll(async () => {
    await service?.close();
    await db?.end();
    await database?.drop();
    await bus?.close();
    await emulator?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    await rm(mediaDir, { recursive: true, force: true });
  });

  const call = <T>(subject: string, data: unknown, ctx: RequestContext = admin) =>
    bus.request(subject, { ctx, data }) as Promise<T>;
  const outbox = async (kind: 'ack') => {
    const { rows } = await db.query<OutboxRow>(
      `SELECT subject, payload FROM connectors.outbox_event WHERE subject = $1 ORDER BY seq`,
      [`evt.1.connectors.message.${kind}`],
    );
    return rows.map((row) => row.payload);
  };
  const received = () => Promise.resolve([...receivedEvents]);
  const receivedWith = (externalId: string) =>
    waitFor(
      async () => (await received()).find((event) => event.externalId === externalId),
      `the received event of ${externalId}`,
    );
  const connected = (id: number) =>
    waitFor(async () => {
      const record = await call<ConnectionRecord>(S.connectionGet, { id });
      return record.status === 'CONNECTED' ? record : undefined;
    }, `connection ${id} CONNECTED`);
  /** Ana, the customer, writes to the Cloud API number. */
  const anaWrites = (text: string) =>
    emulator.customerText({
      phoneNumberId: phone.phoneNumberId,
      from: customer,
      name: 'Ana',
      text,
    });
  /** The webhook of a customer text to the Cloud API number, with the message id `id`. */
  const cloudText = (text: string, id: string) =>
    cloudWebhooks.text({ phoneNumberId: phone.phoneNumberId, from: customer, text, id });
  const sendText = (connectionId: number, number: string, body: string) =>
    call<SendMessageResult>(S.messageSend, {
      connectionId,
      peer: { number, isGroup: false },
      body,
    });
  /** Waits until `count` stored webhook deliveries holding `marker` are processed. */
  const deliveriesDone = (marker: string, count: number) =>
    waitFor(async () => {
      const { rows } = await db.query<{ count: string }>(
        `SELECT count(*) FROM connectors.webhook_deliveries WHERE status = 'done'
          AND payload::text LIKE $1`,
        [`%${marker}%`],
      );
      return Number(rows[0].count) === count ? true : undefined;
    }, `${count} deliveries of ${marker} processed`);
  const sendError = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (err) {
      return err as AppError;
    }
    throw new Error('the send succeeded');
  };

  it('opens a whatsappapi connection by checking its token at the Graph API', async () => {
    const created = await call<ConnectionRecord>(S.connectionCreate, {
      name: 'Cloud',
      channel: 'whatsappapi',
      credentials: { phoneNumberId: phone.phoneNumberId, accessToken: phone.accessToken },
    });
    cloud = await connected(created.id);
    expect(cloud).toMatchObject({ channel: 'whatsappapi', number: phone.display });
  });

  it('a customer text becomes one connectors.message.received event', async () => {
    const result = await anaWrites('Hello from the emulator');
    expect(result.status).toBe(200);
    const event = await receivedWith(result.messageId!);
    expect(event).toMatchObject({
      connectionId: cloud.id,
      channel: 'whatsappapi',
      fromMe: false,
      kind: 'message',
      mediaType: 'chat',
      body: 'Hello from the emulator',
      peer: { number: customer, name: 'Ana', isGroup: false },
    });
  });

  it('stores a redelivered message once', async () => {
    const payload = cloudText('twice', 'wamid.TWICE');
    expect((await emulator.sendWebhook(payload)).status).toBe(200);
    expect((await emulator.sendWebhook(payload)).status).toBe(200);
    await receivedWith('wamid.TWICE');
    // both deliveries are stored and processed; the second yields no event
    await deliveriesDone('wamid.TWICE', 2);
    expect((await received()).filter((event) => event.externalId === 'wamid.TWICE')).toHaveLength(
      1,
    );
  });

  it('a message whose event could not be published is delivered by the retry, once', async () => {
    failReceived = 1;
    const result = await anaWrites('Sent while the bus was down');
    expect(result.status).toBe(200);
    await waitFor(
      async () => (await received()).find((event) => event.externalId === result.messageId),
      'the retried received event',
      15_000,
    );
    expect(failReceived).toBe(0);
    expect(
      (await received()).filter((event) => event.externalId === result.messageId),
    ).toHaveLength(1);
  });

  it('a claimed batch holding one message several times yields one event', async () => {
    const payload = cloudText('batched', 'wamid.BATCHED') as unknown as {
      entry: { changes: { value: { messages: unknown[] } }[] }[];
    };
    const value = payload.entry[0].changes[0].value;
    value.messages.push(value.messages[0]); // twice in one webhook
    const other = cloudText('after the batch', 'wamid.BATCHED_NEXT');
    // three deliveries of it and one more message, stored at once: the processor claims them together
    await db.query(
      `INSERT INTO connectors.webhook_deliveries (source, object, payload)
       SELECT 'meta', 'whatsapp_business_account', p FROM unnest($1::jsonb[]) AS p`,
      [[payload, payload, payload, other].map((body) => JSON.stringify(body))],
    );
    await receivedWith('wamid.BATCHED_NEXT');
    await deliveriesDone('wamid.BATCHED', 4);
    const events = (await received()).filter((event) =>
      event.externalId.startsWith('wamid.BATCHED'),
    );
    expect(events.map((event) => event.externalId)).toEqual([
      'wamid.BATCHED',
      'wamid.BATCHED_NEXT',
    ]);
  });

  it('copies inbound media to object storage', async () => {
    const result = await emulator.customerMedia({
      phoneNumberId: phone.phoneNumberId,
      from: customer,
      type: 'image',
      buffer: png,
      mimeType: 'image/png',
      caption: 'a pixel',
    });
    const event = await receivedWith(result.messageId!);
    expect(event).toMatchObject({ mediaType: 'image', body: 'a pixel' });
    expect(event.media).toMatchObject({ mimeType: 'image/png', size: png.length });
    expect(event.media!.key).toMatch(/^company-1\/messages\//);
    const storage = await createStorage({ MEDIA_DIR: mediaDir });
    const stored = await storage.get(event.media!.key);
    expect(await streamToBuffer(stored.stream)).toEqual(png);
  });

  it('logs and skips unknown accounts and malformed payloads, and keeps working', async () => {
    const before = (await received()).length;
    const unknown = await emulator.customerText({
      phoneNumberId: '999999',
      from: customer,
      text: 'to nobody',
    });
    expect(unknown.status).toBe(200);
    for (const junk of [{ object: 'whatsapp_business_account', entry: 'x' }, { hello: 1 }]) {
      expect((await emulator.sendWebhook(junk)).status).toBe(200);
    }
    const after = await emulator.customerText({
      phoneNumberId: phone.phoneNumberId,
      from: customer,
      text: 'still here',
    });
    await receivedWith(after.messageId!);
    expect((await received()).length).toBe(before + 1);
    const { rows } = await db.query<{ status: string; issues: number }>(
      `SELECT status, issues FROM connectors.webhook_deliveries
        WHERE payload::text LIKE '%999999%'`,
    );
    expect(rows).toEqual([{ status: 'done', issues: 1 }]);
  });

  it('sends a text through the Cloud API and turns its statuses into acks', async () => {
    const result = await sendText(cloud.id, `+${customer}`, 'Hi Ana, how can we help?');
    const sent = await emulator.waitForSent((send) => send.id === result.externalId);
    expect(sent).toMatchObject({
      channel: 'whatsappapi',
      accountId: phone.phoneNumberId,
      to: customer,
      type: 'text',
      text: 'Hi Ana, how can we help?',
    });
    await emulator.status({
      phoneNumberId: phone.phoneNumberId,
      messageId: result.externalId,
      recipientId: customer,
      status: 'read',
    });
    const ack = await waitFor(
      async () =>
        ((await outbox('ack')) as MessageAckEventData[]).find(
          (event) => event.externalId === result.externalId,
        ),
      'the ack',
    );
    expect(ack).toEqual({ connectionId: cloud.id, externalId: result.externalId, ack: 3 });
  });

  it('uploads media and sends it with its caption; sends templates', async () => {
    const storage = await createStorage({ MEDIA_DIR: mediaDir });
    const key = 'company-1/messages/outbound-pixel.png';
    await storage.put(key, png, { contentType: 'image/png', size: png.length });
    const result = await call<SendMessageResult>(S.messageSend, {
      connectionId: cloud.id,
      peer: { number: customer, isGroup: false },
      body: 'see this',
      media: {
        key,
        mimeType: 'image/png',
        fileName: 'pixel.png',
        size: png.length,
        mediaType: 'image',
      },
    });
    const sent = await emulator.waitForSent((send) => send.id === result.externalId);
    expect(sent).toMatchObject({ type: 'image', text: 'see this' });
    expect(emulator.mediaBytes(sent.mediaId!)).toEqual(png);
    const template = await call<SendMessageResult>(S.messageSend, {
      connectionId: cloud.id,
      peer: { number: '5511977770000', isGroup: false },
      body: '',
      template: { name: 'hello_world', language: 'en_US' },
    });
    const sentTemplate = await emulator.waitForSent((send) => send.id === template.externalId);
    expect(sentTemplate.body).toMatchObject({
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
  });

  it('answers the catalogue errors of Cloud API refusals', async () => {
    const invalid = await sendError(sendText(cloud.id, '123', 'x'));
    expect(invalid.code).toBe('ERR_WAPP_INVALID_CONTACT');
    const closed = await sendError(sendText(cloud.id, '5511966660000', 'nobody wrote first'));
    expect(closed.code).toBe('ERR_SENDING_WAPP_MSG');
    expect(closed.details).toMatchObject({ reason: 'outside_24h_window' });
    const uploadsBefore = emulator.sent.length;
    const tooLarge = await sendError(
      call(S.messageSend, {
        connectionId: cloud.id,
        peer: { number: customer, isGroup: false },
        body: 'huge',
        media: {
          key: 'company-1/messages/not-read.png',
          mimeType: 'image/png',
          fileName: 'huge.png',
          size: 6 * 1024 * 1024,
          mediaType: 'image',
        },
      }),
    );
    expect(tooLarge.code).toBe('ERR_PAYLOAD_TOO_LARGE');
    expect(emulator.sent.length).toBe(uploadsBefore);
    emulator.failNext({ status: 503, code: 2, message: 'Service temporarily unavailable' });
    const retried = await sendText(cloud.id, customer, 'after a hiccup');
    expect(retried.externalId).toMatch(/^wamid\./);
  });

  it('sends a reaction to a message through the Cloud API', async () => {
    const message = await sendText(cloud.id, customer, 'react here');
    const reaction = await call<SendMessageResult>(S.messageSend, {
      connectionId: cloud.id,
      peer: { number: customer, isGroup: false },
      body: '❤️',
      reaction: { externalId: message.externalId, fromMe: true },
    });
    const sent = await emulator.waitForSent((send) => send.id === reaction.externalId);
    expect(sent).toMatchObject({ type: 'reaction', text: '❤️' });
    expect(sent.body).toMatchObject({
      reaction: { message_id: message.externalId, emoji: '❤️' },
    });
  });

  it('answers ERR_WAPP_DOWNLOAD_MEDIA for a file storage no longer has', async () => {
    const gone = await sendError(
      call(S.messageSend, {
        connectionId: cloud.id,
        peer: { number: customer, isGroup: false },
        body: '',
        media: {
          key: 'company-1/messages/never-stored.png',
          mimeType: 'image/png',
          fileName: 'never-stored.png',
          size: png.length,
          mediaType: 'image',
        },
      }),
    );
    expect(gone.code).toBe('ERR_WAPP_DOWNLOAD_MEDIA');
  });

  it('marks a whatsappapi connection with a refused token DISCONNECTED', async () => {
    const created = await call<ConnectionRecord>(S.connectionCreate, {
      name: 'Bad token',
      channel: 'whatsappapi',
      credentials: { phoneNumberId: phone.phoneNumberId, accessToken: 'wrong' },
    });
    const record = await waitFor(async () => {
      const current = await call<ConnectionRecord>(S.connectionGet, { id: created.id });
      return current.status === 'DISCONNECTED' ? current : undefined;
    }, 'DISCONNECTED');
    expect(record.status).toBe('DISCONNECTED');
    const refused = await sendError(sendText(created.id, customer, 'x'));
    expect(refused.code).toBe('ERR_WAPP_NOT_INITIALIZED');
    await call(S.connectionDelete, { id: created.id });
  });

  it('POST /facebook creates a connection per page and its Instagram account', async () => {
    const reply = await call<FacebookConnectReply>(S.facebookConnect, {
      facebookUserId: '42',
      facebookUserToken: 'user-token',
      addInstagram: true,
    });
    expect(reply.connections.map((c) => [c.channel, c.name])).toEqual([
      ['facebook', 'Acme Page'],
      ['instagram', 'acme'],
    ]);
    for (const connection of reply.connections) await connected(connection.id);
    // a second login refreshes the tokens instead of adding connections
    const again = await call<FacebookConnectReply>(S.facebookConnect, {
      facebookUserId: '42',
      facebookUserToken: 'user-token',
    });
    expect(again.connections.map((c) => c.id)).toEqual([reply.connections[0].id]);
    const refused = await sendError(
      call(S.facebookConnect, { facebookUserId: '42', facebookUserToken: 'expired' }),
    );
    expect(refused.code).toBe('ERR_VALIDATION');
  });

  it("lists a Cloud API connection's approved templates and sends one with its body values", async () => {
    // no WhatsApp Business Account ID yet: Meta cannot be asked
    const withoutAccount = await sendError(call(S.templateList, { connectionId: cloud.id }));
    expect(withoutAccount.code).toBe('ERR_WAPP_TEMPLATES_UNAVAILABLE');
    await call(S.connectionUpdate, {
      id: cloud.id,
      credentials: { ...phone, businessAccountId: '4440001' },
    });
    await connected(cloud.id);
    const templates = await call<MessageTemplate[]>(S.templateList, { connectionId: cloud.id });
    // the emulator's defaults: three approved, one still in review (left out)
    expect(templates.map((t) => `${t.name}/${t.language}`)).toEqual([
      'hello_world/en_US',
      'order_update/pt_BR',
      'seasonal_promo/pt_BR',
    ]);
    expect(templates[1]).toEqual({
      name: 'order_update',
      language: 'pt_BR',
      category: 'UTILITY',
      body: 'Olá {{1}}, seu pedido {{2}} foi enviado.',
      bodyParameters: ['1', '2'],
      bodyParameterCount: 2,
    });
    // another company's connection is not found
    const other = await sendError(
      call(S.templateList, { connectionId: cloud.id }, { ...admin, companyId: 2 }),
    );
    expect(other.code).toBe('ERR_NO_WAPP_FOUND');

    // outside the 24-hour window, as a template with its values in the body
    const sent = await call<SendMessageResult>(S.messageSend, {
      connectionId: cloud.id,
      peer: { number: '5511955550000', isGroup: false },
      body: '',
      template: {
        name: 'order_update',
        language: 'pt_BR',
        bodyParameters: [{ text: 'Ana' }, { text: 'A-42' }],
      },
    });
    const recorded = await emulator.waitForSent((send) => send.id === sent.externalId);
    expect(recorded).toMatchObject({
      type: 'template',
      text: 'Olá Ana, seu pedido A-42 foi enviado.',
      body: {
        template: {
          name: 'order_update',
          language: { code: 'pt_BR' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Ana' },
                { type: 'text', text: 'A-42' },
              ],
            },
          ],
        },
      },
    });
    // a template Meta does not know: refused for good, with Meta's reason
    const unknown = await sendError(
      call(S.messageSend, {
        connectionId: cloud.id,
        peer: { number: '5511955550000', isGroup: false },
        body: '',
        template: { name: 'new_arrivals', language: 'pt_BR', bodyParameters: [{ text: 'Ana' }] },
      }),
    );
    expect(unknown.code).toBe('ERR_SENDING_WAPP_MSG');
    expect(unknown.details).toMatchObject({ refused: true, graphCode: 132001 });
    expect((unknown.details as { reason: string }).reason).toMatch(/does not exist in pt_BR/);
  });

  it('Messenger and Instagram: inbound with the sender name, replies inside 24 hours only', async () => {
    const list = await call<ConnectionRecord[]>(S.connectionList, {});
    const facebook = list.find((c) => c.channel === 'facebook')!;
    const instagram = list.find((c) => c.channel === 'instagram')!;
    const inbound = await emulator.messengerText({
      object: 'page',
      accountId: page.pageId,
      from: 'PSID77',
      text: 'Hi page',
    });
    expect(await receivedWith(inbound.messageId!)).toMatchObject({
      connectionId: facebook.id,
      channel: 'facebook',
      body: 'Hi page',
      peer: { number: 'PSID77', name: 'Customer ID77' },
    });
    const reply = await sendText(facebook.id, 'PSID77', 'Hello from the page');
    expect(await emulator.waitForSent((send) => send.id === reply.externalId)).toMatchObject({
      channel: 'facebook',
      to: 'PSID77',
      text: 'Hello from the page',
    });
    const closed = await sendError(sendText(facebook.id, 'PSID-SILENT', 'late'));
    expect(closed.code).toBe('ERR_SENDING_WAPP_MSG');
    expect(closed.details).toMatchObject({ reason: 'outside_24h_window' });

    const igInbound = await emulator.messengerText({
      object: 'instagram',
      accountId: page.instagramId,
      from: 'IGSID5',
      text: 'Hi insta',
    });
    expect(await receivedWith(igInbound.messageId!)).toMatchObject({
      connectionId: instagram.id,
      channel: 'instagram',
      body: 'Hi insta',
    });
    const igReply = await sendText(instagram.id, 'IGSID5', 'Hello on Instagram');
    expect(await emulator.waitForSent((send) => send.id === igReply.externalId)).toMatchObject({
      channel: 'instagram',
      accountId: page.instagramId,
    });

    // message templates are the Cloud API's: a page has none, and refuses to send one
    const listed = await sendError(call(S.templateList, { connectionId: facebook.id }));
    expect(listed.code).toBe('ERR_WAPP_TEMPLATES_UNSUPPORTED');
    const refused = await sendError(
      call(S.messageSend, {
        connectionId: facebook.id,
        peer: { number: 'PSID77', isGroup: false },
        body: '',
        template: { name: 'hello_world', language: 'en_US' },
      }),
    );
    expect(refused.code).toBe('ERR_WAPP_TEMPLATES_UNSUPPORTED');
    expect(refused.details).toMatchObject({ refused: true });

    // a page cannot react to a message: refused for good, nothing reaches the Graph API
    const before = emulator.sent.length;
    const reaction = await sendError(
      call(S.messageSend, {
        connectionId: facebook.id,
        peer: { number: 'PSID77', isGroup: false },
        body: '👍',
        reaction: { externalId: inbound.messageId!, fromMe: false },
      }),
    );
    expect(reaction.code).toBe('ERR_SENDING_WAPP_MSG');
    expect(reaction.details).toMatchObject({ refused: true });
    expect(emulator.sent.length).toBe(before);
  });
});
