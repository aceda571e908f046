import { Module } from '@nestjs/common';
import { DirectoriesModule } from '../directories/directories.module.js';
import { ChatbotsModule } from '../chatbots/chatbots.module.js';
import { QueuesRepository } from './queues.repository.js';
import { QueuesService } from './queues.service.js';

@Module({
  imports: [ChatbotsModule, DirectoriesModule],
  providers: [QueuesRepository, QueuesService],
  exports: [QueuesRepository],
})
export class QueuesModule {}
