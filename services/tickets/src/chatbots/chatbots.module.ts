import { Module } from '@nestjs/common';
import { ChatbotsHandler } from './chatbots.handler.js';
import { ChatbotsRepository } from './chatbots.repository.js';
import { ChatbotsService } from './chatbots.service.js';

@Module({
  providers: [ChatbotsRepository, ChatbotsService, ChatbotsHandler],
  exports: [ChatbotsRepository],
})
export class ChatbotsModule {}
