import { createHash, createSign } from 'node:crypto';
import { parseServiceAccountKey, type ServiceAccountKey } from '@sb/contracts';
import { z } from 'zod';

export const DialogflowDefaultUrl = 'https://dialogflow.googleapis.com';
export const DialogflowDefaultTimeoutMs = 10_000;
const Scope =
  'https://www.googleapis.com/auth/cloud-platform https://www.googleapis.com/auth/dialogflow';
/** a token is renewed this long before Google says it expires */
const TokenMarginMs = 60_000;

/** Why a Dialogflow call failed; the messages never carry the key. */
export type DialogflowErrorKind =
  'invalid-key' | 'auth' | 'rejected' | 'bad-response' | 'timeout' | 'unreachable';

export class DialogflowError extends Error {
  /** the refusal was of a cached access token (worth one retry with a new one) */
  cachedToken = false;

  constructor(
    readonly kind: DialogflowErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DialogflowError';
  }
}

/** What the agent answered to one text. */
export type DialogflowReply = {
  responses: string[];
  /** the matched intent's display name, null when none matched */
  intent: string | null;
  endConversation: boolean;
};

export type DetectIntentRequest = {
  /** the service-account key, as JSON text or parsed */
  key: ServiceAccountKey | string;
  projectName: string;
  sessionId: string;
  text: string;
  languageCode: string;
};

export type DialogflowClientOptions = {
  /** DIALOGFLOW_URL (default https://dialogflow.googleapis.com) */
  baseUrl?: string;
  /** the whole call (token and detectIntent) must end within this (default 10 s) */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
};

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive().optional(),
});

const DetectIntentAnswer = z.object({
  queryResult: z.object({
    fulfillmentText: z.string().optional(),
    fulfillmentMessages: z
      .array(z.looseObject({ text: z.object({ text: z.array(z.string()).optional() }).optional() }))
      .optional(),
    intent: z
      .looseObject({
        displayName: z.string().optional(),
        endInteraction: z.boolean().optional(),
      })
      .optional(),
    diagnosticInfo: z.record(z.string(), z.unknown()).optional(),
  }),
});

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The RS256 JWT a service account exchanges for an access token (RFC 7523). */
export const signServiceAccountJwt = (key: ServiceAccountKey, nowMs: number): string => {
  const iat = Math.floor(nowMs / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      iss: key.client_email,
      scope: Scope,
      aud: key.token_uri,
      iat,
      exp: iat + 3600,
    }),
  );
  const input = `${header}.${claims}`;
  try {
    const signature = createSign('RSA-SHA256').update(input).sign(key.private_key);
    return `${input}.${base64url(signature)}`;
  } catch {
    throw new DialogflowError(
      'invalid-key',
      'The private key of the service account is not valid.',
    );
  }
};

/** The texts of an answer: every text fulfilment message, else the fulfilment text. */
const repliesOf = (result: z.infer<typeof DetectIntentAnswer>['queryResult']): string[] => {
  const messages = (result.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []);
  const texts = messages.filter((t) => t.trim() !== '');
  if (texts.length) return texts;
  return result.fulfillmentText?.trim() ? [result.fulfillmentText] : [];
};

/**
 * A small Dialogflow ES client: signs the service account's JWT, exchanges it at the key's token_uri for
 * an access token (cached until shortly before it expires), then asks detectIntent for one text.
 * Timeouts, refusals and nonsense answers become a DialogflowError, never an unhandled crash.
 */
