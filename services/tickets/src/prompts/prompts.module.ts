import { Module } from '@nestjs/common';
import { BotSecrets } from '../bot/secrets/bot-secrets.js';
import { PromptsRepository } from './prompts.repository.js';
import { PromptsService } from './prompts.service.js';

/** AI prompts; exports the service so the bot flow can read a prompt with its keys (`withKeys`). */
@Module({
  providers: [BotSecrets, PromptsRepository, PromptsService],
  exports: [PromptsService],
})
export class PromptsModule {}
