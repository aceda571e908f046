import type { AnonymousContext } from '@sb/contracts';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import { addBusSubjectFamily, addMetricsSampler, type MetricSample } from '@sb/platform/ops';
import type { ObjectStorage } from '@sb/storage';
import { randomUUID } from 'node:crypto';
import type { ChannelEventSink, DriverConnection } from '../drivers/channel-driver.js';
import { LeaseManager } from '../sessions/lease-manager.js';
import type { SessionLeasesRepository } from '../sessions/session-leases.repository.js';
import { AuthCipher, sessionEncryptionKey, type SessionKeySource } from './auth-cipher.js';
import type { PhoneBook } from './phone-contacts.repository.js';
import { usePostgresAuthState } from './postgres-auth-state.js';
import type { WhatsappAuthRepository } from './baileys-auth.repository.js';
import {
  WhatsappDriver,
  type SessionFence,
  type WhatsappAuthStore,
  type WhatsappRemoteCall,
  type WhatsappRouter,
} from './baileys-driver.js';
import { baileysSocketFactory, type SocketFactory } from './baileys-socket.js';
import type { HistoryImports } from './history-import.js';

export type WhatsappSessionsOptions = {
  leaseStore: SessionLeasesRepository;
  auth: WhatsappAuthRepository;
  phoneBook: PhoneBook;
  sink: ChannelEventSink;
  /** Where history imports are reported (none: history is not imported). */
  imports?: HistoryImports;
  /** The quiet before a history import replays (default 45 s). */
  historyQuietMs?: number;
  env: Record<string, string | undefined>;
  workerId: string;
  /**
   * With a bus, commands for a session held by another worker are handed to it (each worker answers
   * on its own subject, see workerSubject); without one they only run where the session lives.
   */
  bus?: Bus;
  /** The connection a newly taken lease belongs to (null when it was deleted meanwhile). */
  loadConnection: (connectionId: number) => Promise<DriverConnection | null>;
  storage?: ObjectStorage;
  socketFactory?: SocketFactory;
  ttlMs?: number;
  renewMs?: number;
  /** Sessions handed over per renewal period when workers rebalance (LeaseManager). */
  handoverPerRound?: number;
  onError?: (error: unknown) => void;
  logger?: { warn(details: object, message: string): void };
};

export type WhatsappSessions = {
  driver: WhatsappDriver;
  leases: LeaseManager;
  /** where the auth-state key came from (logged at boot: a JWT_SECRET-derived key changes with it) */
  keySource: SessionKeySource;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** The subject one connectors worker answers on for the sessions it holds (no queue group). */
export const workerSubject = (workerId: string): string =>
  `connectors.whatsapp-worker.${workerId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
// one latency series for all workers' subjects, not one per worker that ever ran
addBusSubjectFamily('connectors.whatsapp-worker');

/** Forwarded commands carry no user: they were checked by the worker that received them. */
const internalContext = (): AnonymousContext => ({
  requestId: randomUUID(),
  companyId: 0,
  userId: 0,
  profile: 'anonymous',
  super: false,
  lang: 'en',
});

/** A worker id unique per process (several services may share one host, or one test process). */
export const newWorkerId = (host: string): string =>
  `${host}-${process.pid}-${randomUUID().slice(0, 8)}`;

/**
 * Wires the Baileys driver to the lease manager and the Postgres auth state: a taken lease opens the
 * session with its epoch, a lost or shed one closes it, and `driver.start` only opens sessions this
 * worker holds.
 */
export function createWhatsappSessions(options: WhatsappSessionsOptions): WhatsappSessions {
  const { auth } = options;
  const { key, source } = sessionEncryptionKey(options.env);
  const cipher = new AuthCipher(key);
  if (source === 'JWT_SECRET') {
    // Rotating JWT_SECRET would make every stored pairing unreadable: say so where operators look.
    options.logger?.warn(
      { keySource: source },
      'SESSION_ENCRYPTION_KEY is not set: WhatsApp pairings are encrypted with a key derived from JWT_SECRET, so changing JWT_SECRET unpairs them',
    );
  }

  const leases: LeaseManager = new LeaseManager({
    leases: options.leaseStore,
    workerId: options.workerId,
    ttlMs: options.ttlMs,
    renewMs: options.renewMs,
    handoverPerRound: options.handoverPerRound,
    onError: options.onError,
    onAcquired: async (lease) => {
      const connection = await options.loadConnection(lease.connectionId);
      if (!connection) {
        await leases.removeSession(lease.connectionId);
        return;
      }
      await driver.openSession(connection, lease.epoch);
    },
    onReleased: async (lease) => driver.closeSession(lease.connectionId),
  });

  const authStore: WhatsappAuthStore = {
    load: (connection, epoch) =>
      usePostgresAuthState({
        auth,
        cipher,
        companyId: connection.companyId,
        connectionId: connection.id,
        epoch,
      }),
    clear: (connectionId, epoch) => auth.clear(connectionId, epoch),
  };

  const fence: SessionFence = {
    acquire: async (connection) => {
      await leases.ensureSession(connection.companyId, connection.id);
      if (!leases.heldLease(connection.id)) await leases.tick();
      return leases.heldLease(connection.id)?.epoch ?? null;
    },
    isCurrent: async (connectionId, epoch) => {
      const stored = await leases.storedEpoch(connectionId);
      return stored !== null && stored <= epoch;
    },
    park: (connectionId, epoch) => leases.parkSession(connectionId, epoch),
    remove: (connectionId) => leases.removeSession(connectionId),
  };

  const { bus } = options;
  const router: WhatsappRouter | undefined = bus && {
    holderElsewhere: async (connectionId) => {
      const holder = await leases.holderOf(connectionId);
      return holder && holder !== options.workerId ? holder : null;
    },
    forward: (holder, call) =>
      bus.request(workerSubject(holder), { ctx: internalContext(), data: call }),
  };

  let subscription: BusSubscription | undefined;
  let unwatch: (() => void) | undefined;
  /** what this worker runs (per state) and holds, read at scrape time (the HPA scales on held) */
  const sessionSamples = (): MetricSample[] => [
    ...[...driver.sessionStates()].map(([state, value]): MetricSample => ({
      name: 'switchboard_connector_sessions',
      labels: { channel: driver.kind, state },
      value,
    })),
    { name: 'switchboard_connector_sessions_held', value: leases.heldLeases().length },
  ];

  // The lease callbacks above reach `driver` only once start() ticks, after this line ran.
  const driver: WhatsappDriver = new WhatsappDriver({
    sink: options.sink,
    socketFactory: options.socketFactory ?? baileysSocketFactory,
    authStore,
    fence,
    router,
    storage: options.storage,
    phoneBook: options.phoneBook,
    imports: options.imports,
    historyQuietMs: options.historyQuietMs,
    onError: options.onError,
  });

  return {
    driver,
    leases,
    keySource: source,
    start: async () => {
      if (bus && !subscription) {
        subscription = await bus.handle<WhatsappRemoteCall>(
          workerSubject(options.workerId),
          ({ data }) => driver.execute(data),
        );
      }
      unwatch ??= addMetricsSampler(sessionSamples);
      leases.start();
    },
    stop: async () => {
      unwatch?.();
      unwatch = undefined;
      await subscription?.unsubscribe();
      subscription = undefined;
      await leases.stop({ release: true });
    },
  };
}
