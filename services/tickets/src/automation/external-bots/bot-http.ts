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

/**
 * One HTTP call to an external bot with a deadline. Answers the status and the body parsed as JSON
 * (undefined when the body is empty or not JSON); a refusal (4xx/5xx), a timeout or a network error
 * becomes a BotFailure.
 */
export async function callBot(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; form?: FormData },
  options: BotHttpOptions,
): Promise<{ status: number; json: unknown; text: string }> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  let text: string;
  try {
    response = await doFetch(url, {
      method: init.method ?? 'POST',
      headers: {
        ...(init.form ? {} : { 'content-type': 'application/json' }),
        accept: 'application/json',
        ...init.headers,
      },
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    text = await response.text();
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new BotFailure('timeout', `no answer within ${options.timeoutMs} ms`);
    throw new BotFailure('unreachable', (err as Error).message);
  }
  if (!response.ok)
    throw new BotFailure('rejected', `answered HTTP ${response.status}`, response.status);
  let json: unknown;
  try {
    json = text.trim() ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}
