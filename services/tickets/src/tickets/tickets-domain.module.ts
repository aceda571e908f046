import { AutomationJobs } from '../automation/automation-jobs.js';
import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { KanbanHandler } from './kanban/kanban.handler.js';
import { KanbanService } from './kanban/kanban.service.js';
import { TicketNotesHandler } from './ticket-notes/ticket-notes.handler.js';
import { TicketNotesService } from './ticket-notes/ticket-notes.service.js';
import { TicketDirectory } from './ticket-directory.js';
import { TicketViews } from './ticket-view.js';
import { TicketsHandler } from './tickets.handler.js';
import { TicketsRepository } from './tickets.repository.js';
import { TicketsService } from './tickets.service.js';

/** Tickets: list, transitions, logs, notes and the kanban board. */
@Module({
  imports: [ContactsModule, MessagesModule],
  providers: [
    AutomationJobs,
    TicketsRepository,
    TicketDirectory,
    TicketViews,
    TicketsService,
    TicketsHandler,
    TicketNotesService,
    TicketNotesHandler,
    KanbanService,
    KanbanHandler,
  ],
  exports: [TicketsService, TicketViews, TicketsRepository],
})
export class TicketsDomainModule {}
