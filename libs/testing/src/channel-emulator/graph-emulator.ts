import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { emulatorPage } from './emulator-page.js';
import {
  DefaultTemplates,
  templateNode,
  templateSend,
  type EmulatedTemplate,
} from './emulated-templates.js';
import {
  cloudWebhooks,
  messengerWebhooks,
  newMid,
  newWamid,
  signMetaBody,
} from './webhook-payloads.js';

/** A WhatsApp Cloud API number the emulator knows (its token is checked). */
export type EmulatedPhoneNumber = {
  phoneNumberId: string;
  accessToken: string;
  displayPhoneNumber: string;
  verifiedName?: string;
  /** its WhatsApp Business Account (whose message templates it sends); none: the default templates */
  businessAccountId?: string;
};

/** A Facebook page (and optionally its Instagram business account) managed by the emulated user. */
export type EmulatedPage = {
  pageId: string;
  name: string;
  pageAccessToken: string;
  instagram?: { id: string; username: string };
};

/** A message our side sent through the emulated Graph API. */
export type EmulatedSend = {
  id: string;
  channel: 'whatsappapi' | 'facebook' | 'instagram';
  /** phone number id, or page id for Messenger / Instagram */
  accountId: string;
  to: string;
  type: string;
  text?: string;
  mediaId?: string;
  body: Record<string, unknown>;
  at: string;
};

/** One line of a conversation on the emulator page. */
export type ConversationLine = {
  id: string;
  direction: 'in' | 'out';
  text: string;
  at: string;
  status?: string;
};

type StoredMedia = { id: string; buffer: Buffer; mimeType: string; fileName: string };

export type GraphEmulatorOptions = {
  /** 0 (default) picks a free port */
  port?: number;
  host?: string;
  /** signs webhooks (X-Hub-Signature-256); the gateway's META_APP_SECRET */
  appSecret: string;
  /** where webhooks go, e.g. http://127.0.0.1:8080/webhooks/meta */
  webhookUrl?: string;
  /** Graph version in the paths (default v26.0): META_GRAPH_URL = `${url}/${version}` */
  version?: string;
  phoneNumbers?: EmulatedPhoneNumber[];
  pages?: EmulatedPage[];
  /** user tokens /me/accounts accepts; any token when empty */
  userTokens?: string[];
  /** accept any token for unknown phone number ids and pages (the local demo) */
  lenient?: boolean;
  /** after each send, webhooks say it was sent then delivered */
  autoStatuses?: boolean;
  /** how long the customer service window stays open after the customer wrote (default 24 h) */
  windowMs?: number;
  /**
   * every customer counts as having written just now (the window is always open): benchmarks send
   * campaigns to lists of numbers that never wrote, which Meta would take only as templates
   */
  openWindows?: boolean;
  /** Cloud API: numbers shorter than this are refused as invalid recipients (default 8 digits) */
  minDigits?: number;
  /** message templates per WhatsApp Business Account id; an account not named has DefaultTemplates */
  templates?: Record<string, EmulatedTemplate[]>;
};

export type WebhookResult = { status: number; body: string; messageId?: string };

type GraphFailure = {
  status: number;
  code: number;
  subcode?: number;
  message: string;
  /** `error_data.details`, as the Cloud API explains a refusal */
  details?: string;
};

const HourMs = 60 * 60 * 1000;
const json = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
};
const graphError = (res: ServerResponse, failure: GraphFailure) =>
  json(res, failure.status, {
    error: {
      message: failure.message,
      type: 'OAuthException',
      code: failure.code,
      ...(failure.subcode ? { error_subcode: failure.subcode } : {}),
      ...(failure.details
        ? { error_data: { messaging_product: 'whatsapp', details: failure.details } }
        : {}),
      fbtrace_id: randomBytes(8).toString('hex'),
    },
  });
const InvalidToken: GraphFailure = {
  status: 401,
  code: 190,
  message: 'Invalid OAuth access token - Cannot parse access token',
};

