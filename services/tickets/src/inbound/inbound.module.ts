import { Module } from '@nestjs/common';
import { AutomationModule } from '../bot/automation/automation.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { MediaModule } from '../media/media.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { TicketCoreModule } from '../tickets/core/ticket-core.module.js';
import { InboundConsumer } from './inbound.consumer.js';
import { InboundRepository } from './inbound.repository.js';
import { InboundService } from './inbound.service.js';

/** The inbound flow: channel messages (connectors.message.received) become contacts, tickets, messages. */
@Module({
  imports: [TicketCoreModule, MediaModule, ContactsModule, MessagesModule, AutomationModule],
  providers: [InboundRepository, InboundService, InboundConsumer],
})
export class InboundModule {}
