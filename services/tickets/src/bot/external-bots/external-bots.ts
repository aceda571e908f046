import { Inject, Injectable } from '@nestjs/common';
import { ENV } from '@sb/platform/nest';
import { MessagesRepository } from '../../messages/messages.repository.js';
import { PromptsService } from '../../prompts/prompts.service.js';
import { DialogflowClient } from '../../queue-integrations/dialogflow-client.js';
import { QueueIntegrationsService } from '../../queue-integrations/queue-integrations.service.js';
import type { ExternalBot } from '../automation/bot-rules.js';
import { MediaStorage } from '../../media/media-storage.js';
import { BotFailure, botHttpOptions, type BotHttpOptions } from './bot-http.js';
import { DialogflowBot } from './dialogflow-bot.js';
import type { BotConversation, BotMessage, BotOutcome } from './external-bot.js';
import { PromptBot, type HistoryLine } from './prompt-bot.js';
import { replyForm } from './reply-form.js';
import { TypebotBot } from './typebot-bot.js';
import { WebhookBot } from './webhook-bot.js';
import { BOT_TEXTS } from '../language/bot-language.module.js';
import type { BotTexts } from '../language/bot-texts.js';

/**
 * Gives one message to the external bot that has the conversation and answers what it wants done.
 * Every failure (timeout, refusal, nonsense, a deleted integration) is a BotFailure, for the caller to
 * hand the ticket to people. Addresses: TYPEBOT_URL / TYPEBOT_API_TOKEN (when the integration has no
 * URL), OPENAI_URL and OPENAI_MODEL, DIALOGFLOW_URL; BOT_TIMEOUT_MS bounds each call (default 15 s).
 */
@Injectable()
export class ExternalBots {
  private readonly typebot: TypebotBot;
  private readonly webhook: WebhookBot;
  private readonly dialogflow: DialogflowBot;
  private readonly prompt: PromptBot;

  constructor(
    private readonly messages: MessagesRepository,
    private readonly integrations: QueueIntegrationsService,
    private readonly prompts: PromptsService,
    dialogflow: DialogflowClient,
    storage: MediaStorage,
    @Inject(ENV) env: Record<string, string | undefined>,
    @Inject(BOT_TEXTS) texts: BotTexts,
  ) {
    const http: BotHttpOptions = botHttpOptions(env);
    this.typebot = new TypebotBot(
      http,
      env.TYPEBOT_URL?.trim() ?? '',
      env.TYPEBOT_API_TOKEN?.trim() ?? '',
    );
    this.webhook = new WebhookBot(http);
    this.dialogflow = new DialogflowBot(dialogflow);
    this.prompt = new PromptBot(
      {
        ...http,
        baseUrl: (env.OPENAI_URL?.trim() || 'https://api.openai.com/v1').replace(/\/+$/, ''),
        model: env.OPENAI_MODEL?.trim() || 'gpt-4o-mini',
        texts,
      },
      () => storage.get(),
    );
  }

  async run(
    bot: ExternalBot,
    conversation: BotConversation,
    message: BotMessage | null,
  ): Promise<BotOutcome> {
    const { companyId } = conversation;
    if ('promptId' in bot) {
      const prompt = await this.prompts.withKeys(companyId, bot.promptId);
      if (!prompt) throw new BotFailure('misconfigured', `prompt ${bot.promptId} is gone`);
      const history = await this.history(conversation, prompt.maxMessages - 1, message);
      const outcome = await this.prompt.run(prompt, conversation.contact.name, history, message);
      return { ...outcome, form: replyForm(prompt) };
    }
    const found = await this.integrations.forBot(companyId, bot.integrationId);
    if (!found) throw new BotFailure('misconfigured', `integration ${bot.integrationId} is gone`);
    const { integration, key } = found;
    switch (integration.type) {
      case 'typebot':
        return this.typebot.run(integration, conversation, message);
      case 'n8n':
      case 'webhook':
        return this.webhook.run(integration, conversation, message);
      case 'dialogflow':
        return this.dialogflow.run(integration, key, conversation, message);
    }
  }

  /**
   * The ticket's texts before the current message, oldest first (the bot adds the current one last:
   * channel times have whole seconds, so the order of close messages is not to be trusted).
   */
  private async history(
    conversation: BotConversation,
    limit: number,
    message: BotMessage | null,
  ): Promise<HistoryLine[]> {
    if (limit <= 0) return [];
    return this.messages.botHistory(
      conversation.companyId,
      conversation.ticket.id,
      limit,
      message?.id ?? null,
    );
  }
}
