import { z } from 'zod';
import type { QueueIntegrationRow as QueueIntegration } from '../../queue-integrations/queue-integration.entity.js';
import { BotFailure, callBot, type BotHttpOptions } from './bot-http.js';
import type { BotConversation, BotMessage, BotOutcome } from './external-bot.js';
import { recordId } from '@sb/contracts';

const RichText: z.ZodType<unknown> = z.lazy(() =>
  z.looseObject({ text: z.string().optional(), children: z.array(RichText).optional() }),
);

const TypebotAnswer = z.looseObject({
  sessionId: z.string().min(1).optional(),
  messages: z.array(
    z.looseObject({
      type: z.string(),
      content: z
        .looseObject({
          richText: z.array(RichText).optional(),
          url: z.string().optional(),
          markdown: z.string().optional(),
        })
        .optional(),
    }),
  ),
  input: z
    .looseObject({
      type: z.string(),
      items: z.array(z.looseObject({ content: z.string().optional() })).optional(),
    })
    .optional(),
});
type TypebotAnswer = z.infer<typeof TypebotAnswer>;

/** A bot text `#{"queueId":2,"userId":5,"stopBot":true}` hands the ticket over instead of being said. */
export const TypebotTransfer = z
  .object({
    queueId: recordId.optional(),
    userId: recordId.optional(),
    stopBot: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  })
  .strict();

export const parseTransfer = (
  text: string,
): { queueId: number | null; userId: number | null } | null => {
  const trimmed = text.trim();
  if (!trimmed.startsWith('#{')) return null;
  try {
    const parsed = TypebotTransfer.safeParse(JSON.parse(trimmed.slice(1)));
    if (!parsed.success) return null;
    return { queueId: parsed.data.queueId ?? null, userId: parsed.data.userId ?? null };
  } catch {
    return null;
  }
};

const plain = (node: unknown): string => {
  const { text, children } = node as { text?: string; children?: unknown[] };
  return (text ?? '') + (children ?? []).map(plain).join('');
};

/** Typebot's bubbles as the texts a chat shows; media bubbles become their link; choices are listed. */
export const typebotTexts = (answer: TypebotAnswer): string[] => {
  const texts: string[] = [];
  for (const message of answer.messages) {
    const content = message.content;
    if (message.type === 'text') {
      const text = content?.richText
        ? content.richText.map(plain).join('\n')
        : (content?.markdown ?? '');
      if (text.trim()) texts.push(text.trim());
    } else if (content?.url) texts.push(content.url);
  }
  const choices = (answer.input?.items ?? []).map((item) => item.content?.trim()).filter(Boolean);
  if (choices.length) texts.push(choices.map((choice) => `▪️ ${choice}`).join('\n'));
  return texts;
};

const same = (a: string, b: string) =>
  b.trim() !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The API base of the integration: its URL (with or without /api/v1), else TYPEBOT_URL. */
const apiBase = (integration: QueueIntegration, fallback: string): string => {
  const url = (integration.urlN8N.trim() || fallback).replace(/\/+$/, '');
  if (!url)
    throw new BotFailure('misconfigured', 'no Typebot URL (the integration or TYPEBOT_URL)');
  return url.endsWith('/api/v1') ? url : `${url}/api/v1`;
};

/**
 * Typebot's chat API: a session per ticket (startChat with the contact's number and name as prefilled
 * variables, then continueChat), renewed after typebotExpires idle minutes (0 = never) or when Typebot
 * forgot it; the restart and finish keywords; the unknown-message text when the bot re-asks silently;
 * the transfer command; the end of the flow hands the ticket to people.
 */
export class TypebotBot {
  constructor(
    private readonly http: BotHttpOptions,
    private readonly defaultUrl: string,
    private readonly apiToken: string,
  ) {}

