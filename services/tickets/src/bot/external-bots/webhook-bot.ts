import { z } from 'zod';
import type { QueueIntegrationRow as QueueIntegration } from '../../queue-integrations/queue-integration.entity.js';
import { BotFailure, callBot, type BotHttpOptions } from './bot-http.js';
import type { BotConversation, BotMessage, BotOutcome } from './external-bot.js';
import { recordId } from '@sb/contracts';

/**
 * What an n8n workflow or webhook may answer: texts to say, a transfer to a queue and/or an agent, or
 * `stopBot` to give the ticket to people. Any other fields are ignored, so a webhook that only listens
 * (n8n's `{"message":"Workflow was started"}`, an empty body, plain text) changes nothing.
 */
export const WebhookReply = z.looseObject({
  answer: z.union([z.string(), z.array(z.string())]).optional(),
  transfer: z.object({ queueId: recordId.optional(), userId: recordId.optional() }).optional(),
  stopBot: z.boolean().optional(),
  closeTicket: z.boolean().optional(),
});

/** The normalised message a webhook receives (POST, JSON). */
export const webhookBody = (conversation: BotConversation, message: BotMessage | null) => ({
  event: message ? 'message' : 'start',
  companyId: conversation.companyId,
  connectionId: conversation.connectionId,
  ticket: {
    id: conversation.ticket.id,
    uuid: conversation.ticket.uuid,
    status: conversation.ticket.status,
    queueId: conversation.ticket.queueId,
  },
  contact: conversation.contact,
  message: message
    ? {
        id: message.id,
        body: message.body,
        mediaType: message.mediaType,
        hasMedia: message.mediaKey !== null,
        fromMe: false,
      }
    : null,
  sentAt: conversation.now.toISOString(),
});

export const webhookOutcome = (json: unknown): BotOutcome => {
  if (json === undefined || json === null || typeof json !== 'object' || Array.isArray(json))
    return { texts: [] };
  const parsed = WebhookReply.safeParse(json);
  if (!parsed.success)
    throw new BotFailure('bad-response', 'the webhook answered answer/transfer in another shape');
  const reply = parsed.data;
  const answer = reply.answer === undefined ? [] : [reply.answer].flat();
  const outcome: BotOutcome = { texts: answer.map((t) => t.trim()).filter(Boolean) };
  if (reply.transfer || reply.stopBot)
    outcome.handOver = {
      queueId: reply.transfer?.queueId ?? null,
      userId: reply.transfer?.userId ?? null,
    };
  if (reply.closeTicket) outcome.close = true;
  return outcome;
};

/** n8n and webhooks: the message is POSTed to urlN8N; the answer may say something or hand over. */
export class WebhookBot {
  constructor(private readonly http: BotHttpOptions) {}

  async run(
    integration: QueueIntegration,
    conversation: BotConversation,
    message: BotMessage | null,
  ): Promise<BotOutcome> {
    if (!integration.urlN8N.trim())
      throw new BotFailure('misconfigured', 'the integration has no URL');
    const { json } = await callBot(
      integration.urlN8N,
      { body: webhookBody(conversation, message) },
      this.http,
    );
    return webhookOutcome(json);
  }
}
