import { Module } from '@nestjs/common';
import { ContactsRepository } from '../contacts/contacts.repository.js';
import { TagsHandler } from './tags.handler.js';
import { TagsRepository } from './tags.repository.js';
import { TagsService } from './tags.service.js';

@Module({ providers: [TagsRepository, ContactsRepository, TagsService, TagsHandler] })
export class TagsModule {}
