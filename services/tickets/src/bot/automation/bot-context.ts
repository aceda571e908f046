import { Injectable } from '@nestjs/common';
import type { ConnectionRecord, RequestContext } from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { buildChatbotTrees } from '../../chatbots/chatbot-rows.js';
import { ChatbotsRepository } from '../../chatbots/chatbots.repository.js';
import { ConnectorsDirectory } from '../../directories/connectors-directory.js';
import { IdentityDirectory } from '../../directories/identity-directory.js';
import { QueuesRepository } from '../../queues/queues.repository.js';
import type { BotConnection, BotOption, BotSettings, ScheduleType } from './bot-rules.js';

/**
 * The connection and company settings as the bot reads them: the connection's queues and menus with the
 * record connectors keeps, the settings and hours identity keeps (both from the cached directories).
 */
@Injectable()
export class BotContext {
  constructor(
    private readonly queues: QueuesRepository,
    private readonly chatbots: ChatbotsRepository,
    private readonly identity: IdentityDirectory,
    private readonly connectors: ConnectorsDirectory,
  ) {}

  record(ctx: RequestContext, connectionId: number): Promise<ConnectionRecord | null> {
    return this.connectors.record(ctx, connectionId);
  }

  /** The connection as the bot walks it: its texts, knobs, hours and queues (menu order) with options. */
  async connection(
    ctx: RequestContext,
    connectionId: number,
    manager: EntityManager,
  ): Promise<BotConnection | null> {
    const record = await this.record(ctx, connectionId);
    if (!record) return null;
    const linked = new Set(record.queueIds);
    const rows =
      linked.size === 0
        ? []
        : (await this.queues.list(ctx.companyId, manager)).filter((q) => linked.has(q.id));
    const options = await this.chatbots.forQueues(
      ctx.companyId,
      rows.map((q) => q.id),
      manager,
    );
    const trees = buildChatbotTrees(options);
    return {
      greetingMessage: record.greetingMessage ?? '',
      complationMessage: record.complationMessage ?? '',
      outOfHoursMessage: record.outOfHoursMessage ?? '',
      ratingMessage: record.ratingMessage ?? '',
      maxUseBotQueues: record.maxUseBotQueues,
      timeUseBotQueues: record.timeUseBotQueues,
      maxUseBotQueuesNPS: record.maxUseBotQueuesNPS,
      schedules: record.schedules ?? [],
      integrationId: record.integrationId ?? null,
      promptId: record.promptId ?? null,
      queues: rows.map((q) => ({
        id: q.id,
        name: q.name,
        greetingMessage: q.greeting_message ?? '',
        outOfHoursMessage: q.out_of_hours_message ?? '',
        schedules: q.schedules ?? [],
        closeTicket: q.close_ticket,
        fileListId: q.file_list_id,
        integrationId: q.integration_id,
        promptId: q.prompt_id,
        options: trees.filter((root) => root.queueId === q.id).map(toBotOption),
      })),
    };
  }

  /** The company settings the bot reads (defaults when identity does not answer). */
  async settings(ctx: RequestContext): Promise<BotSettings> {
    const [values, hours] = await Promise.all([
      this.identity.settingValues(ctx),
      this.identity.hours(ctx),
    ]);
    const on = (key: string) => values.get(key) === 'enabled';
    return {
      scheduleType: (values.get('scheduleType') ?? 'disabled') as ScheduleType,
      enableLGPD: on('enableLGPD'),
      lgpdMessage: values.get('lgpdMessage') ?? '',
      lgpdLink: values.get('lgpdLink') ?? '',
      sendGreetingMessageOneQueues: on('sendGreetingMessageOneQueues'),
      sendQueuePosition: on('sendQueuePosition'),
      acceptAudioMessageContact: on('acceptAudioMessageContact'),
      sendMessageOutExpedientTicketOpen: on('sendMessageOutExpedientTicketOpen'),
      acceptCallWhatsapp: on('acceptCallWhatsapp'),
      timeZone: hours.timeZone,
      companySchedule: hours.schedules,
    };
  }
}

const toBotOption = (option: ReturnType<typeof buildChatbotTrees>[number]): BotOption => ({
  id: option.id,
  name: option.name,
  greetingMessage: option.greetingMessage,
  queueType: option.queueType,
  closeTicket: option.closeTicket,
  optQueueId: option.optQueueId,
  optUserId: option.optUserId,
  optIntegrationId: option.optIntegrationId,
  optFileId: option.optFileId,
  options: option.options.map(toBotOption),
});