async function readBody(req: IncomingMessage, limit = 100 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The Cloud API message type of a file the customer sends, from its MIME type. */
export function mediaKind(mimeType: string): 'image' | 'audio' | 'video' | 'document' {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType.startsWith('video/')) return 'video';
  return 'document';
}

/** How the emulator page shows a file the customer sent: `[image] caption`, `[document: a.pdf]`. */
const mediaLineText = (type: string, filename?: string, caption?: string) =>
  [`[${type}${filename ? `: ${filename}` : ''}]`, caption].filter(Boolean).join(' ');

/**
 * Plays the parts of Meta's Graph API that Switchboard uses, over real HTTP: Cloud API sends and media,
 * the Messenger Platform send API, /me/accounts of a Facebook login, and signed webhooks towards our
 * gateway. Tests, the inbound benchmark and the local demo (`npm run emulator`) use it.
 */
export class GraphEmulator {
  readonly sent: EmulatedSend[] = [];
  readonly webhooksSent: { payload: unknown; status: number }[] = [];
  private server: Server | null = null;
  private baseUrl = '';
  private readonly version: string;
  private readonly phoneNumbers = new Map<string, EmulatedPhoneNumber>();
  private readonly pages = new Map<string, EmulatedPage>();
  private readonly media = new Map<string, StoredMedia>();
  /** last time the customer wrote, per `<accountId>:<peer>` (the 24-hour window) */
  private readonly lastInbound = new Map<string, number>();
  private readonly conversations = new Map<string, ConversationLine[]>();
  private readonly failures: GraphFailure[] = [];
  private readonly templates = new Map<string, EmulatedTemplate[]>();
  private webhookUrl: string | undefined;

  constructor(private readonly options: GraphEmulatorOptions) {
    this.version = options.version ?? 'v26.0';
    this.webhookUrl = options.webhookUrl;
    for (const number of options.phoneNumbers ?? []) this.addPhoneNumber(number);
    for (const page of options.pages ?? []) this.addPage(page);
    for (const [account, templates] of Object.entries(options.templates ?? {})) {
      this.setTemplates(account, templates);
    }
  }

  /** http://host:port (the HTML page is at `/`). */
  get url(): string {
    return this.baseUrl;
  }

  /** What META_GRAPH_URL must be for our connectors to use this emulator. */
  get graphUrl(): string {
    return `${this.baseUrl}/${this.version}`;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      this.route(req, res).catch((err: unknown) => {
        if (!res.headersSent) json(res, 500, { error: { message: String(err), code: 1 } });
        else res.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => resolve());
    });
    this.server = server;
    const { port } = server.address() as AddressInfo;
    const host =
      this.options.host && this.options.host !== '0.0.0.0' ? this.options.host : '127.0.0.1';
    this.baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  setWebhookUrl(url: string): void {
    this.webhookUrl = url;
  }

  addPhoneNumber(number: EmulatedPhoneNumber): void {
    this.phoneNumbers.set(number.phoneNumberId, number);
  }

  addPage(page: EmulatedPage): void {
    this.pages.set(page.pageId, page);
  }

  /** The message templates of a WhatsApp Business Account (replacing the default ones). */
  setTemplates(businessAccountId: string, templates: EmulatedTemplate[]): void {
    this.templates.set(businessAccountId, templates);
  }

  /** The templates of an account: its own, else the default ones. */
  templatesOf(businessAccountId: string | undefined): readonly EmulatedTemplate[] {
    return (businessAccountId && this.templates.get(businessAccountId)) || DefaultTemplates;
  }

  /** The next Graph call that reaches a send or media endpoint answers this error (once per call). */
  failNext(failure: GraphFailure): void {
    this.failures.push(failure);
  }

  /** Media bytes uploaded by our side or offered to it (tests compare them). */
  mediaBytes(id: string): Buffer | undefined {
    return this.media.get(id)?.buffer;
  }

