import { Module } from '@nestjs/common';
import { ChatsRepository } from './chats.repository.js';
import { ChatsService } from './chats.service.js';

@Module({ providers: [ChatsRepository, ChatsService] })
export class ChatsModule {}
