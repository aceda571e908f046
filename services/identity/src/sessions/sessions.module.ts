import { Module } from '@nestjs/common';
import { SessionsHandler } from './sessions.handler.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

@Module({
  providers: [SessionsRepository, SessionsService, SessionsHandler],
  exports: [SessionsService],
})
export class SessionsModule {}
