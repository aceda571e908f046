import { Module } from '@nestjs/common';
import { ChatbotsRepository } from '../chatbots/chatbots.repository.js';
import { MessagesModule } from '../messages/messages.module.js';
import { QueuesRepository } from '../queues/queues.repository.js';
import { TicketsDomainModule } from '../tickets/tickets-domain.module.js';
import { AutomationJobs } from './automation-jobs.js';
import { AutomationRunner } from './automation-runner.js';
import { AutomationStep } from './automation.step.js';
import { BotContext } from './bot-context.js';
import { ExternalBots } from './external-bots/external-bots.js';
import { BotFiles } from './bot-files.js';
import { BotReplies } from './bot-replies.js';
import { FileListsModule } from '../file-lists/file-lists.module.js';
import { PromptsModule } from '../prompts/prompts.module.js';
import { QueueIntegrationsModule } from '../queue-integrations/queue-integrations.module.js';

/** The conversation automation: the inbound step, its durable jobs and their runner. */
@Module({
  imports: [
    TicketsDomainModule,
    MessagesModule,
    QueueIntegrationsModule,
    PromptsModule,
    FileListsModule,
  ],
  providers: [
    QueuesRepository,
    ChatbotsRepository,
    BotContext,
    AutomationJobs,
    AutomationStep,
    AutomationRunner,
    ExternalBots,
    BotFiles,
    BotReplies,
  ],
  exports: [AutomationStep, BotContext],
})
export class AutomationModule {}