  async run(
    integration: QueueIntegration,
    conversation: BotConversation,
    message: BotMessage | null,
  ): Promise<BotOutcome> {
    const text = message?.body ?? '';
    const { ticket, now } = conversation;
    const base = apiBase(integration, this.defaultUrl);
    if (message && same(text, integration.typebotKeywordFinish))
      return { texts: [], close: true, state: cleared() };

    const restart = message !== null && same(text, integration.typebotKeywordRestart);
    const expired =
      integration.typebotExpires > 0 &&
      ticket.typebotSessionAt !== null &&
      now.getTime() - ticket.typebotSessionAt.getTime() > integration.typebotExpires * 60_000;
    const texts: string[] = [];
    if (restart && integration.typebotRestartMessage.trim())
      texts.push(integration.typebotRestartMessage.trim());

    let answer: TypebotAnswer | null = null;
    let sessionId = restart || expired ? null : ticket.typebotSessionId;
    if (sessionId && message) {
      answer = await this.continueChat(base, sessionId, text);
      // Typebot forgot the session (ended or purged): a new one starts with this message
      if (!answer) sessionId = null;
    }
    const opening: TypebotAnswer['messages'] = [];
    if (!answer) {
      // a new session: the flow's opening, then the contact's message as the answer to its first input
      const started = await this.startChat(base, integration.typebotSlug, conversation);
      if (!started)
        throw new BotFailure('rejected', `Typebot "${integration.typebotSlug}" not found`, 404);
      sessionId = started.sessionId ?? null;
      if (!sessionId) throw new BotFailure('bad-response', 'startChat answered no sessionId');
      answer = started;
      if (message && !restart && text.trim() && started.input) {
        opening.push(...started.messages);
        answer = (await this.continueChat(base, sessionId, text)) ?? { messages: [] };
      }
    }
    answer = { ...answer, messages: [...opening, ...answer.messages] };

    const outcome: BotOutcome = { texts, delayMs: integration.typebotDelayMessage };
    for (const said of typebotTexts(answer)) {
      const transfer = parseTransfer(said);
      if (transfer) {
        outcome.handOver = transfer;
        break;
      }
      outcome.texts.push(said);
    }
    const continued = ticket.typebotSessionId !== null && sessionId === ticket.typebotSessionId;
    if (
      continued &&
      answer.messages.length === 0 &&
      answer.input &&
      integration.typebotUnknownMessage.trim()
    )
      outcome.texts.push(integration.typebotUnknownMessage.trim());

    if (outcome.handOver) outcome.state = cleared();
    else if (!answer.input) {
      // the flow ended: people take over in the ticket's queue
      outcome.handOver = { queueId: null, userId: null };
      outcome.state = cleared();
    } else
      outcome.state = { typebotSessionId: sessionId, typebotStatus: true, typebotSessionAt: now };
    return outcome;
  }

  private async startChat(
    base: string,
    slug: string,
    conversation: BotConversation,
  ): Promise<TypebotAnswer | null> {
    const body = {
      prefilledVariables: {
        number: conversation.contact.number,
        pushName: conversation.contact.name,
        remoteJid: conversation.contact.number,
        ticketId: conversation.ticket.id,
      },
    };
    return this.post(`${base}/typebots/${encodeURIComponent(slug)}/startChat`, body);
  }

  private continueChat(
    base: string,
    sessionId: string,
    text: string,
  ): Promise<TypebotAnswer | null> {
    return this.post(`${base}/sessions/${encodeURIComponent(sessionId)}/continueChat`, {
      message: { type: 'text', text },
    });
  }

  /** The parsed answer, or null when Typebot does not know the bot or session (404). */
  private async post(url: string, body: unknown): Promise<TypebotAnswer | null> {
    let json: unknown;
    try {
      ({ json } = await callBot(
        url,
        { body, headers: this.apiToken ? { authorization: `Bearer ${this.apiToken}` } : {} },
        this.http,
      ));
    } catch (err) {
      if (err instanceof BotFailure && err.status === 404) return null;
      throw err;
    }
    const parsed = TypebotAnswer.safeParse(json);
    if (!parsed.success)
      throw new BotFailure('bad-response', 'Typebot answered something else than a chat turn');
    return parsed.data;
  }
}

const cleared = () => ({ typebotSessionId: null, typebotStatus: false, typebotSessionAt: null });
