import { Module } from '@nestjs/common';
import { ChatbotsModule } from '../../chatbots/chatbots.module.js';
import { ContactsModule } from '../../contacts/contacts.module.js';
import { FileListsModule } from '../../file-lists/file-lists.module.js';
import { MediaModule } from '../../media/media.module.js';
import { MessagesModule } from '../../messages/messages.module.js';
import { PromptsModule } from '../../prompts/prompts.module.js';
import { QueueIntegrationsModule } from '../../queue-integrations/queue-integrations.module.js';
import { QueuesModule } from '../../queues/queues.module.js';
import { TicketCoreModule } from '../../tickets/core/ticket-core.module.js';
import { TicketsDomainModule } from '../../tickets/tickets-domain.module.js';
import { AutomationRunner } from './automation-runner.js';
import { AutomationStep } from './automation.step.js';
import { BotContext } from './bot-context.js';
import { BotFiles } from './bot-files.js';
import { BotReplies } from './bot-replies.js';
import { ExternalBots } from '../external-bots/external-bots.js';

/** The conversation automation: the inbound step and the runner of the core's durable jobs. */
@Module({
  imports: [
    TicketCoreModule,
    MediaModule,
    QueuesModule,
    ChatbotsModule,
    ContactsModule,
    TicketsDomainModule,
    MessagesModule,
    QueueIntegrationsModule,
    PromptsModule,
    FileListsModule,
  ],
  providers: [BotContext, AutomationStep, AutomationRunner, ExternalBots, BotFiles, BotReplies],
  exports: [AutomationStep],
})
export class AutomationModule {}
