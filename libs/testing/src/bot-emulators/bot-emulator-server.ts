import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request an emulator received (the body parsed as JSON when it is JSON, else the raw text). */
export type EmulatedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** parsed JSON, or the raw text when the body is not JSON (multipart, garbage) */
  body: unknown;
  raw: Buffer;
  at: string;
};

/**
 * How the next answer misbehaves (what an integration must survive):
 * - `slow`: waits `delayMs` before answering normally (past the caller's timeout);
 * - `garbage`: 200 with a body that is not JSON;
 * - `error`: the given status (default 500) with a JSON error body;
 * - `hangup`: closes the connection without an answer.
 */
export type EmulatorFailure =
  | { kind: 'slow'; delayMs: number }
  | { kind: 'garbage'; body?: string }
  | { kind: 'error'; status?: number; body?: unknown }
  | { kind: 'hangup' };

/** A Buffer body is written as is (audio); a string with a contentType as text; anything else as JSON. */
export type EmulatorReply = { status: number; body: unknown; contentType?: string };

export const jsonReply = (body: unknown, status = 200): EmulatorReply => ({ status, body });

const headerMap = (req: IncomingMessage): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
};

const readRaw = async (req: IncomingMessage, limit = 50 * 1024 * 1024): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};

const parseBody = (raw: Buffer, contentType: string | undefined): unknown => {
  const text = raw.toString('utf8');
  if (!text) return undefined;
  if (contentType?.startsWith('multipart/')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The real-HTTP server under every bot emulator (Typebot, n8n / webhooks, OpenAI): a free port on
 * 127.0.0.1, a log of what was received, and failures queued for the next answers. Subclasses answer
 * with `handle`.
 */
export abstract class BotEmulatorServer {
  /** every request received, oldest first (failed ones too) */
  readonly requests: EmulatedRequest[] = [];
  private server: Server | null = null;
  private baseUrl = '';
  private readonly failures: EmulatorFailure[] = [];
  private standingFailure: EmulatorFailure | null = null;
  private readonly pendingTimers = new Set<NodeJS.Timeout>();

  constructor(private readonly port = 0) {}

  /** http://127.0.0.1:port */
  get url(): string {
    return this.baseUrl;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      this.serve(req, res).catch((err: unknown) => {
        if (!res.headersSent) this.write(res, jsonReply({ error: String(err) }, 500));
        else res.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const timer of this.pendingTimers) clearTimeout(timer);
    this.pendingTimers.clear();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next answer (one per call, in order) misbehaves this way. */
  failNext(failure: EmulatorFailure): this {
    this.failures.push(failure);
    return this;
  }

  /** Every answer misbehaves this way until `failAlways(null)`. */
  failAlways(failure: EmulatorFailure | null): this {
    this.standingFailure = failure;
    return this;
  }

  /** Forgets the request log and the queued failures (scripted replies stay). */
  reset(): void {
    this.requests.length = 0;
    this.failures.length = 0;
    this.standingFailure = null;
  }

  /** Resolves with the first request that matches, waiting for it up to `timeoutMs`. */
  async waitForRequest(
    match: (request: EmulatedRequest) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<EmulatedRequest> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.requests.find(match);
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(
          `${this.constructor.name} saw no matching request in ${timeoutMs} ms (got: ${
            this.requests.map((r) => `${r.method} ${r.path}`).join(', ') || 'nothing'
          })`,
        );
      }
      await sleep(20);
    }
  }

  /** Answers one request (the failure modes are applied around it). */
  protected abstract handle(request: EmulatedRequest): Promise<EmulatorReply> | EmulatorReply;

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const raw = await readRaw(req);
    const headers = headerMap(req);
    const request: EmulatedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body: parseBody(raw, headers['content-type']),
      raw,
      at: new Date().toISOString(),
    };
    this.requests.push(request);
    const failure = this.failures.shift() ?? this.standingFailure;
    if (failure?.kind === 'hangup') {
      req.socket.destroy();
      return;
    }
    if (failure?.kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(failure.body ?? '<html>not json {');
      return;
    }
    if (failure?.kind === 'error') {
      this.write(
        res,
        jsonReply(failure.body ?? { error: 'emulated failure' }, failure.status ?? 500),
      );
      return;
    }
    if (failure?.kind === 'slow') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.pendingTimers.delete(timer);
          resolve();
        }, failure.delayMs);
        this.pendingTimers.add(timer);
      });
      if (res.destroyed || !this.server) return;
    }
    this.write(res, await this.handle(request));
  }

  private write(res: ServerResponse, reply: EmulatorReply): void {
    if (res.destroyed) return;
    const text = Buffer.isBuffer(reply.body)
      ? reply.body
      : typeof reply.body === 'string' && reply.contentType
        ? reply.body
        : JSON.stringify(reply.body ?? {});
    res.writeHead(reply.status, {
      'content-type': reply.contentType ?? 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  }
}