  /** Puts a file where a Cloud API media id (or a Messenger attachment URL) finds it. */
  storeMedia(buffer: Buffer, mimeType: string, fileName = 'file'): { id: string; url: string } {
    const id = String(BigInt(`0x${randomBytes(6).toString('hex')}`));
    this.media.set(id, { id, buffer, mimeType, fileName });
    return { id, url: `${this.baseUrl}/media-files/${id}` };
  }

  conversation(accountId: string, peer: string): ConversationLine[] {
    return this.conversations.get(`${accountId}:${peer}`) ?? [];
  }

  /** Resolves with the first send that matches, waiting for it up to `timeoutMs`. */
  async waitForSent(
    match: (send: EmulatedSend) => boolean,
    timeoutMs = 5000,
  ): Promise<EmulatedSend> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.sent.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('the emulator saw no matching send');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  // ---- the customer side: webhooks towards our gateway ----

  /** A WhatsApp customer writes a text to a Cloud API number. */
  async customerText(input: {
    phoneNumberId: string;
    from: string;
    text: string;
    name?: string;
    id?: string;
  }): Promise<WebhookResult> {
    const id = input.id ?? newWamid();
    const number = this.phoneNumbers.get(input.phoneNumberId);
    this.opened(input.phoneNumberId, input.from, { id, direction: 'in', text: input.text });
    const payload = cloudWebhooks.text({
      phoneNumberId: input.phoneNumberId,
      displayPhoneNumber: number?.displayPhoneNumber,
      from: input.from,
      name: input.name,
      text: input.text,
      id,
    });
    return { ...(await this.sendWebhook(payload)), messageId: id };
  }

  /** A WhatsApp customer sends a file: it is stored here and announced by media id. */
  async customerMedia(input: {
    phoneNumberId: string;
    from: string;
    type: 'image' | 'audio' | 'video' | 'document';
    buffer: Buffer;
    mimeType: string;
    caption?: string;
    filename?: string;
    name?: string;
  }): Promise<WebhookResult & { mediaId: string }> {
    const id = newWamid();
    const stored = this.storeMedia(input.buffer, input.mimeType, input.filename);
    this.opened(input.phoneNumberId, input.from, {
      id,
      direction: 'in',
      text: mediaLineText(input.type, input.filename, input.caption),
    });
    const payload = cloudWebhooks.media({
      phoneNumberId: input.phoneNumberId,
      displayPhoneNumber: this.phoneNumbers.get(input.phoneNumberId)?.displayPhoneNumber,
      from: input.from,
      name: input.name,
      type: input.type,
      mediaId: stored.id,
      mimeType: input.mimeType,
      caption: input.caption,
      filename: input.filename,
      id,
    });
    return { ...(await this.sendWebhook(payload)), messageId: id, mediaId: stored.id };
  }

  /** A Messenger (object page) or Instagram (object instagram) user writes to a page / account. */
  async messengerText(input: {
    object: 'page' | 'instagram';
    accountId: string;
    from: string;
    text: string;
    mid?: string;
  }): Promise<WebhookResult> {
    const mid = input.mid ?? newMid();
    this.opened(input.accountId, input.from, { id: mid, direction: 'in', text: input.text });
    const payload = messengerWebhooks.text(input.object, {
      accountId: input.accountId,
      from: input.from,
      text: input.text,
      mid,
    });
    return { ...(await this.sendWebhook(payload)), messageId: mid };
  }

  /** A Messenger or Instagram user sends a file: stored here, announced by its download URL. */
  async messengerAttachment(input: {
    object: 'page' | 'instagram';
    accountId: string;
    from: string;
    type: 'image' | 'video' | 'audio' | 'file';
    buffer: Buffer;
    mimeType: string;
    filename?: string;
  }): Promise<WebhookResult & { mediaId: string }> {
    const mid = newMid();
    const stored = this.storeMedia(input.buffer, input.mimeType, input.filename);
    this.opened(input.accountId, input.from, {
      id: mid,
      direction: 'in',
      text: mediaLineText(input.type, input.filename),
    });
    const payload = messengerWebhooks.attachment(input.object, {
      accountId: input.accountId,
      from: input.from,
      type: input.type,
      url: stored.url,
      mid,
    });
    return { ...(await this.sendWebhook(payload)), messageId: mid, mediaId: stored.id };
  }

