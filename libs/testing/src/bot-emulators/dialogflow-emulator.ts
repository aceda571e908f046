import { generateKeyPairSync, randomBytes, randomUUID, verify, type KeyObject } from 'node:crypto';
import {
  BotEmulatorServer,
  jsonReply,
  type EmulatedRequest,
  type EmulatorFailure,
  type EmulatorReply,
} from './bot-emulator-server.js';

/** What the agent says: a text, or messages with the matched intent and whether the talk ends. */
export type DialogflowAnswer =
  string | { messages: string[]; intent?: string; endConversation?: boolean };

/** One detectIntent the emulator answered (or refused after authentication). */
export type DialogflowDetection = {
  projectId: string;
  sessionId: string;
  text: string;
  languageCode: string;
  clientEmail: string;
};

export type DialogflowEmulatorOptions = {
  port?: number;
  /** access token lifetime (default 3600 s) */
  tokenLifetimeSeconds?: number;
  /** the answer when no `when` rule matches (default: echo the text) */
  fallback?: (text: string) => DialogflowAnswer;
};

type ServiceAccount = { clientEmail: string; projectId: string; publicKey: KeyObject };
type Rule = { match: string | RegExp; answer: DialogflowAnswer };

const DetectPath = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/]+):detectIntent$/;
const JwtBearer = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

const googleError = (status: number, code: string, message: string): EmulatorReply =>
  jsonReply({ error: { code: status, status: code, message } }, status);

const decodeSegment = (segment: string | undefined): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(Buffer.from(segment ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return undefined;
  }
};

/**
 * Dialogflow ES over real HTTP for tests: a Google-style token endpoint (`/token`, RS256 JWT bearer
 * grant checked against the keys it issued) and `POST /v2/projects/{p}/agent/sessions/{s}:detectIntent`
 * with scripted answers per text (default: echo). Point DIALOGFLOW_URL at `url` and use a key from
 * `createServiceAccountKey` (its token_uri is this emulator). `failDetect*` makes detectIntent slow,
 * garbage or failing without touching the token endpoint; the base `fail*` hits any request.
 */
