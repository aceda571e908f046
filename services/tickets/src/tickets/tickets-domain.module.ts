import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { TicketCoreModule } from './core/ticket-core.module.js';
import { KanbanRepository } from './kanban/kanban.repository.js';
import { KanbanService } from './kanban/kanban.service.js';
import { TicketNotesRepository } from './ticket-notes/ticket-notes.repository.js';
import { TicketNotesService } from './ticket-notes/ticket-notes.service.js';
import { AgentTicketCommands } from './agent-commands.service.js';
import { BotTicketCommands } from './bot-commands.service.js';
import { TicketQueries } from './ticket-queries.service.js';
import { TicketUpdateSteps } from './ticket-update-steps.js';
import { TicketWrites } from './ticket-writes.js';

/** Tickets: list, transitions, logs, notes and the kanban board. */
@Module({
  imports: [TicketCoreModule, ContactsModule, MessagesModule],
  providers: [
    TicketWrites,
    TicketQueries,
    TicketUpdateSteps,
    AgentTicketCommands,
    BotTicketCommands,
    TicketNotesRepository,
    TicketNotesService,
    KanbanRepository,
    KanbanService,
  ],
  exports: [TicketQueries, TicketWrites, BotTicketCommands],
})
export class TicketsDomainModule {}
