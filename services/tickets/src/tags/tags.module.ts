import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { TagsHandler } from './tags.handler.js';
import { TagsRepository } from './tags.repository.js';
import { TagsService } from './tags.service.js';

@Module({ imports: [ContactsModule], providers: [TagsRepository, TagsService, TagsHandler] })
export class TagsModule {}
