import { Module } from '@nestjs/common';
import { REFS_CHECK } from '@sb/platform/nest';
import { DirectoriesModule } from '../directories/directories.module.js';
import { RefsHandler } from '../refs/refs.handler.js';
import { ContactListsRepository } from './contact-lists.repository.js';
import { ContactListsService } from './contact-lists.service.js';
import { NumberChecker } from './number-checker.js';

/** Contact lists, their items, the number check, the campaign settings and the ownership check. */
@Module({
  imports: [DirectoriesModule],
  providers: [
    ContactListsRepository,
    ContactListsService,
    NumberChecker,
    RefsHandler,
    { provide: REFS_CHECK, useExisting: RefsHandler },
  ],
  exports: [NumberChecker, ContactListsService],
})
export class ContactListsModule {}
