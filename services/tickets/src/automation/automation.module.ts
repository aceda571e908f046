import { Module } from '@nestjs/common';
import { ChatbotsRepository } from '../chatbots/chatbots.repository.js';
import { MessagesModule } from '../messages/messages.module.js';
import { QueuesRepository } from '../queues/queues.repository.js';
import { TicketsDomainModule } from '../tickets/tickets-domain.module.js';
import { AutomationJobs } from './automation-jobs.js';
import { AutomationRunner } from './automation-runner.js';
import { AutomationStep } from './automation.step.js';
import { BotContext } from './bot-context.js';

/** The conversation automation: the inbound step, its durable jobs and their runner. */
@Module({
  imports: [TicketsDomainModule, MessagesModule],
  providers: [
    QueuesRepository,
    ChatbotsRepository,
    BotContext,
    AutomationJobs,
    AutomationStep,
    AutomationRunner,
  ],
  exports: [AutomationStep],
})
export class AutomationModule {}
