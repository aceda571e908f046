import { Module } from '@nestjs/common';
import { AutomationModule } from '../automation/automation.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { ChannelDirectory } from '../messages/channel-directory.js';
import { MessageTicketView } from '../messages/message-ticket-view.js';
import { MessagesModule } from '../messages/messages.module.js';
import { MessagesRepository } from '../messages/messages.repository.js';
import { MediaUrls } from '../quick-messages/media-urls.js';
import { InboundConsumer } from './inbound.consumer.js';
import { InboundRepository } from './inbound.repository.js';
import { InboundService } from './inbound.service.js';

/** The inbound flow: channel messages (connectors.message.received) become contacts, tickets, messages. */
@Module({
  imports: [ContactsModule, AutomationModule, MessagesModule],
  providers: [
    MediaUrls,
    MessagesRepository,
    ChannelDirectory,
    MessageTicketView,
    InboundRepository,
    InboundService,
    InboundConsumer,
  ],
})
export class InboundModule {}