export class DialogflowClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  constructor(options: DialogflowClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DialogflowDefaultUrl).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DialogflowDefaultTimeoutMs;
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? Date.now;
  }

  /** DIALOGFLOW_URL and DIALOGFLOW_TIMEOUT_MS from the service's environment. */
  static fromEnv(env: Record<string, string | undefined>): DialogflowClient {
    const timeout = Number(env.DIALOGFLOW_TIMEOUT_MS);
    return new DialogflowClient({
      baseUrl: env.DIALOGFLOW_URL?.trim() || DialogflowDefaultUrl,
      timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DialogflowDefaultTimeoutMs,
    });
  }

  async detectIntent(request: DetectIntentRequest): Promise<DialogflowReply> {
    const key = typeof request.key === 'string' ? parseServiceAccountKey(request.key) : request.key;
    if (!key) {
      throw new DialogflowError('invalid-key', 'The service-account key is not valid JSON.');
    }
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      try {
        return await this.ask(key, request, signal);
      } catch (error) {
        // a cached token the server no longer takes (revoked, clock skew): once more with a new one
        if (!(error instanceof DialogflowError) || error.kind !== 'auth' || !error.cachedToken) {
          throw error;
        }
        return await this.ask(key, request, signal);
      }
    } catch (error) {
      throw asDialogflowError(error, signal);
    }
  }

  private async ask(
    key: ServiceAccountKey,
    request: DetectIntentRequest,
    signal: AbortSignal,
  ): Promise<DialogflowReply> {
    const { token, cached } = await this.accessToken(key, signal);
    const url =
      `${this.baseUrl}/v2/projects/${encodeURIComponent(request.projectName)}` +
      `/agent/sessions/${encodeURIComponent(request.sessionId)}:detectIntent`;
    const res = await this.fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        queryInput: { text: { text: request.text, languageCode: request.languageCode } },
      }),
      signal,
    });
    const body = await res.text();
    if (res.status === 401 || res.status === 403) {
      this.tokens.delete(this.cacheKey(key));
      const refused = new DialogflowError(
        'auth',
        `Dialogflow refused the access token (${res.status}).`,
        res.status,
      );
      refused.cachedToken = cached && res.status === 401;
      throw refused;
    }
    if (!res.ok) {
      throw new DialogflowError('rejected', `Dialogflow answered ${res.status}.`, res.status);
    }
    const parsed = DetectIntentAnswer.safeParse(parseJson(body));
    if (!parsed.success) {
      throw new DialogflowError(
        'bad-response',
        'Dialogflow answered something that is no detectIntent result.',
      );
    }
    const result = parsed.data.queryResult;
    return {
      responses: repliesOf(result),
      intent: result.intent?.displayName ?? null,
      endConversation:
        result.intent?.endInteraction === true ||
        result.diagnosticInfo?.['end_conversation'] === true,
    };
  }

  private cacheKey(key: ServiceAccountKey): string {
    return createHash('sha256')
      .update(`${key.client_email}\n${key.token_uri}\n${key.private_key}`)
      .digest('hex');
  }

  private async accessToken(
    key: ServiceAccountKey,
    signal: AbortSignal,
  ): Promise<{ token: string; cached: boolean }> {
    const cacheKey = this.cacheKey(key);
    const cached = this.tokens.get(cacheKey);
    if (cached && cached.expiresAt > this.now()) return { token: cached.token, cached: true };
    const assertion = signServiceAccountJwt(key, this.now());
    const res = await this.fetch(key.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
      signal,
    });
    const body = await res.text();
    if (!res.ok) {
      throw new DialogflowError(
        'auth',
        `The token endpoint refused the key (${res.status}).`,
        res.status,
      );
    }
    const parsed = TokenAnswer.safeParse(parseJson(body));
    if (!parsed.success) {
      throw new DialogflowError('bad-response', 'The token endpoint answered no access token.');
    }
    const lifetimeMs = (parsed.data.expires_in ?? 3600) * 1000;
    this.tokens.set(cacheKey, {
      token: parsed.data.access_token,
      expiresAt: this.now() + Math.max(0, lifetimeMs - TokenMarginMs),
    });
    return { token: parsed.data.access_token, cached: false };
  }
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const asDialogflowError = (error: unknown, signal: AbortSignal): DialogflowError => {
  if (error instanceof DialogflowError) return error;
  const name = (error as { name?: string } | null)?.name;
  if (signal.aborted || name === 'TimeoutError' || name === 'AbortError') {
    return new DialogflowError('timeout', 'Dialogflow did not answer in time.');
  }
  return new DialogflowError('unreachable', 'Dialogflow could not be reached.');
};
