import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { ENV, LOGGER } from '@sb/platform/nest';
import type { Logger } from '@sb/platform/logger';
import { ChannelCommandsHandler } from '../channel-commands/channel-commands.handler.js';
import { ChannelCommandsService } from '../channel-commands/channel-commands.service.js';
import { IdempotentSends } from '../channel-commands/idempotent-sends.js';
import { SendKeysRepository } from '../channel-commands/send-keys.repository.js';
import { ConnectionEventSink } from './connection-event-sink.js';
import { configureSessionCipher } from '../baileys/auth-cipher.js';
import { configureConnectionSecrets } from './connection-secrets.js';
import { ConnectionTokensHandler } from './connection-tokens.handler.js';
import { ConnectionsHandler } from './connections.handler.js';
import { ConnectionsRepository } from './connections.repository.js';
import { ConnectionsService } from './connections.service.js';
import { DriverRegistry } from './driver-registry.js';

/**
 * Connections, their sessions and the channel commands. Driver modules import it to register their driver
 * (DriverRegistry) and to hand what channels tell them to the ConnectionEventSink.
 */
@Module({
  providers: [
    DriverRegistry,
    ConnectionsRepository,
    ConnectionEventSink,
    ConnectionsService,
    ConnectionsHandler,
    ConnectionTokensHandler,
    SendKeysRepository,
    IdempotentSends,
    ChannelCommandsService,
    ChannelCommandsHandler,
  ],
  exports: [DriverRegistry, ConnectionEventSink, ConnectionsRepository, ConnectionsService],
})
export class ConnectionsModule implements OnApplicationBootstrap {
  constructor(
    private readonly connections: ConnectionsService,
    private readonly repository: ConnectionsRepository,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ENV) env: Record<string, string | undefined>,
  ) {
    configureConnectionSecrets(env);
    configureSessionCipher(env);
  }

  /**
   * Drivers registered in their modules' init; now the sessions that were live open again. Before
   * that, channel secrets stored in clear or under a retired key are sealed with the current key
   * (the encryption "migration" and the rotation step: it needs the key, which SQL migrations lack).
   */
  onApplicationBootstrap(): void {
    this.repository
      .resealCredentials()
      .then((changed) => {
        if (changed > 0)
          this.logger.info({ changed }, 'connection secrets sealed with the current key');
      })
      .catch((err: unknown) => {
        this.logger.error({ err }, 'sealing the connection secrets failed');
      })
      .then(() => this.connections.startLiveSessions())
      .catch((err: unknown) => {
        this.logger.error({ err }, 'starting the live sessions failed');
      });
  }
}
