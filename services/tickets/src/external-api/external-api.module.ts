import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { TicketCoreModule } from '../tickets/core/ticket-core.module.js';
import { TicketsDomainModule } from '../tickets/tickets-domain.module.js';
import { ApiUsageRepository } from './api-usage.repository.js';
import { ExternalApiService } from './external-api.service.js';
import { SendToContactService } from './send-to-contact.service.js';

/**
 * The external messages API (POST /api/messages/send): contact, ticket, send and the daily count; and
 * the schedule sender's send to a contact through the default connection, on the same path.
 */
@Module({
  imports: [TicketCoreModule, ContactsModule, MessagesModule, TicketsDomainModule],
  providers: [ApiUsageRepository, ExternalApiService, SendToContactService],
})
export class ExternalApiModule {}
