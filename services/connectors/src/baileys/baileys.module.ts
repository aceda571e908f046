import {
  Global,
  Inject,
  Module,
  Optional,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { BUS, ENV, LOGGER } from '@sb/platform/nest';
import { createStorage, lazyStorage } from '@sb/storage';
import { hostname } from 'node:os';
import { ConnectionEventSink } from '../connections/connection-event-sink.js';
import { toDriverConnection } from '../connections/connection-view.js';
import { ConnectionsModule } from '../connections/connections.module.js';
import { ConnectionsRepository } from '../connections/connections.repository.js';
import { DriverRegistry } from '../connections/driver-registry.js';
import { SessionLeasesRepository } from '../sessions/session-leases.repository.js';
import { PhoneContactsRepository } from './phone-contacts.repository.js';
import { WhatsappAuthRepository } from './baileys-auth.repository.js';
import { createWhatsappSessions, newWorkerId, type WhatsappSessions } from './baileys-sessions.js';
import type { SocketFactory } from './baileys-socket.js';

export const WHATSAPP_SESSIONS = Symbol('WHATSAPP_SESSIONS');
/** Replaces the Baileys socket factory (tests: a fake that emits Baileys-shaped events). */
export const WHATSAPP_SOCKET_FACTORY = Symbol('WHATSAPP_SOCKET_FACTORY');

type Env = Record<string, string | undefined>;

const positive = (value: string | undefined): number | undefined => {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
};

/** Hands a socket factory to the WhatsApp module (imported by startConnectorsService's callers in tests). */
@Global()
@Module({})
export class WhatsappSocketFactoryModule {
  static use(factory: SocketFactory): DynamicModule {
    return {
      module: WhatsappSocketFactoryModule,
      providers: [{ provide: WHATSAPP_SOCKET_FACTORY, useValue: factory }],
      exports: [WHATSAPP_SOCKET_FACTORY],
    };
  }
}

/**
 * Baileys (QR pairing) sessions spread over the connectors workers by leases (ARCHITECTURE.md §7).
 * Env: CONNECTORS_WORKER_ID (default host-pid-random), WHATSAPP_LEASE_TTL_MS (default 20000),
 * WHATSAPP_LEASE_RENEW_MS (default 5000), WHATSAPP_LEASE_HANDOVER_PER_ROUND (default 5: sessions moved
 * to a joining worker per renewal period, cluster-wide), SESSION_ENCRYPTION_KEY (else derived from JWT_SECRET),
 * WHATSAPP_HISTORY_QUIET_MS (default 45000: the quiet before a history import replays).
 */
@Module({
  imports: [ConnectionsModule],
  providers: [
    {
      provide: WHATSAPP_SESSIONS,
      inject: [
        ENV,
        SessionLeasesRepository,
        WhatsappAuthRepository,
        PhoneContactsRepository,
        ConnectionsRepository,
        ConnectionEventSink,
        LOGGER,
        BUS,
        { token: WHATSAPP_SOCKET_FACTORY, optional: true },
      ],
      useFactory: (
        env: Env,
        leaseStore: SessionLeasesRepository,
        auth: WhatsappAuthRepository,
        phoneBook: PhoneContactsRepository,
        connections: ConnectionsRepository,
        sink: ConnectionEventSink,
        logger: Logger,
        bus: Bus,
        socketFactory: SocketFactory | undefined,
      ): WhatsappSessions | null => {
        if (!env.SESSION_ENCRYPTION_KEY && !env.JWT_SECRET) {
          // Without a key no pairing can be stored: the service runs, Baileys connections cannot start.
          logger.error(
            'WhatsApp (Baileys) sessions are off: set SESSION_ENCRYPTION_KEY or JWT_SECRET to encrypt their auth state',
          );
          return null;
        }
        return createWhatsappSessions({
          leaseStore,
          auth,
          phoneBook,
          sink,
          imports: sink,
          historyQuietMs: positive(env.WHATSAPP_HISTORY_QUIET_MS),
          env,
          bus,
          workerId: env.CONNECTORS_WORKER_ID || newWorkerId(hostname()),
          loadConnection: async (id) => {
            const row = await connections.findAnyById(id);
            return row && row.channel === 'whatsapp' ? toDriverConnection(row) : null;
          },
          // a worker that never receives media never creates its storage
          storage: lazyStorage(() => createStorage(env)),
          socketFactory: socketFactory ?? undefined,
          ttlMs: positive(env.WHATSAPP_LEASE_TTL_MS),
          renewMs: positive(env.WHATSAPP_LEASE_RENEW_MS),
          handoverPerRound: positive(env.WHATSAPP_LEASE_HANDOVER_PER_ROUND),
          logger,
          onError: (err) => logger.warn({ err }, 'whatsapp session error'),
        });
      },
    },
    SessionLeasesRepository,
    WhatsappAuthRepository,
    PhoneContactsRepository,
  ],
})
export class WhatsappModule implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    @Inject(WHATSAPP_SESSIONS) private readonly sessions: WhatsappSessions | null,
    private readonly drivers: DriverRegistry,
    @Optional() @Inject(LOGGER) private readonly logger?: Logger,
  ) {}

  /** Before the connections module's bootstrap, which skips the drivers that resume by themselves. */
  onModuleInit(): void {
    if (this.sessions) this.drivers.register(this.sessions.driver);
  }

  /**
   * Every live Baileys connection has a lease row (a parked one stays parked), then this worker joins
   * the others: it claims its fair share at its first round.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.sessions) return;
    await this.sessions.leases.ensureLiveSessions();
    await this.sessions.start();
    this.logger?.info(
      { workerId: this.sessions.leases.workerId },
      'whatsapp sessions worker started',
    );
  }

  /** Frees the leases at once, so the other workers take the sessions over without waiting. */
  async onModuleDestroy(): Promise<void> {
    await this.sessions?.stop();
  }
}
