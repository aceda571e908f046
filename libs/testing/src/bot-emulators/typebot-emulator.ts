import { randomUUID } from 'node:crypto';
import {
  BotEmulatorServer,
  jsonReply,
  type EmulatedRequest,
  type EmulatorReply,
} from './bot-emulator-server.js';

/** What the bot waits for after its bubbles (Typebot's `input` block); absent = the flow ended. */
export type TypebotInput =
  { type: 'text input'; placeholder?: string } | { type: 'choice input'; choices: string[] };

/** One turn of the bot: the text bubbles it says, then what it waits for. */
export type TypebotTurn = { messages: string[]; input?: TypebotInput };

export type TypebotTurnContext = {
  /** what the contact answered (undefined for startChat without a message) */
  message: string | undefined;
  /** 0 for startChat, then 1, 2, … per continueChat */
  turn: number;
  sessionId: string;
  /** the prefilledVariables of startChat */
  variables: Record<string, unknown>;
};

/**
 * A scripted bot: a list of turns (turn 0 answers startChat, turn n the n-th continueChat) or a
 * function of the contact's message. A turn without `input` ends the flow: a later continueChat of
 * that session answers 404, as Typebot does.
 */
export type TypebotScript = TypebotTurn[] | ((context: TypebotTurnContext) => TypebotTurn);

/** A keyword → answer bot: the start turn, then the turn of the first keyword the message contains. */
export const typebotKeywords =
  (start: TypebotTurn, answers: Record<string, TypebotTurn>, fallback: TypebotTurn) =>
  (context: TypebotTurnContext): TypebotTurn => {
    if (context.turn === 0) return start;
    const text = (context.message ?? '').toLowerCase();
    const key = Object.keys(answers).find((keyword) => text.includes(keyword.toLowerCase()));
    return key ? answers[key]! : fallback;
  };

export type TypebotSession = {
  sessionId: string;
  slug: string;
  turn: number;
  variables: Record<string, unknown>;
  /** what the contact said, in order (the startChat message first when there was one) */
  received: string[];
  /** the flow ended (a turn without input): continueChat answers 404 */
  ended: boolean;
};

export type TypebotEmulatorOptions = {
  port?: number;
  /** when set, requests must carry `Authorization: Bearer <apiToken>` (else 401) */
  apiToken?: string;
  bots?: Record<string, TypebotScript>;
};

type RichText = { type: 'p'; children: { text: string }[] }[];

/** A text bubble as Typebot's chat API v1 answers it (richText format). */
export const typebotTextMessage = (text: string) => ({
  id: randomUUID().replace(/-/g, '').slice(0, 24),
  type: 'text' as const,
  content: {
    type: 'richText' as const,
    richText: text
      .split('\n')
      .map((line) => ({ type: 'p', children: [{ text: line }] })) as RichText,
  },
});

const inputBlock = (input: TypebotInput) => {
  const id = randomUUID().replace(/-/g, '').slice(0, 24);
  if (input.type === 'text input') {
    return {
      id,
      type: 'text input',
      options: { labels: { placeholder: input.placeholder ?? 'Type your answer...' } },
    };
  }
  return {
    id,
    type: 'choice input',
    items: input.choices.map((content, index) => ({ id: `${id}-${index}`, content })),
    options: {},
  };
};

/** Typebot sends `message` as text (older clients) or `{type:'text', text}` (current API). */
const messageText = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (typeof message === 'object' && message !== null) {
    const text = (message as { text?: unknown }).text;
    if (typeof text === 'string') return text;
  }
  return undefined;
};

/**
 * Typebot's chat API v1 over real HTTP: `POST /api/v1/typebots/{publicId}/startChat` opens a session
 * and answers the first turn, `POST /api/v1/sessions/{sessionId}/continueChat` with `{message}` answers
 * the next. Bots are scripted per public id (slug); unknown bots and sessions answer 404.
 */
