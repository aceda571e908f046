import { Module } from '@nestjs/common';
import { ChatsHandler } from './chats.handler.js';
import { ChatsRepository } from './chats.repository.js';
import { ChatsService } from './chats.service.js';

@Module({ providers: [ChatsRepository, ChatsService, ChatsHandler] })
export class ChatsModule {}
