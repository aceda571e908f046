import { Module } from '@nestjs/common';
import { AutomationModule } from '../automation/automation.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { TicketsDomainModule } from '../tickets/tickets-domain.module.js';
import { RoutingDirectory } from './routing-directory.js';
import { RoutingRunner } from './routing-runner.js';
import { RoutingRepository } from './routing.repository.js';
import { RoutingService } from './routing.service.js';

/** Agent routing: userRandom, the queues' router and its rotation (tempoRoteador). */
@Module({
  imports: [TicketsDomainModule, ContactsModule, AutomationModule],
  providers: [RoutingRepository, RoutingDirectory, RoutingService, RoutingRunner],
})
export class RoutingModule {}
