import { BotSecretsModule } from './bot/secrets/bot-secrets.module.js';
import { Module } from '@nestjs/common';
import { RefsModule } from './refs/refs.module.js';
import type { ObjectType } from 'typeorm';
import { QueuesModule } from './queues/queues.module.js';
import { ChatbotsModule } from './chatbots/chatbots.module.js';
import { QuickMessagesModule } from './quick-messages/quick-messages.module.js';
import { PromptsModule } from './prompts/prompts.module.js';
import { FileListsModule } from './file-lists/file-lists.module.js';
import { QueueIntegrationsModule } from './queue-integrations/queue-integrations.module.js';
import { QueueIntegrationRow } from './queue-integrations/queue-integration.entity.js';
import { Contact, ContactExtraInfoRow, ContactImportJobRow } from './contacts/contact.entity.js';
import { ContactsModule } from './contacts/contacts.module.js';
import { Tag } from './contacts/tag.entity.js';
import { TagsModule } from './tags/tags.module.js';
import { Ticket, TicketLog, TicketNote, TicketTracking } from './tickets/core/ticket.entity.js';
import { Message } from './messages/message.entity.js';
import { MessagesModule } from './messages/messages.module.js';
import { TicketsDomainModule } from './tickets/tickets-domain.module.js';
import { InboundModule } from './inbound/inbound.module.js';
import { ExternalApiModule } from './external-api/external-api.module.js';
import { RoutingModule } from './routing/routing.module.js';
import { OnDutyModule } from './on-duty/on-duty.module.js';
import { BotLanguageModule } from './bot/language/bot-language.module.js';
import { DataErasureModule } from './data-erasure/data-erasure.module.js';

/** The tickets service's entities (each domain folder adds its own). */
export const ticketsEntities: ObjectType<unknown>[] = [
  Contact,
  ContactExtraInfoRow,
  ContactImportJobRow,
  Tag,
  Ticket,
  TicketTracking,
  TicketLog,
  TicketNote,
  Message,
  QueueIntegrationRow,
];

/** The tickets service's root module: one imported module per domain folder. */
@Module({
  imports: [
    RefsModule,
    BotLanguageModule,
    ContactsModule,
    TagsModule,
    QueuesModule,
    ChatbotsModule,
    QuickMessagesModule,
    PromptsModule,
    FileListsModule,
    QueueIntegrationsModule,
    MessagesModule,
    TicketsDomainModule,
    ExternalApiModule,
    InboundModule,
    RoutingModule,
    OnDutyModule,
    BotSecretsModule,
    DataErasureModule,
  ],
})
export class TicketsModule {}
