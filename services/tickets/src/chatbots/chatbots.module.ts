import { Module } from '@nestjs/common';
import { ChatbotsRepository } from './chatbots.repository.js';
import { ChatbotsService } from './chatbots.service.js';

@Module({
  providers: [ChatbotsRepository, ChatbotsService],
  exports: [ChatbotsRepository],
})
export class ChatbotsModule {}