export class DialogflowEmulator extends BotEmulatorServer {
  /** detectIntent calls that passed authentication, oldest first */
  readonly detections: DialogflowDetection[] = [];
  /** how many access tokens the token endpoint issued */
  tokensIssued = 0;
  private readonly accounts = new Map<string, ServiceAccount>();
  private readonly tokens = new Map<string, { clientEmail: string; expiresAt: number }>();
  private readonly rules: Rule[] = [];
  private readonly detectFailures: EmulatorFailure[] = [];
  private standingDetectFailure: EmulatorFailure | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: DialogflowEmulatorOptions = {}) {
    super(options.port ?? 0);
  }

  /** The key's token_uri. */
  get tokenUri(): string {
    return `${this.url}/token`;
  }

  /**
   * A new service account of `projectId` (default `emulated-agent`): its key JSON, as Google hands
   * it out, with the token_uri of this emulator. Start the emulator first.
   */
  createServiceAccountKey(options: { projectId?: string; clientEmail?: string } = {}): string {
    if (!this.url) throw new Error('start the Dialogflow emulator before creating keys');
    const projectId = options.projectId ?? 'emulated-agent';
    const clientEmail =
      options.clientEmail ??
      `bot-${randomBytes(4).toString('hex')}@${projectId}.iam.gserviceaccount.com`;
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.accounts.set(clientEmail, { clientEmail, projectId, publicKey });
    return JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: clientEmail,
      client_id: String(Date.now()),
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: this.tokenUri,
    });
  }

  /** When the text equals `match` (case-insensitive, trimmed) or matches the RegExp, answer this. */
  when(match: string | RegExp, answer: DialogflowAnswer): this {
    this.rules.push({ match, answer });
    return this;
  }

  /** The next detectIntent misbehaves this way (the token endpoint still answers). */
  failDetectNext(failure: EmulatorFailure): this {
    this.detectFailures.push(failure);
    return this;
  }

  /** Every detectIntent misbehaves this way until `failDetectAlways(null)`. */
  failDetectAlways(failure: EmulatorFailure | null): this {
    this.standingDetectFailure = failure;
    return this;
  }

  /** Forgets requests, detections and failures (keys, rules and issued tokens stay valid). */
  override reset(): void {
    super.reset();
    this.detections.length = 0;
    this.detectFailures.length = 0;
    this.standingDetectFailure = null;
    this.tokensIssued = 0;
  }

  /** Revokes every access token issued so far (clients must ask for new ones). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  override async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await super.close();
  }

  protected async handle(request: EmulatedRequest): Promise<EmulatorReply> {
    if (request.method === 'POST' && request.path === '/token') return this.token(request);
    const detect = DetectPath.exec(request.path);
    if (request.method === 'POST' && detect) {
      return this.detectIntent(
        request,
        decodeURIComponent(detect[1]!),
        decodeURIComponent(detect[2]!),
      );
    }
    return googleError(404, 'NOT_FOUND', `No route ${request.method} ${request.path}`);
  }

  private token(request: EmulatedRequest): EmulatorReply {
    const form = new URLSearchParams(request.raw.toString('utf8'));
    const invalid = (description: string) =>
      jsonReply({ error: 'invalid_grant', error_description: description }, 400);
    if (form.get('grant_type') !== JwtBearer) {
      return jsonReply({ error: 'unsupported_grant_type' }, 400);
    }
    const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
    const head = decodeSegment(header);
    const body = decodeSegment(claims);
    if (!head || !body || !signature || head.alg !== 'RS256') return invalid('Malformed JWT');
    const account = this.accounts.get(String(body.iss));
    if (!account) return invalid('Invalid JWT: unknown service account');
    const signed = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${claims}`),
      account.publicKey,
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) return invalid('Invalid JWT Signature.');
    const now = Math.floor(Date.now() / 1000);
    if (body.aud !== this.tokenUri) return invalid('Invalid JWT: audience');
    if (typeof body.exp !== 'number' || body.exp < now) return invalid('Invalid JWT: expired');
    const lifetime = this.options.tokenLifetimeSeconds ?? 3600;
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    this.tokens.set(accessToken, {
      clientEmail: account.clientEmail,
      expiresAt: Date.now() + lifetime * 1000,
    });
    this.tokensIssued += 1;
    return jsonReply({ access_token: accessToken, expires_in: lifetime, token_type: 'Bearer' });
  }

  private async detectIntent(
    request: EmulatedRequest,
    projectId: string,
    sessionId: string,
  ): Promise<EmulatorReply> {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const token = bearer ? this.tokens.get(bearer) : undefined;
    if (!token || token.expiresAt < Date.now()) {
      return googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    }
    const account = this.accounts.get(token.clientEmail)!;
    if (account.projectId !== projectId) {
      return googleError(403, 'PERMISSION_DENIED', `Permission denied on project ${projectId}.`);
    }
    const input = (request.body as { queryInput?: { text?: Record<string, unknown> } } | undefined)
      ?.queryInput?.text;
    const text = typeof input?.text === 'string' ? input.text : undefined;
    const languageCode = typeof input?.languageCode === 'string' ? input.languageCode : undefined;
    if (!text || !languageCode) {
      return googleError(400, 'INVALID_ARGUMENT', 'queryInput.text needs text and languageCode.');
    }
    this.detections.push({
      projectId,
      sessionId,
      text,
      languageCode,
      clientEmail: token.clientEmail,
    });

    const failure = this.detectFailures.shift() ?? this.standingDetectFailure;
    if (failure?.kind === 'slow') await this.sleep(failure.delayMs);
    if (failure?.kind === 'garbage') {
      return {
        status: 200,
        body: failure.body ?? '<html>not json {',
        contentType: 'application/json',
      };
    }
    if (failure?.kind === 'error') {
      return jsonReply(
        failure.body ?? { error: { code: failure.status ?? 500 } },
        failure.status ?? 500,
      );
    }
    if (failure?.kind === 'hangup') {
      return googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.');
    }

    const answer = this.answerFor(text);
    const reply = typeof answer === 'string' ? { messages: [answer] } : answer;
    const intent = reply.intent ?? (this.ruleFor(text) ? 'scripted' : 'echo');
    return jsonReply({
      responseId: randomUUID(),
      queryResult: {
        queryText: text,
        languageCode,
        action: 'input.unknown',
        allRequiredParamsPresent: true,
        fulfillmentText: reply.messages[0] ?? '',
        fulfillmentMessages: reply.messages.map((message) => ({ text: { text: [message] } })),
        intent: {
          name: `projects/${projectId}/agent/intents/${randomUUID()}`,
          displayName: intent,
          ...(reply.endConversation ? { endInteraction: true } : {}),
        },
        intentDetectionConfidence: 1,
      },
    });
  }

  private ruleFor(text: string): Rule | undefined {
    const normal = text.trim().toLowerCase();
    return this.rules.find((rule) =>
      typeof rule.match === 'string'
        ? rule.match.trim().toLowerCase() === normal
        : rule.match.test(text),
    );
  }

  private answerFor(text: string): DialogflowAnswer {
    return this.ruleFor(text)?.answer ?? this.options.fallback?.(text) ?? text;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }
}
