import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { TicketCoreModule } from '../tickets/core/ticket-core.module.js';
import { TicketsDomainModule } from '../tickets/tickets-domain.module.js';
import { RoutingRunner } from './routing-runner.js';
import { RoutingRepository } from './routing.repository.js';
import { RoutingService } from './routing.service.js';
import { FencingModule } from '../fencing/fencing.module.js';

/** Agent routing: userRandom, the queues' router and its rotation (tempoRoteador). */
@Module({
  imports: [TicketCoreModule, ContactsModule, TicketsDomainModule, FencingModule],
  providers: [RoutingRepository, RoutingService, RoutingRunner],
})
export class RoutingModule {}