export class TypebotEmulator extends BotEmulatorServer {
  readonly sessions = new Map<string, TypebotSession>();
  private readonly bots = new Map<string, TypebotScript>();

  constructor(private readonly options: TypebotEmulatorOptions = {}) {
    super(options.port);
    for (const [slug, script] of Object.entries(options.bots ?? {})) this.setBot(slug, script);
  }

  /** The API base a Typebot integration is configured with (`urlN8N` of the integration). */
  get apiUrl(): string {
    return `${this.url}/api/v1`;
  }

  setBot(slug: string, script: TypebotScript): this {
    this.bots.set(slug, script);
    return this;
  }

  /** The sessions of one bot, oldest first. */
  sessionsOf(slug: string): TypebotSession[] {
    return [...this.sessions.values()].filter((session) => session.slug === slug);
  }

  protected handle(request: EmulatedRequest): EmulatorReply {
    if (this.options.apiToken) {
      const auth = request.headers.authorization ?? '';
      if (auth !== `Bearer ${this.options.apiToken}`) {
        return jsonReply({ message: 'You must be logged in', code: 'UNAUTHORIZED' }, 401);
      }
    }
    const parts = request.path.split('/').filter(Boolean);
    if (
      request.method === 'POST' &&
      parts.length === 5 &&
      parts[0] === 'api' &&
      parts[1] === 'v1'
    ) {
      if (parts[2] === 'typebots' && parts[4] === 'startChat')
        return this.startChat(parts[3]!, request);
      if (parts[2] === 'sessions' && parts[4] === 'continueChat') {
        return this.continueChat(parts[3]!, request);
      }
    }
    return jsonReply(
      { message: `No procedure found on path "${request.path}"`, code: 'NOT_FOUND' },
      404,
    );
  }

  private startChat(slug: string, request: EmulatedRequest): EmulatorReply {
    const script = this.bots.get(slug);
    if (!script) return jsonReply({ message: "Typebot doesn't exist", code: 'NOT_FOUND' }, 404);
    const body = (typeof request.body === 'object' && request.body) || {};
    const variables = (body as { prefilledVariables?: Record<string, unknown> }).prefilledVariables;
    const message = messageText(body);
    const session: TypebotSession = {
      sessionId: randomUUID().replace(/-/g, ''),
      slug,
      turn: 0,
      variables: variables ?? {},
      received: message === undefined ? [] : [message],
      ended: false,
    };
    this.sessions.set(session.sessionId, session);
    const answer = this.turn(script, session, message);
    return jsonReply({
      sessionId: session.sessionId,
      typebot: { id: `typebot-${slug}`, theme: {}, settings: {} },
      resultId: randomUUID(),
      ...answer,
    });
  }

  private continueChat(sessionId: string, request: EmulatedRequest): EmulatorReply {
    const session = this.sessions.get(sessionId);
    const script = session && this.bots.get(session.slug);
    if (!session || !script || session.ended) {
      return jsonReply({ message: 'Session not found.', code: 'NOT_FOUND' }, 404);
    }
    const message = messageText(request.body);
    if (message === undefined) {
      return jsonReply({ message: 'Missing message', code: 'BAD_REQUEST' }, 400);
    }
    session.received.push(message);
    session.turn += 1;
    return jsonReply(this.turn(script, session, message));
  }

  private turn(script: TypebotScript, session: TypebotSession, message: string | undefined) {
    const context: TypebotTurnContext = {
      message,
      turn: session.turn,
      sessionId: session.sessionId,
      variables: session.variables,
    };
    const turn: TypebotTurn =
      typeof script === 'function' ? script(context) : (script[session.turn] ?? { messages: [] });
    if (!turn.input) session.ended = true;
    return {
      messages: turn.messages.map(typebotTextMessage),
      ...(turn.input ? { input: inputBlock(turn.input) } : {}),
    };
  }
}
