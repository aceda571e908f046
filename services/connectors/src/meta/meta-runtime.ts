import type { ChannelKind } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Transactions } from '@sb/platform/db';
import type { Logger } from '@sb/platform/logger';
import { createStorage, lazyStorage, type ObjectStorage } from '@sb/storage';
import type { ChannelEventSink, DriverConnection } from '../drivers/channel-driver.js';
import { CloudApiDriver } from './cloud-api-driver.js';
import { DefaultGraphUrl, GraphClient } from './graph-client.js';
import { MetaMedia } from './meta-media.js';
import { MessengerDriver } from './messenger-driver.js';
import type { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { MetaWebhookProcessor } from './webhook-processor.js';

type Env = Record<string, string | undefined>;

/** The Meta side of the connectors service: one Graph client, the three drivers, the webhook intake. */
export type MetaRuntime = {
  graph: GraphClient;
  cloud: CloudApiDriver;
  facebook: MessengerDriver;
  instagram: MessengerDriver;
  deliveries: WebhookDeliveriesRepository;
  processor: MetaWebhookProcessor;
  /** META_APP_ID and META_APP_SECRET, when set: user tokens are exchanged for long-lived ones */
  app: { id: string; secret: string } | null;
};

export type MetaRuntimeDeps = {
  env: Env;
  transactions: Transactions;
  deliveries: WebhookDeliveriesRepository;
  sink: ChannelEventSink;
  bus: Pick<Bus, 'publish'>;
  logger: Logger;
  findConnection(channel: ChannelKind, accountId: string): Promise<DriverConnection | null>;
  /** replaces createStorage(env) (tests) */
  storage?: ObjectStorage;
};

const positive = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

/**
 * Env: META_GRAPH_URL (Graph API base with its version; the channel emulator in tests and demos),
 * META_WEBHOOK_POLL_MS (how often stored webhooks left behind are retried, default 5000),
 * META_MEDIA_MAX_BYTES (inbound media size cap, default 64 MiB), META_APP_ID / META_APP_SECRET.
 */
export function createMetaRuntime(deps: MetaRuntimeDeps): MetaRuntime {
  const { env, logger } = deps;
  const graph = new GraphClient({ baseUrl: env.META_GRAPH_URL || DefaultGraphUrl });
  // a service that never sees Meta media never creates its storage
  const storage = deps.storage ?? lazyStorage(() => createStorage(env));
  const media = new MetaMedia(graph, storage, positive(env.META_MEDIA_MAX_BYTES, 64 * 1024 * 1024));
  const session = { sink: deps.sink, logger };
  const cloud = new CloudApiDriver(graph, media, session);
  const facebook = new MessengerDriver('facebook', graph, media, session);
  const instagram = new MessengerDriver('instagram', graph, media, session);
  const { deliveries } = deps;
  const processor = new MetaWebhookProcessor({
    transactions: deps.transactions,
    deliveries,
    bus: deps.bus,
    sink: deps.sink,
    media,
    logger,
    findConnection: deps.findConnection,
    peerProfile: (connection, id) =>
      (connection.channel === 'instagram' ? instagram : facebook).peerProfile(connection, id),
    pollMs: positive(env.META_WEBHOOK_POLL_MS, 5000),
  });
  const app =
    env.META_APP_ID && env.META_APP_SECRET
      ? { id: env.META_APP_ID, secret: env.META_APP_SECRET }
      : null;
  return { graph, cloud, facebook, instagram, deliveries, processor, app };
}
