/** Why an external bot gave no usable answer; the ticket then falls back to people. */
export type BotFailureKind =
  'timeout' | 'unreachable' | 'rejected' | 'bad-response' | 'misconfigured';

export class BotFailure extends Error {
  constructor(
    readonly kind: BotFailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'BotFailure';
  }
}

export type BotHttpOptions = { timeoutMs: number; fetch?: typeof fetch };

const DefaultTimeoutMs = 15_000;

/** The deadline of one bot call: BOT_TIMEOUT_MS when it is a positive number, else 15 s. */
export const botHttpOptions = (env: Record<string, string | undefined>): BotHttpOptions => {
  const ms = Number(env.BOT_TIMEOUT_MS);
  return { timeoutMs: Number.isFinite(ms) && ms > 0 ? ms : DefaultTimeoutMs };
};

/**
 * One HTTP call to an external bot with a deadline. Answers the status, the body parsed as JSON
 * (undefined when the body is empty or not JSON), as text and as bytes (audio), and its content type; a
 * refusal (4xx/5xx), a timeout or a network error becomes a BotFailure. `raw` sends a text body as is
 * (its content-type given in lowercase `headers`).
 */
export async function callBot(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    form?: FormData;
    raw?: string;
  },
  options: BotHttpOptions,
): Promise<{ status: number; json: unknown; text: string; bytes: Buffer; contentType: string }> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  let bytes: Buffer;
  try {
    response = await doFetch(url, {
      method: init.method ?? 'POST',
      headers: {
        ...(init.form ? {} : { 'content-type': 'application/json' }),
        accept: 'application/json',
        ...init.headers,
      },
      body:
        init.form ?? init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new BotFailure('timeout', `no answer within ${options.timeoutMs} ms`);
    throw new BotFailure('unreachable', (err as Error).message);
  }
  if (!response.ok)
    throw new BotFailure('rejected', `answered HTTP ${response.status}`, response.status);
  // decoded as response.text() would (a byte order mark dropped)
  const text = new TextDecoder().decode(bytes);
  let json: unknown;
  try {
    json = text.trim() ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    status: response.status,
    json,
    text,
    bytes,
    contentType: response.headers.get('content-type') ?? '',
  };
}
