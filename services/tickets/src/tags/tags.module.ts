import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { TagsService } from './tags.service.js';

/** TagsRepository comes from ContactsModule: the contact import links and creates tags too. */
@Module({ imports: [ContactsModule], providers: [TagsService] })
export class TagsModule {}
