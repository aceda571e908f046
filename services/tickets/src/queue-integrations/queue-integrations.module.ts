import { Module } from '@nestjs/common';
import { ENV } from '@sb/platform/nest';
import { DialogflowClient } from './dialogflow-client.js';
import { BotSecrets } from '../bot/secrets/bot-secrets.js';
import { QueueIntegrationsRepository } from './queue-integrations.repository.js';
import { QueueIntegrationsService } from './queue-integrations.service.js';

@Module({
  providers: [
    {
      provide: DialogflowClient,
      useFactory: (env: Record<string, string | undefined>) => DialogflowClient.fromEnv(env),
      inject: [ENV],
    },
    BotSecrets,
    QueueIntegrationsRepository,
    QueueIntegrationsService,
  ],
  exports: [QueueIntegrationsService, DialogflowClient],
})
export class QueueIntegrationsModule {}
