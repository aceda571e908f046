import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphEmulator, mediaKind } from './graph-emulator.js';
import { signMetaBody } from './webhook-payloads.js';

// The emulator page's file input over real HTTP: the signed webhook it produces and the media behind it.

type Received = { body: string; signature: string | undefined };
type CloudMedia = { id: string; mime_type: string; caption?: string; filename?: string };
type CloudWebhook = {
  entry: {
    changes: {
      value: {
        metadata: { phone_number_id: string };
        messages: (Record<string, unknown> & { type: string; from: string })[];
      };
    }[];
  }[];
};

const appSecret = 'page-test-secret';
const phoneNumberId = '100000000000001';
const accessToken = 'emulator-token';
const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63f8ffff3f0005fe02fea7d6a4bb0000000049454e44ae426082',
  'hex',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('GraphEmulator page: a customer sends a file', () => {
  let receiver: Server;
  let emulator: GraphEmulator;
  const received: Received[] = [];

  beforeAll(async () => {
    // stands in for the gateway's POST /webhooks/meta
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: req.headers['x-hub-signature-256'] as string | undefined,
        });
        res.end('EVENT_RECEIVED');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    emulator = await new GraphEmulator({
      appSecret,
      webhookUrl: `http://127.0.0.1:${port}/webhooks/meta`,
      phoneNumbers: [{ phoneNumberId, accessToken, displayPhoneNumber: '15550000001' }],
      pages: [
        {
          pageId: '200000000000001',
          name: 'Demo page',
          pageAccessToken: 'page-token',
          instagram: { id: '300000000000001', username: 'demo' },
        },
      ],
    }).start();
  });

  afterAll(async () => {
    await emulator.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  beforeEach(() => {
    received.length = 0;
  });

  /** What the page's "Send file" posts. */
  const sendFile = (fields: Record<string, string>, file: Buffer, type: string, name: string) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set('file', new File([file], name, { type }));
    return fetch(`${emulator.url}/emulator/send-file`, { method: 'POST', body: form });
  };

  /** The one webhook received, after checking it is signed with the app secret as Meta signs. */
  const signedWebhook = () => {
    expect(received).toHaveLength(1);
    const [{ body, signature }] = received;
    expect(signature).toBe(signMetaBody(appSecret, body));
    return JSON.parse(body) as CloudWebhook;
  };

  /** Downloads a Cloud API media id the way connectors do: GET /<id>, then its url, with the token. */
  const download = async (mediaId: string) => {
    const auth = { authorization: `Bearer ${accessToken}` };
    const info = (await (
      await fetch(`${emulator.graphUrl}/${mediaId}`, { headers: auth })
    ).json()) as {
      url: string;
      mime_type: string;
    };
    const file = await fetch(info.url, { headers: auth });
    expect(file.status).toBe(200);
    return { mimeType: info.mime_type, bytes: Buffer.from(await file.arrayBuffer()) };
  };

  it('sends an image with its caption as a Cloud API image message whose media downloads', async () => {
    const reply = await sendFile(
      { account: phoneNumberId, peer: '5511999990001', name: 'Ana', caption: 'the broken part' },
      png,
      'image/png',
      'part.png',
    );
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ status: 200, body: 'EVENT_RECEIVED' });

    const webhook = signedWebhook();
    const value = webhook.entry[0].changes[0].value;
    expect(value.metadata.phone_number_id).toBe(phoneNumberId);
    const [message] = value.messages;
    expect(message).toMatchObject({ type: 'image', from: '5511999990001' });
    const image = message.image as CloudMedia;
    expect(image).toMatchObject({ mime_type: 'image/png', caption: 'the broken part' });
    expect(await download(image.id)).toEqual({ mimeType: 'image/png', bytes: png });

    const line = emulator.conversation(phoneNumberId, '5511999990001').at(-1);
    expect(line).toMatchObject({ direction: 'in', text: '[image] the broken part' });
  });

  it('sends a document with its file name', async () => {
    const reply = await sendFile(
      { account: phoneNumberId, peer: '5511999990002', name: 'Bia', caption: '' },
      pdf,
      'application/pdf',
      'invoice 42.pdf',
    );
    expect(reply.status).toBe(200);
    const [message] = signedWebhook().entry[0].changes[0].value.messages;
    expect(message.type).toBe('document');
    const document = message.document as CloudMedia;
    expect(document).toMatchObject({ mime_type: 'application/pdf', filename: 'invoice 42.pdf' });
    expect(document).not.toHaveProperty('caption');
    expect(await download(document.id)).toEqual({ mimeType: 'application/pdf', bytes: pdf });
  });

  it('sends a Messenger or Instagram attachment by the URL the emulator serves', async () => {
    const reply = await sendFile(
      { account: '300000000000001', object: 'instagram', peer: '7000000001' },
      png,
      'image/png',
      'photo.png',
    );
    expect(reply.status).toBe(200);
    const webhook = JSON.parse(received[0].body) as {
      object: string;
      entry: {
        messaging: { message: { attachments: { type: string; payload: { url: string } }[] } }[];
      }[];
    };
    expect(webhook.object).toBe('instagram');
    const [attachment] = webhook.entry[0].messaging[0].message.attachments;
    expect(attachment.type).toBe('image');
    const file = await fetch(attachment.payload.url);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
  });

  it('refuses a send without a file', async () => {
    const form = new FormData();
    form.set('account', phoneNumberId);
    form.set('peer', '5511999990003');
    const reply = await fetch(`${emulator.url}/emulator/send-file`, { method: 'POST', body: form });
    expect(reply.status).toBe(400);
    expect(received).toEqual([]);
  });

  it('serves the page with an empty icon and answers /favicon.ico without a 404', async () => {
    const page = await fetch(`${emulator.url}/`);
    const html = await page.text();
    expect(html).toContain('<link rel="icon" href="data:,">');
    expect(html).toContain('id="send-file"');
    expect((await fetch(`${emulator.url}/favicon.ico`)).status).toBe(204);
  });

  it('maps MIME types to Cloud API message types', () => {
    expect(mediaKind('image/jpeg')).toBe('image');
    expect(mediaKind('audio/ogg')).toBe('audio');
    expect(mediaKind('video/mp4')).toBe('video');
    expect(mediaKind('application/pdf')).toBe('document');
    expect(mediaKind('')).toBe('document');
  });
});

