import type { QueueIntegrationRow as QueueIntegration } from '../../queue-integrations/queue-integration.entity.js';
import { DialogflowClient, DialogflowError } from '../../queue-integrations/dialogflow-client.js';
import { BotFailure } from './bot-http.js';
import type { BotConversation, BotMessage, BotOutcome } from './external-bot.js';

/**
 * Dialogflow ES: one session per contact (so the agent keeps its context across tickets), the fulfilment
 * texts said in order; an intent that ends the interaction gives the ticket to people. Only texts are
 * sent: a message without text (a sticker, a photo) is not the agent's to answer.
 */
export class DialogflowBot {
  constructor(private readonly client: DialogflowClient) {}

  async run(
    integration: QueueIntegration,
    key: string | null,
    conversation: BotConversation,
    message: BotMessage | null,
  ): Promise<BotOutcome> {
    if (!message?.body.trim()) return { texts: [] };
    if (!key) throw new BotFailure('misconfigured', 'the Dialogflow integration has no key');
    try {
      const reply = await this.client.detectIntent({
        key,
        projectName: integration.projectName,
        sessionId: `${conversation.companyId}-${conversation.contact.id}`,
        text: message.body,
        languageCode: integration.language,
      });
      const outcome: BotOutcome = { texts: reply.responses.map((t) => t.trim()).filter(Boolean) };
      if (reply.endConversation) outcome.handOver = { queueId: null, userId: null };
      return outcome;
    } catch (err) {
      if (!(err instanceof DialogflowError)) throw err;
      throw new BotFailure(
        err.kind === 'timeout'
          ? 'timeout'
          : err.kind === 'unreachable'
            ? 'unreachable'
            : 'rejected',
        err.message,
        err.status,
      );
    }
  }
}
