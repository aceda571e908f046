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

/** A small Graph API client over fetch: bearer tokens, JSON or multipart bodies, typed errors. */
export class GraphClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(options: GraphClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.fetch = options.fetch ?? globalThis.fetch;
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
    const response = await this.send(url, { method, headers, body });
    const text = await response.text();
    const parsed = parseJson(text);
    if (!response.ok) throw errorOf(response, parsed);
    return (parsed ?? {}) as T;
  }

  /** The bytes behind a media URL (Cloud API URLs need the token, Messenger CDN URLs do not). */
  async download(url: string, token?: string, maxBytes = 64 * 1024 * 1024): Promise<Downloaded> {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const response = await this.send(new URL(url), { method: 'GET', headers });
    if (!response.ok) throw errorOf(response, parseJson(await response.text()));
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) throw new GraphError('media too large', 413);
    const buffer = Buffer.from(await response.arrayBuffer());
    if (buffer.length > maxBytes) throw new GraphError('media too large', 413);
    const contentType = (response.headers.get('content-type') ?? 'application/octet-stream')
      .split(';')[0]
      .trim();
    return { buffer, contentType };
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

function errorOf(response: Response, body: unknown): GraphError {
  const error = (body as GraphErrorBody | undefined)?.error;
  const retryAfter = Number(response.headers.get('retry-after'));
  const message = error?.message ?? `Graph API answered ${response.status}`;
  const details = error?.error_data?.details;
  return new GraphError(
    details ? `${message}: ${details}` : message,
    response.status,
    error?.code,
    error?.error_subcode,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
  );
}