describe('GraphEmulator: the 24-hour window of Cloud API texts', () => {
  const sendText = (emulator: GraphEmulator, to: string) =>
    fetch(`${emulator.graphUrl}/${phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to,
        type: 'text',
        text: { body: 'Hi' },
      }),
    });
  const started = (openWindows?: boolean) =>
    new GraphEmulator({
      appSecret,
      openWindows,
      phoneNumbers: [{ phoneNumberId, accessToken, displayPhoneNumber: '15550000001' }],
    }).start();

  it('refuses a text to a number that never wrote, unless every window is open', async () => {
    const strict = await started();
    const open = await started(true);
    try {
      const refused = await sendText(strict, '5511999990009');
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: 131047 } });
      const accepted = await sendText(open, '5511999990009');
      expect(accepted.status).toBe(200);
      expect(open.sent).toHaveLength(1);
      expect(open.sent[0]).toMatchObject({ to: '5511999990009', text: 'Hi' });
    } finally {
      await strict.close();
      await open.close();
    }
  });
});

describe('GraphEmulator: message templates of a WhatsApp Business Account', () => {
  let emulator: GraphEmulator;
  const waba = '400000000000009';
  const token = 'templates-token';
  const auth = (value = token) => ({ authorization: `Bearer ${value}` });
  const templates = async (account: string, query = '', value = token) => {
    const res = await fetch(`${emulator.graphUrl}/${account}/message_templates${query}`, {
      headers: auth(value),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const send = async (template: Record<string, unknown>, to = '5511988887777') => {
    const res = await fetch(`${emulator.graphUrl}/${phoneNumberId}/messages`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', to, type: 'template', template }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    emulator = await new GraphEmulator({
      appSecret,
      phoneNumbers: [
        {
          phoneNumberId,
          accessToken: token,
          displayPhoneNumber: '15550000001',
          businessAccountId: waba,
        },
      ],
    }).start();
  });

  afterAll(() => emulator.close());

  it('lists the default templates with their components, by pages, and by status', async () => {
    const all = await templates(waba, '?limit=100');
    expect(all.status).toBe(200);
    const data = all.body.data as { name: string; status: string; components: unknown[] }[];
    expect(data.map((t) => [t.name, t.status])).toEqual([
      ['hello_world', 'APPROVED'],
      ['order_update', 'APPROVED'],
      ['seasonal_promo', 'APPROVED'],
      ['new_arrivals', 'PENDING'],
    ]);
    expect(data[1]).toMatchObject({
      language: 'pt_BR',
      category: 'UTILITY',
      parameter_format: 'POSITIONAL',
      components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} foi enviado.' }],
    });
    const first = await templates(waba, '?limit=3');
    const paging = first.body.paging as { cursors: { after: string }; next?: string };
    expect((first.body.data as unknown[]).length).toBe(3);
    expect(paging.next).toBeDefined();
    const second = await templates(waba, `?limit=3&after=${paging.cursors.after}`);
    expect((second.body.data as { name: string }[]).map((t) => t.name)).toEqual(['new_arrivals']);
    expect((second.body.paging as { next?: string }).next).toBeUndefined();
    const approved = await templates(waba, '?status=APPROVED');
    expect((approved.body.data as unknown[]).length).toBe(3);
  });

  it("serves an account's own templates, and refuses another account or a bad token", async () => {
    emulator.setTemplates(waba, [
      { name: 'only_one', language: 'en', status: 'APPROVED', category: 'UTILITY', body: 'Hi' },
    ]);
    const own = await templates(waba);
    expect((own.body.data as { name: string }[]).map((t) => t.name)).toEqual(['only_one']);
    expect((await templates('499999999999999')).body).toMatchObject({
      error: { code: 100, error_subcode: 33 },
    });
    expect((await templates(waba, '', 'wrong-token')).body).toMatchObject({
      error: { code: 190 },
    });
    emulator.setTemplates(waba, []);
  });

  it('sends an approved template outside the 24-hour window, filled, and records it', async () => {
    emulator.setTemplates(waba, [
      {
        name: 'order_update',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'UTILITY',
        body: 'Olá {{1}}, seu pedido {{2}} foi enviado.',
      },
    ]);
    const sent = await send({
      name: 'order_update',
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: '42' },
          ],
        },
      ],
    });
    expect(sent.status).toBe(200);
    const id = (sent.body.messages as { id: string }[])[0]!.id;
    const recorded = await emulator.waitForSent((s) => s.id === id);
    expect(recorded).toMatchObject({
      type: 'template',
      text: 'Olá Ana, seu pedido 42 foi enviado.',
      body: { template: { name: 'order_update' } },
    });
  });

  it("answers Graph's errors for an unknown template or the wrong number of parameters", async () => {
    const unknown = await send({ name: 'nope', language: { code: 'pt_BR' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      error: {
        code: 132001,
        type: 'OAuthException',
        error_data: { details: 'template name (nope) does not exist in pt_BR' },
      },
    });
    const short = await send({
      name: 'order_update',
      language: { code: 'pt_BR' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }],
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: { code: 132000 } });
  });
});
