import {
  Inject,
  Module,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { ChannelKind } from '@sb/contracts';
import type { Logger } from '@sb/platform/logger';
import type { Bus } from '@sb/platform/bus';
import { BUS, ENV, LOGGER } from '@sb/platform/nest';
import { Transactions } from '@sb/platform/db';
import { ConnectionEventSink } from '../connections/connection-event-sink.js';
import { toDriverConnection } from '../connections/connection-view.js';
import { ConnectionsModule } from '../connections/connections.module.js';
import { ConnectionsRepository } from '../connections/connections.repository.js';
import { DriverRegistry } from '../connections/driver-registry.js';
import type { DriverConnection } from '../drivers/channel-driver.js';
import { FacebookPagesService } from './facebook-pages.service.js';
import { MessageTemplatesService } from './message-templates.service.js';
import { createMetaRuntime, type MetaRuntime } from './meta-runtime.js';
import { MetaWebhooksHandler } from './meta-webhooks.handler.js';
import { META_RUNTIME } from './meta.tokens.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';

/**
 * The connection a webhook account belongs to. Should two connections claim one account (a typo, or two
 * companies), a connected one wins over one whose token was refused.
 */
async function findConnection(
  connections: ConnectionsRepository,
  channel: ChannelKind,
  externalId: string,
): Promise<DriverConnection | null> {
  const rows = await connections.listByExternalId(channel, externalId);
  const row = rows.find((candidate) => candidate.status === 'CONNECTED') ?? rows[0];
  return row ? toDriverConnection(row) : null;
}

/** WhatsApp Cloud API, Facebook and Instagram: drivers, webhook intake, POST /facebook, templates. */
@Module({
  imports: [ConnectionsModule],
  providers: [
    {
      provide: META_RUNTIME,
      inject: [
        ENV,
        Transactions,
        WebhookDeliveriesRepository,
        ConnectionsRepository,
        ConnectionEventSink,
        BUS,
        LOGGER,
      ],
      useFactory: (
        env: Record<string, string | undefined>,
        transactions: Transactions,
        deliveries: WebhookDeliveriesRepository,
        connections: ConnectionsRepository,
        sink: ConnectionEventSink,
        bus: Bus,
        logger: Logger,
      ): MetaRuntime =>
        createMetaRuntime({
          env,
          transactions,
          deliveries,
          sink,
          bus,
          logger,
          findConnection: (channel, externalId) => findConnection(connections, channel, externalId),
        }),
    },
    WebhookDeliveriesRepository,
    MetaWebhooksHandler,
    FacebookPagesService,
    MessageTemplatesService,
  ],
  // the fence lifting gives held webhooks back and wakes the processor (fencing/)
  exports: [META_RUNTIME, WebhookDeliveriesRepository],
})
export class MetaModule implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    @Inject(META_RUNTIME) private readonly meta: MetaRuntime,
    private readonly drivers: DriverRegistry,
  ) {}

  /** Before the connections module re-opens live sessions (its application bootstrap). */
  onModuleInit(): void {
    this.drivers.register(this.meta.cloud);
    this.drivers.register(this.meta.facebook);
    this.drivers.register(this.meta.instagram);
  }

  onApplicationBootstrap(): void {
    this.meta.processor.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.meta.processor.stop();
  }
}
