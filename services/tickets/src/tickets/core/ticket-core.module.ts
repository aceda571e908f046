import { Module } from '@nestjs/common';
import { DirectoriesModule } from '../../directories/directories.module.js';
import { AutomationJobs } from './automation-jobs.repository.js';
import { TicketRecords } from './ticket-records.js';
import { TicketsRepository } from './tickets.repository.js';

/**
 * The ticket core every other folder builds on: the ticket rows, the one record builder, the durable
 * automation jobs and (re-exported) the directories of the other services. Each is registered here
 * only, so there is one instance, one cache and one set of event subscriptions of each.
 */
@Module({
  imports: [DirectoriesModule],
  providers: [TicketsRepository, TicketRecords, AutomationJobs],
  exports: [DirectoriesModule, TicketsRepository, TicketRecords, AutomationJobs],
})
export class TicketCoreModule {}
