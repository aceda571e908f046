import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { TicketCoreModule } from '../ticket-core/ticket-core.module.js';
import { KanbanHandler } from './kanban/kanban.handler.js';
import { KanbanRepository } from './kanban/kanban.repository.js';
import { KanbanService } from './kanban/kanban.service.js';
import { TicketNotesHandler } from './ticket-notes/ticket-notes.handler.js';
import { TicketNotesRepository } from './ticket-notes/ticket-notes.repository.js';
import { TicketNotesService } from './ticket-notes/ticket-notes.service.js';
import { TicketsHandler } from './tickets.handler.js';
import { TicketsService } from './tickets.service.js';

/** Tickets: list, transitions, logs, notes and the kanban board. */
@Module({
  imports: [TicketCoreModule, ContactsModule, MessagesModule],
  providers: [
    TicketsService,
    TicketsHandler,
    TicketNotesRepository,
    TicketNotesService,
    TicketNotesHandler,
    KanbanRepository,
    KanbanService,
    KanbanHandler,
  ],
  exports: [TicketsService],
})
export class TicketsDomainModule {}