  /** A Cloud API status webhook for a message our side sent. */
  async status(input: {
    phoneNumberId: string;
    messageId: string;
    recipientId: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
  }): Promise<WebhookResult> {
    const line = this.findLine(input.messageId);
    if (line) line.status = input.status;
    return this.sendWebhook(cloudWebhooks.status(input));
  }

  /** Signs and posts any payload to the webhook URL (tests send malformed ones too). */
  async sendWebhook(payload: unknown, options: { secret?: string } = {}): Promise<WebhookResult> {
    if (!this.webhookUrl) throw new Error('the emulator has no webhook URL');
    const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const response = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signMetaBody(options.secret ?? this.options.appSecret, raw),
      },
      body: raw,
    });
    const body = await response.text();
    this.webhooksSent.push({ payload, status: response.status });
    return { status: response.status, body };
  }

  // ---- the Graph API side ----

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = req.method ?? 'GET';
    const parts = url.pathname.split('/').filter(Boolean);
    if (method === 'GET' && parts.length === 0) {
      const html = emulatorPage();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
      return;
    }
    if (parts.length === 1 && parts[0] === 'favicon.ico') {
      // the page declares no icon; a browser asking anyway gets an empty answer, not a 404
      res.writeHead(204);
      res.end();
      return;
    }
    if (parts[0] === 'emulator') return this.pageApi(req, res, method, parts.slice(1), url);
    if (parts[0] === 'media-files' && parts[1] && method === 'GET') {
      return this.downloadMedia(req, res, parts[1]);
    }
    if (parts[0] !== this.version) {
      return graphError(res, { status: 404, code: 803, message: `Unknown path ${url.pathname}` });
    }
    const path = parts.slice(1);
    const token = this.tokenOf(req, url);
    if (method === 'GET' && path[0] === 'oauth' && path[1] === 'access_token') {
      const exchanged = url.searchParams.get('fb_exchange_token');
      if (!exchanged) return graphError(res, { status: 400, code: 100, message: 'Missing token' });
      return json(res, 200, {
        access_token: exchanged,
        token_type: 'bearer',
        expires_in: 5_184_000,
      });
    }
    if (!token) return graphError(res, InvalidToken);
    if (path[0] === 'me') return this.me(req, res, method, path.slice(1), token);
    if (path.length === 2 && path[1] === 'messages' && method === 'POST') {
      return this.cloudSend(req, res, path[0], token);
    }
    if (path.length === 2 && path[1] === 'media' && method === 'POST') {
      return this.cloudUpload(req, res, path[0], token);
    }
    if (path.length === 2 && path[1] === 'message_templates' && method === 'GET') {
      return this.listTemplates(res, path[0], token, url);
    }
    if (path.length === 2 && path[1] === 'subscribed_apps' && method === 'POST') {
      const page = this.pageByToken(token);
      if (!page || page.pageId !== path[0]) return graphError(res, InvalidToken);
      return json(res, 200, { success: true });
    }
    if (path.length === 1 && method === 'GET') return this.node(res, path[0], token);
    return graphError(res, { status: 400, code: 100, message: `Unsupported ${method} request` });
  }

  private tokenOf(req: IncomingMessage, url: URL): string | null {
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) return header.slice(7).trim();
    return url.searchParams.get('access_token');
  }

  private phoneNumberFor(phoneNumberId: string, token: string): EmulatedPhoneNumber | null {
    const known = this.phoneNumbers.get(phoneNumberId);
    if (known) return known.accessToken === token ? known : null;
    if (!this.options.lenient) return null;
    const added: EmulatedPhoneNumber = {
      phoneNumberId,
      accessToken: token,
      displayPhoneNumber: `1555${phoneNumberId.replace(/\D/g, '').slice(-7).padStart(7, '0')}`,
      verifiedName: `Emulated ${phoneNumberId}`,
    };
    this.phoneNumbers.set(phoneNumberId, added);
    return added;
  }

  private pageByToken(token: string): EmulatedPage | undefined {
    return [...this.pages.values()].find((page) => page.pageAccessToken === token);
  }

  private takeFailure(res: ServerResponse): boolean {
    const failure = this.failures.shift();
    if (!failure) return false;
    graphError(res, failure);
    return true;
  }

  /** GET /<id>: a phone number, a media id, or a Messenger user's profile. */
  private node(res: ServerResponse, id: string, token: string) {
    const media = this.media.get(id);
    if (media) {
      return json(res, 200, {
        id,
        url: `${this.baseUrl}/media-files/${id}`,
        mime_type: media.mimeType,
        sha256: createHash('sha256').update(media.buffer).digest('hex'),
        file_size: media.buffer.length,
        messaging_product: 'whatsapp',
      });
    }
    const known = this.phoneNumbers.has(id);
    if (!known && this.pageByToken(token)) {
      return json(res, 200, {
        id,
        first_name: 'Customer',
        last_name: id.slice(-4),
        name: `Customer ${id.slice(-4)}`,
        username: `customer_${id.slice(-4)}`,
      });
    }
    if (known || this.options.lenient) {
      const found = this.phoneNumberFor(id, token);
      if (!found) return graphError(res, InvalidToken);
      return json(res, 200, {
        id,
        display_phone_number: found.displayPhoneNumber,
        verified_name: found.verifiedName ?? 'Emulated business',
        quality_rating: 'GREEN',
      });
    }
    return graphError(res, { status: 400, code: 100, message: `Unsupported get request ${id}` });
  }

  private async downloadMedia(req: IncomingMessage, res: ServerResponse, id: string) {
    const media = this.media.get(id);
    if (!media) return graphError(res, { status: 404, code: 100, message: 'Unknown media' });
    res.writeHead(200, {
      'content-type': media.mimeType,
      'content-length': media.buffer.length,
    });
    res.end(req.method === 'HEAD' ? undefined : media.buffer);
  }

  private async me(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string[],
    token: string,
  ) {
    if (path[0] === 'accounts' && method === 'GET') {
      const allowed = this.options.userTokens ?? [];
      if (allowed.length > 0 && !allowed.includes(token)) return graphError(res, InvalidToken);
      const data = [...this.pages.values()].map((page) => ({
        id: page.pageId,
        name: page.name,
        access_token: page.pageAccessToken,
        category: 'Business',
        tasks: ['MESSAGING', 'MANAGE'],
        ...(page.instagram
          ? {
              instagram_business_account: {
                id: page.instagram.id,
                username: page.instagram.username,
              },
            }
          : {}),
      }));
      return json(res, 200, { data, paging: { cursors: { before: 'a', after: 'b' } } });
    }
    if (path[0] === 'messages' && method === 'POST') return this.messengerSend(req, res, token);
    if (path.length === 0 && method === 'GET') {
      const page = this.pageByToken(token);
      if (!page) return graphError(res, InvalidToken);
      return json(res, 200, { id: page.pageId, name: page.name });
    }
    return graphError(res, { status: 400, code: 100, message: 'Unsupported /me request' });
  }

  private async cloudUpload(
    req: IncomingMessage,
    res: ServerResponse,
    phoneNumberId: string,
    token: string,
  ) {
    if (!this.phoneNumberFor(phoneNumberId, token)) return graphError(res, InvalidToken);
    if (this.takeFailure(res)) return;
    const form = await this.formOf(req);
    const file = form?.get('file');
    if (!form || !(file instanceof Blob)) {
      return graphError(res, { status: 400, code: 100, message: 'Param file is required' });
    }
    const buffer = Buffer.from(await file.arrayBuffer());
    const mimeType = String(form.get('type') ?? file.type ?? 'application/octet-stream');
    const name = file instanceof File ? file.name : 'file';
    const { id } = this.storeMedia(buffer, mimeType, name);
    return json(res, 200, { id });
  }

  private async cloudSend(
    req: IncomingMessage,
    res: ServerResponse,
    phoneNumberId: string,
    token: string,
  ) {
    const phone = this.phoneNumberFor(phoneNumberId, token);
    if (!phone) return graphError(res, InvalidToken);
    const body = this.parseJson(await readBody(req));
    if (!body) return graphError(res, { status: 400, code: 100, message: 'Invalid JSON body' });
    if (this.takeFailure(res)) return;
    if (body.status === 'read') return json(res, 200, { success: true });
    const to = String(body.to ?? '').replace(/\D/g, '');
    if (to.length < (this.options.minDigits ?? 8) || to.length > 15) {
      return graphError(res, {
        status: 400,
        code: 131030,
        message: 'Recipient phone number not in allowed list',
      });
    }
    const type = String(body.type ?? 'text');
    if (type !== 'template' && !this.windowOpen(phoneNumberId, to)) {
      return graphError(res, {
        status: 400,
        code: 131047,
        message:
          'Re-engagement message: more than 24 hours have passed since the customer last replied',
      });
    }
    const content = (body[type] ?? {}) as Record<string, unknown>;
    let text =
      type === 'text'
        ? String(content.body ?? '')
        : type === 'reaction'
          ? String(content.emoji ?? '')
          : String(content.caption ?? `[${type}]`);
    if (type === 'template') {
      const template = templateSend(this.templatesOf(phone.businessAccountId), content);
      if ('refusal' in template) return graphError(res, template.refusal);
      text = template.text;
    }
    const id = newWamid();
    this.record({
      id,
      channel: 'whatsappapi',
      accountId: phoneNumberId,
      to,
      type,
      text,
      mediaId: typeof content.id === 'string' ? content.id : undefined,
      body,
      at: new Date().toISOString(),
    });
    json(res, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: String(body.to), wa_id: to }],
      messages: [{ id }],
    });
    if (this.options.autoStatuses && this.webhookUrl) {
      void this.autoStatus(phoneNumberId, id, to);
    }
  }

  /**
   * GET /<WABA-ID>/message_templates: the account's templates, `limit` a page (default 25) with
   * cursor paging (`after`), narrowed by `status` when given. The token must be one of the account's
   * numbers' (any known number's when none names the account; any token when lenient).
   */
  private listTemplates(res: ServerResponse, account: string, token: string, url: URL) {
    const numbers = [...this.phoneNumbers.values()];
    const owners = numbers.filter((number) => number.businessAccountId === account);
    const allowed =
      this.options.lenient ||
      (owners.length > 0 ? owners : numbers.filter((n) => !n.businessAccountId)).some(
        (number) => number.accessToken === token,
      );
    if (!allowed) {
      if (!numbers.some((number) => number.accessToken === token)) {
        return graphError(res, InvalidToken);
      }
      return graphError(res, {
        status: 400,
        code: 100,
        subcode: 33,
        message: `Unsupported get request. Object with ID '${account}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      });
    }
    const status = url.searchParams.get('status');
    const all = this.templatesOf(account)
      .map((template, index) =>
        templateNode(template, `${account}${String(index).padStart(4, '0')}`),
      )
      .filter((node) => !status || node.status === status.toUpperCase());
    const limit = Math.min(Math.max(Number(url.searchParams.get('limit')) || 25, 1), 1000);
    const cursor = (index: number) => Buffer.from(String(index)).toString('base64url');
    const after = url.searchParams.get('after');
    const from = after ? Number(Buffer.from(after, 'base64url').toString()) + 1 || 0 : 0;
    const data = all.slice(from, from + limit);
    const last = from + data.length - 1;
    const next = new URL(url.toString().replace('http://emulator', this.baseUrl));
    next.searchParams.set('after', cursor(last));
    return json(res, 200, {
      data,
      paging: {
        cursors: { before: cursor(from), after: cursor(Math.max(last, from)) },
        ...(last < all.length - 1 ? { next: next.toString() } : {}),
      },
    });
  }

  private async messengerSend(req: IncomingMessage, res: ServerResponse, token: string) {
    const page = this.pageByToken(token);
    if (!page) return graphError(res, InvalidToken);
    const multipart = String(req.headers['content-type'] ?? '').startsWith('multipart/');
    let body: Record<string, unknown> | null;
    let mediaId: string | undefined;
    if (multipart) {
      const form = await this.formOf(req);
      if (!form) return graphError(res, { status: 400, code: 100, message: 'Invalid form' });
      body = {
        recipient: this.parseJson(Buffer.from(String(form.get('recipient') ?? ''))),
        message: this.parseJson(Buffer.from(String(form.get('message') ?? ''))),
        messaging_type: form.get('messaging_type'),
      };
      const file = form.get('filedata');
      if (file instanceof Blob) {
        mediaId = this.storeMedia(
          Buffer.from(await file.arrayBuffer()),
          file.type || 'application/octet-stream',
          file instanceof File ? file.name : 'file',
        ).id;
      }
    } else {
      body = this.parseJson(await readBody(req));
    }
    if (!body) return graphError(res, { status: 400, code: 100, message: 'Invalid body' });
    if (this.takeFailure(res)) return;
    const recipient = (body.recipient ?? {}) as Record<string, unknown>;
    const to = String(recipient.id ?? '');
    if (!to) return graphError(res, { status: 400, code: 100, message: 'No recipient' });
    if (body.sender_action) return json(res, 200, { recipient_id: to });
    // which account the person wrote to: the page or its Instagram account
    const instagram = page.instagram && this.lastInbound.has(`${page.instagram.id}:${to}`);
    const accountId = instagram && page.instagram ? page.instagram.id : page.pageId;
    if (!this.windowOpen(accountId, to)) {
      return graphError(res, {
        status: 400,
        code: 10,
        subcode: 2018278,
        message: 'This message is sent outside of allowed window.',
      });
    }
    const message = (body.message ?? {}) as Record<string, unknown>;
    const id = newMid();
    this.record({
      id,
      channel: instagram ? 'instagram' : 'facebook',
      accountId,
      to,
      type: mediaId ? 'attachment' : 'text',
      text: typeof message.text === 'string' ? message.text : '[attachment]',
      mediaId,
      body,
      at: new Date().toISOString(),
    });
    return json(res, 200, { recipient_id: to, message_id: id });
  }

  /** The HTML page's calls: accounts to pick from, what a customer says, the conversation so far. */
  private async pageApi(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string[],
    url: URL,
  ) {
    if (path[0] === 'accounts' && method === 'GET') {
      return json(res, 200, {
        phoneNumbers: [...this.phoneNumbers.values()].map((number) => ({
          id: number.phoneNumberId,
          label: `${number.verifiedName ?? 'WhatsApp'} (${number.displayPhoneNumber})`,
        })),
        pages: [...this.pages.values()].flatMap((page) => [
          { id: page.pageId, label: `${page.name} (Messenger)`, object: 'page' },
          ...(page.instagram
            ? [{ id: page.instagram.id, label: `@${page.instagram.username}`, object: 'instagram' }]
            : []),
        ]),
      });
    }
    if (path[0] === 'conversation' && method === 'GET') {
      const account = url.searchParams.get('account') ?? '';
      const peer = url.searchParams.get('peer') ?? '';
      return json(res, 200, { lines: this.conversation(account, peer) });
    }
    if (path[0] === 'say' && method === 'POST') {
      const body = this.parseJson(await readBody(req, 64 * 1024));
      const account = typeof body?.account === 'string' ? body.account : '';
      const peer = typeof body?.peer === 'string' ? body.peer : '';
      const text = typeof body?.text === 'string' ? body.text : '';
      if (!account || !peer || !text) {
        return json(res, 400, { error: 'account, peer and text are required' });
      }
      try {
        const object = body?.object === 'page' || body?.object === 'instagram' ? body.object : null;
        const result = object
          ? await this.messengerText({ object, accountId: account, from: peer, text })
          : await this.customerText({
              phoneNumberId: account,
              from: peer,
              text,
              name: typeof body?.name === 'string' && body.name ? body.name : undefined,
            });
        return json(res, 200, result);
      } catch (err) {
        return json(res, 502, { error: `the webhook could not be delivered: ${String(err)}` });
      }
    }
    if (path[0] === 'send-file' && method === 'POST') return this.pageSendFile(req, res);
    return json(res, 404, { error: 'unknown emulator call' });
  }

  /** The page's file input: the customer sends an image or a document (multipart form). */
  private async pageSendFile(req: IncomingMessage, res: ServerResponse) {
    const form = await this.formOf(req);
    const field = (name: string) => {
      const value = form?.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const file = form?.get('file');
    const account = field('account');
    const peer = field('peer');
    if (!account || !peer || !(file instanceof File) || file.size === 0) {
      return json(res, 400, { error: 'account, peer and a file are required' });
    }
    const buffer = Buffer.from(await file.arrayBuffer());
    const mimeType = file.type || 'application/octet-stream';
    const filename = file.name || 'file';
    const kind = mediaKind(mimeType);
    try {
      const object = field('object');
      const result =
        object === 'page' || object === 'instagram'
          ? await this.messengerAttachment({
              object,
              accountId: account,
              from: peer,
              type: kind === 'document' ? 'file' : kind,
              buffer,
              mimeType,
              filename,
            })
          : await this.customerMedia({
              phoneNumberId: account,
              from: peer,
              type: kind,
              buffer,
              mimeType,
              // Meta sends a file name with documents only
              filename: kind === 'document' ? filename : undefined,
              caption: field('caption') || undefined,
              name: field('name') || undefined,
            });
      return json(res, 200, result);
    } catch (err) {
      return json(res, 502, { error: `the webhook could not be delivered: ${String(err)}` });
    }
  }

  private opened(accountId: string, peer: string, line: Omit<ConversationLine, 'at'>): void {
    this.lastInbound.set(`${accountId}:${peer}`, Date.now());
    this.addLine(accountId, peer, { ...line, at: new Date().toISOString() });
  }

  private windowOpen(accountId: string, peer: string): boolean {
    if (this.options.openWindows) return true;
    const at = this.lastInbound.get(`${accountId}:${peer}`);
    return at !== undefined && Date.now() - at < (this.options.windowMs ?? 24 * HourMs);
  }

  private record(send: EmulatedSend): void {
    this.sent.push(send);
    this.addLine(send.accountId, send.to, {
      id: send.id,
      direction: 'out',
      text: send.text ?? `[${send.type}]`,
      at: send.at,
      status: 'sent',
    });
  }

  private addLine(accountId: string, peer: string, line: ConversationLine): void {
    const key = `${accountId}:${peer}`;
    const lines = this.conversations.get(key) ?? [];
    lines.push(line);
    if (lines.length > 500) lines.shift();
    this.conversations.set(key, lines);
  }

  private findLine(id: string): ConversationLine | undefined {
    for (const lines of this.conversations.values()) {
      const line = lines.find((candidate) => candidate.id === id);
      if (line) return line;
    }
    return undefined;
  }

  private async autoStatus(phoneNumberId: string, messageId: string, to: string): Promise<void> {
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await this.status({ phoneNumberId, messageId, recipientId: to, status: 'sent' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await this.status({ phoneNumberId, messageId, recipientId: to, status: 'delivered' });
    } catch {
      // the gateway is down: Meta would retry, the demo simply shows no tick
    }
  }

  private async formOf(req: IncomingMessage): Promise<FormData | null> {
    const body = await readBody(req);
    try {
      return await new Request('http://emulator/upload', {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type'] ?? '') },
        // a plain Uint8Array: the DOM typings of the web app's e2e tests refuse a Buffer as a body
        body: new Uint8Array(body),
      }).formData();
    } catch {
      return null;
    }
  }

  private parseJson(buffer: Buffer): Record<string, unknown> | null {
    try {
      const value: unknown = JSON.parse(buffer.toString('utf8'));
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }
}
