import {
  BotEmulatorServer,
  jsonReply,
  type EmulatedRequest,
  type EmulatorReply,
} from './bot-emulator-server.js';

/**
 * What the webhook answers to one request: any JSON value (answered with 200), or an explicit
 * `{status, body}` made with `webhookStatus`.
 */
export type WebhookReplier = (body: unknown, request: EmulatedRequest) => unknown;

const statusMark = Symbol('webhook status reply');

/** An answer with another status than 200 (e.g. 202 with no content, 422 with an error). */
export const webhookStatus = (status: number, body: unknown = {}) => ({
  [statusMark]: true as const,
  status,
  body,
});

export type WebhookEmulatorOptions = {
  port?: number;
  /** the scripted answer (default: `{}` to every request) */
  reply?: WebhookReplier;
};

/**
 * An n8n workflow or any webhook over real HTTP: records every request (method, path, headers, JSON
 * body) on any path and answers with a scripted function of the body, so the reply contract of each
 * integration stays in the test that uses it.
 */
export class WebhookEmulator extends BotEmulatorServer {
  private replier: WebhookReplier;

  constructor(options: WebhookEmulatorOptions = {}) {
    super(options.port);
    this.replier = options.reply ?? (() => ({}));
  }

  /** The URL of one webhook path (`hook('/webhook/abc')`). */
  hook(path = '/webhook'): string {
    return `${this.url}${path.startsWith('/') ? path : `/${path}`}`;
  }

  /** Replaces the scripted answer. */
  setReply(replier: WebhookReplier): this {
    this.replier = replier;
    return this;
  }

  /** Answers these values to the next requests in order, then `{}`. */
  replyInOrder(...replies: unknown[]): this {
    const queue = [...replies];
    this.replier = () => (queue.length ? queue.shift() : {});
    return this;
  }

  /** The JSON bodies received, oldest first. */
  get bodies(): unknown[] {
    return this.requests.map((request) => request.body);
  }

  protected handle(request: EmulatedRequest): EmulatorReply {
    const answer = this.replier(request.body, request);
    if (typeof answer === 'object' && answer !== null && statusMark in answer) {
      const marked = answer as unknown as { status: number; body: unknown };
      return jsonReply(marked.body, marked.status);
    }
    return jsonReply(answer ?? {});
  }
}
