import { Module } from '@nestjs/common';
import { DirectoriesModule } from '../directories/directories.module.js';
import { TagsRepository } from './tags.repository.js';
import { ContactImportJobsRepository } from './contact-import-jobs.repository.js';
import { ContactImportService } from './contact-import.service.js';
import { ContactsHandler } from './contacts.handler.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';
import { PhoneContactImportService } from './phone-contact-import.service.js';

/**
 * Contacts; ContactsService (findOrCreateFromPeer) is exported for the inbound flow, TagsRepository for
 * the tags module (the contact import links tags by name).
 */
@Module({
  imports: [DirectoriesModule],
  providers: [
    ContactsRepository,
    ContactsService,
    ContactImportJobsRepository,
    ContactImportService,
    PhoneContactImportService,
    ContactsHandler,
    TagsRepository,
  ],
  exports: [ContactsService, ContactsRepository, TagsRepository],
})
export class ContactsModule {}
