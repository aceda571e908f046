import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

/** The Graph API version used when META_GRAPH_URL is not set (current at the time of writing). */
export const DefaultGraphUrl = 'https://graph.facebook.com/v26.0';

/** A Graph API error answer (`{ error: { message, type, code, error_subcode } }`) or a network failure. */
export class GraphError extends Error {
  constructor(
    message: string,
    /** the HTTP status; 0 when the request never got an answer */
    readonly status: number,
    readonly code?: number,
    readonly subcode?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

export type GraphClientOptions = {
  /** e.g. https://graph.facebook.com/v26.0 (META_GRAPH_URL), or the channel emulator */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export type GraphRequest = {
  token?: string;
  query?: Record<string, string | undefined>;
  json?: unknown;
  form?: FormData;
};

export type Downloaded = { buffer: Buffer; contentType: string };

type GraphErrorBody = {
  error?: {
    message?: string;
    code?: number;
    error_subcode?: number;
    type?: string;
    /** the Cloud API's explanation, e.g. which template parameter is missing */
    error_data?: { details?: string };
  };
};

/** An answer as the client reads it: the status, a header by name, the body text. */
type Answer = { status: number; header: (name: string) => string | null; text: string };

const headerOf =
  (headers: IncomingHttpHeaders) =>
  (name: string): string | null => {
    const value = headers[name.toLowerCase()];
    return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
  };

/**
 * A small Graph API client: bearer tokens, JSON or multipart bodies, typed errors. JSON and bodiless
 * calls (every message send) go over node:http(s) with kept-alive connections, which costs the
 * connector's core a fraction of what fetch does per call; multipart uploads and downloads use fetch.
 * A `fetch` given in the options (tests) takes every call.
 */
export class GraphClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly fetchOnly: boolean;
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };

  constructor(options: GraphClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.fetchOnly = options.fetch !== undefined;
  }

  get(path: string, request: GraphRequest = {}) {
    return this.call<Record<string, unknown>>('GET', path, request);
  }

  post(path: string, request: GraphRequest = {}) {
    return this.call<Record<string, unknown>>('POST', path, request);
  }

  async call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    request: GraphRequest,
  ): Promise<T> {
    const url = new URL(`${this.baseUrl}/${path.replace(/^\/+/, '')}`);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    const headers: Record<string, string> = {};
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    let body: string | FormData | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      body = request.form;
    }
    let answer: Answer;
    if (typeof body === 'object' || this.fetchOnly) {
      const response = await this.send(url, { method, headers, body });
      answer = {
        status: response.status,
        header: (name) => response.headers.get(name),
        text: await response.text(),
      };
    } else {
      answer = await this.exchange(url, method, headers, body);
    }
    const parsed = parseJson(answer.text);
    if (answer.status < 200 || answer.status >= 300) throw errorOf(answer, parsed);
    return (parsed ?? {}) as T;
  }

  /** The bytes behind a media URL (Cloud API URLs need the token, Messenger CDN URLs do not). */
  async download(url: string, token?: string, maxBytes = 64 * 1024 * 1024): Promise<Downloaded> {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const response = await this.send(new URL(url), { method: 'GET', headers });
    if (!response.ok) {
      const text = await response.text();
      const answer = {
        status: response.status,
        header: (name: string) => response.headers.get(name),
        text,
      };
      throw errorOf(answer, parseJson(text));
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) throw new GraphError('media too large', 413);
    const buffer = Buffer.from(await response.arrayBuffer());
    if (buffer.length > maxBytes) throw new GraphError('media too large', 413);
    const contentType = (response.headers.get('content-type') ?? 'application/octet-stream')
      .split(';')[0]
      .trim();
    return { buffer, contentType };
  }

  /** One request over a kept-alive connection; no answer within the timeout is a network failure. */
  private exchange(
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<Answer> {
    const client = url.protocol === 'https:' ? https : http;
    const agent = url.protocol === 'https:' ? this.agents['https:'] : this.agents['http:'];
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise<Answer>((resolve, reject) => {
      const request = client.request(url, { method, headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            header: headerOf(response.headers),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      request.setTimeout(this.timeoutMs, () =>
        request.destroy(new Error(`no answer within ${this.timeoutMs} ms`)),
      );
      request.on('error', reject);
      request.end(body);
    }).catch((err: unknown) => {
      const reason = err instanceof Error ? err.message : String(err);
      throw new GraphError(`Graph API unreachable: ${reason}`, 0);
    });
  }

  private async send(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await this.fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const reason = err instanceof Error ? (err.cause ?? err.message) : err;
      throw new GraphError(`Graph API unreachable: ${String(reason)}`, 0);
    }
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorOf(answer: Pick<Answer, 'status' | 'header'>, body: unknown): GraphError {
  const error = (body as GraphErrorBody | undefined)?.error;
  const retryAfter = Number(answer.header('retry-after'));
  const message = error?.message ?? `Graph API answered ${answer.status}`;
  const details = error?.error_data?.details;
  return new GraphError(
    details ? `${message}: ${details}` : message,
    answer.status,
    error?.code,
    error?.error_subcode,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
  );
}
