import {
  DomainEventTypes,
  eventSubject,
  type ChannelKind,
  type DomainEvent,
  type InboundMessageEventData,
} from '@sb/contracts';
import { eventIdOf, type Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import type { Transactions } from '@sb/platform/db';
import { Poller } from '@sb/platform/poller';
import type { ChannelEventSink, DriverConnection } from '../drivers/channel-driver.js';
import { asArray, asString, isRecord, type InboundMessage } from './meta-inbound.js';
import type { MetaMedia } from './meta-media.js';
import type { PeerProfile } from './messenger-driver.js';
import { normaliseMetaWebhook } from './normalise-meta.js';
import type {
  ClaimedDelivery,
  WebhookDeliveriesRepository,
} from './webhook-deliveries.repository.js';

export type WebhookProcessorOptions = {
  transactions: Transactions;
  deliveries: WebhookDeliveriesRepository;
  /** where `connectors.message.received` goes, straight from the batch's transaction */
  bus: Pick<Bus, 'publish'>;
  sink: ChannelEventSink;
  media: MetaMedia;
  logger: Logger;
  /** the connection a webhook account id belongs to (connections.external_id) */
  findConnection(channel: ChannelKind, accountId: string): Promise<DriverConnection | null>;
  /** name and picture of a Messenger / Instagram sender */
  peerProfile(connection: DriverConnection, id: string): Promise<PeerProfile>;
  pollMs: number;
  batchSize?: number;
  leaseMs?: number;
  maxAttempts?: number;
};

const HourMs = 60 * 60 * 1000;

/** A delivery read and completed, waiting for the batch's transaction. */
type PreparedDelivery = {
  delivery: ClaimedDelivery;
  messages: { deliveryId: number; connection: DriverConnection; data: InboundMessageEventData }[];
  skipped: number;
};
const ProfileCacheSize = 5000;
const ConnectionCacheMs = 3000;

const received = DomainEventTypes.connectors.messageReceived;

/** The id of a message's received event: the same on every retry of its delivery. */
export const receivedEventId = (data: InboundMessageEventData): string =>
  eventIdOf(`connectors.message.received:${data.connectionId}:${data.externalId}`);

const receivedEvent = (
  companyId: number,
  data: InboundMessageEventData,
): DomainEvent<InboundMessageEventData> => ({
  id: receivedEventId(data),
  subject: eventSubject(companyId, received.service, received.entity, received.action),
  companyId,
  occurredAt: new Date().toISOString(),
  data,
});

/** The account a webhook is about (phone number id, page or Instagram id), to keep its order. */
function accountKeyOf(payload: unknown): string {
  const entry = isRecord(payload) ? asArray(payload.entry)[0] : undefined;
  if (!isRecord(entry)) return '';
  const change = asArray(entry.changes)[0];
  const value = isRecord(change) && isRecord(change.value) ? change.value : undefined;
  const phoneNumberId =
    value && isRecord(value.metadata) ? asString(value.metadata.phone_number_id) : undefined;
  return phoneNumberId ?? asString(entry.id) ?? '';
}

/**
 * Works through stored Meta webhooks: right after one is stored, and on a poll for those a crash or a
 * failure left behind, a claimed batch per transaction. Each inbound message yields one event per
 * connection (dedupe table);
 * unknown accounts and unreadable parts are logged and skipped, never retried.
 */
export class MetaWebhookProcessor {
  private readonly poller: Poller;
  private lastPrune = 0;
  private readonly profiles = new Map<string, { profile: PeerProfile; at: number }>();
  private readonly connections = new Map<
    string,
    { connection: DriverConnection | null; at: number }
  >();

  constructor(private readonly options: WebhookProcessorOptions) {
    this.poller = new Poller({
      name: 'Meta webhook processing',
      everyMs: options.pollMs,
      pass: () => this.drain(),
      logger: options.logger,
      passAtStart: true,
    });
  }

  start(): void {
    this.poller.start();
  }

  stop(): Promise<void> {
    return this.poller.stop();
  }

  /** Processes what is due now; calls while a run is going make it run once more. */
  kick(): void {
    void this.poller.run();
  }

  /** Until nothing is due (tests and the poller). */
  async drain(): Promise<void> {
    const { deliveries, batchSize = 100, leaseMs = 120_000 } = this.options;
    // deliveries held for a company whose fence lifted go back first (a missed release, a crash)
    await deliveries.releaseHeld();
    while (!this.poller.stopping) {
      const fenced = await deliveries.fencedCompanies();
      const claimed = await deliveries.claim(batchSize, leaseMs);
      if (claimed.length === 0) break;
      await this.processClaimed(claimed, fenced);
    }
    if (Date.now() - this.lastPrune > HourMs) {
      this.lastPrune = Date.now();
      await deliveries.prune(7, 30);
    }
  }

  /**
   * A claimed batch: each delivery is read and completed first (media, profiles: one account's
   * deliveries in order, different accounts side by side), then the message ids, their events and the
   * done marks of the whole batch commit in one transaction. When that transaction fails, each
   * delivery is tried in a transaction of its own, so one bad delivery holds up no other.
   */
  private async processClaimed(claimed: ClaimedDelivery[], fenced: Set<number>): Promise<void> {
    const byAccount = new Map<string, ClaimedDelivery[]>();
    for (const delivery of claimed) {
      const key = accountKeyOf(delivery.payload);
      byAccount.set(key, [...(byAccount.get(key) ?? []), delivery]);
    }
    const prepared = new Map<number, PreparedDelivery>();
    await Promise.all(
      [...byAccount.values()].map(async (group) => {
        for (const delivery of group) {
          try {
            const outcome = await this.prepare(delivery, fenced);
            if ('heldFor' in outcome) await this.hold(delivery, outcome.heldFor);
            else prepared.set(delivery.id, outcome);
          } catch (err) {
            await this.fail(delivery, err);
          }
        }
      }),
    );
    // back in the order of arrival (claim answers by id), which keeps each account's order
    const ready = claimed.flatMap((delivery) => prepared.get(delivery.id) ?? []);
    try {
      await this.commit(ready);
    } catch (err) {
      if (ready.length === 1) return this.fail(ready[0].delivery, err);
      for (const one of ready) {
        await this.commit([one]).catch((error: unknown) => this.fail(one.delivery, error));
      }
    }
  }

  /**
   * The message ids and the done marks commit in one transaction; a second delivery of an id, in this
   * batch or a concurrent one, finds it recorded and yields no event. The events are published just
   * before the commit, without an outbox hop (the latency of every inbound message): a failed publish
   * rolls the batch back for a retry, and a publish whose commit then fails is repeated on the retry
   * under the same id (`receivedEventId`), which the stream and the tickets consumer drop.
   */
  private async commit(ready: PreparedDelivery[]): Promise<void> {
    if (ready.length === 0) return;
    const { transactions, deliveries, bus } = this.options;
    const messages = ready.flatMap((entry) => entry.messages);
    await transactions.acrossCompanies(async (manager) => {
      const fresh = await deliveries.rememberMany(
        manager,
        messages.map(({ deliveryId, connection, data }) => ({
          connectionId: connection.id,
          companyId: connection.companyId,
          externalId: data.externalId,
          deliveryId,
        })),
      );
      await deliveries.markDoneMany(
        manager,
        ready.map((entry) => ({ id: entry.delivery.id, issues: entry.skipped })),
      );
      const events = messages
        .filter((_, index) => fresh[index])
        .map(({ connection, data }) => receivedEvent(connection.companyId, data));
      // issued in order on one connection, so each account's messages keep their order on the stream
      await Promise.all(events.map((event) => bus.publish(event)));
    });
  }

  /**
   * A fenced company's delivery waits, unapplied, until its fence lifts (ARCHITECTURE.md §9). Should
   * the fence have lifted meanwhile, it is pending again and the next claim takes it.
   */
  private async hold(delivery: ClaimedDelivery, companyId: number): Promise<void> {
    const held = await this.options.deliveries.hold(delivery.id, companyId);
    if (held) this.options.logger.info({ deliveryId: delivery.id, companyId }, 'Meta webhook held');
  }

  private async fail(delivery: ClaimedDelivery, err: unknown): Promise<void> {
    const { deliveries, logger, maxAttempts = 10 } = this.options;
    const retryIn =
      delivery.attempts >= maxAttempts
        ? null
        : Math.min(2 ** delivery.attempts * 1000, 15 * 60_000);
    logger.warn({ err, deliveryId: delivery.id, retryIn }, 'Meta webhook delivery failed');
    await deliveries.markFailed(delivery.id, String(err), retryIn);
  }

  /**
   * Reads one delivery: its messages tied to their connection and completed, its acks applied (an ack
   * applied twice, after a retry, changes nothing). Unknown accounts and unreadable parts are counted
   * as skipped.
   */
  private async prepare(
    delivery: ClaimedDelivery,
    fenced: Set<number>,
  ): Promise<PreparedDelivery | { heldFor: number }> {
    const { logger, deliveries, sink } = this.options;
    const { batches, issues } = normaliseMetaWebhook(delivery.payload);
    const connections = await Promise.all(
      batches.map((batch) => this.connectionOf(batch.channel, batch.accountId)),
    );
    // nothing of a fenced company's delivery is applied, not even its acks, until the fence lifts
    const fencedConnection = connections.find(
      (connection) => connection && fenced.has(connection.companyId),
    );
    if (fencedConnection) return { heldFor: fencedConnection.companyId };
    for (const issue of issues) {
      logger.warn({ deliveryId: delivery.id, issue }, 'skipped part of a Meta webhook');
    }
    const prepared: PreparedDelivery = { delivery, messages: [], skipped: issues.length };
    for (const [index, batch] of batches.entries()) {
      const connection = connections[index];
      if (!connection) {
        logger.warn(
          { deliveryId: delivery.id, channel: batch.channel, accountId: batch.accountId },
          'Meta webhook for an account no connection has',
        );
        prepared.skipped += 1;
        continue;
      }
      for (const message of batch.messages) {
        // a redelivery must not fetch media or profiles again (plain Cloud API texts need no look-up)
        const costly = message.media !== undefined || connection.channel !== 'whatsappapi';
        if (costly && (await deliveries.seen(connection.id, message.data.externalId))) continue;
        prepared.messages.push({
          deliveryId: delivery.id,
          connection,
          data: await this.complete(connection, message),
        });
      }
      for (const ack of batch.acks) {
        await sink.messageAck(connection.companyId, {
          connectionId: connection.id,
          externalId: ack.externalId,
          ack: ack.ack,
        });
      }
    }
    return prepared;
  }

  /** The event data: tied to the connection, media copied to storage, Messenger names looked up. */
  private async complete(
    connection: DriverConnection,
    message: InboundMessage,
  ): Promise<InboundMessageEventData> {
    const { media, logger } = this.options;
    const data: InboundMessageEventData = { ...message.data, connectionId: connection.id };
    if (message.media) {
      try {
        data.media = await media.fetchAndStore(
          connection.companyId,
          message.media,
          connection.credentials.accessToken ?? connection.credentials.pageAccessToken ?? '',
        );
      } catch (err) {
        // the message still reaches the ticket; the media is reported as lost
        logger.warn(
          { err, connectionId: connection.id, externalId: data.externalId },
          'could not fetch the media of a Meta message',
        );
        data.body ||= message.media.fileName;
      }
    }
    if (connection.channel !== 'whatsappapi' && !data.fromMe) {
      const profile = await this.profileOf(connection, data.peer.number);
      data.peer = {
        ...data.peer,
        ...(profile.name ? { name: profile.name } : {}),
        ...(profile.pictureUrl ? { pictureUrl: profile.pictureUrl } : {}),
      };
    }
    return data;
  }

  /** Connections by account, remembered for a few seconds (a burst of webhooks asks once). */
  private async connectionOf(channel: ChannelKind, accountId: string) {
    const key = `${channel}:${accountId}`;
    const cached = this.connections.get(key);
    if (cached && Date.now() - cached.at < ConnectionCacheMs) return cached.connection;
    const connection = await this.options.findConnection(channel, accountId);
    this.connections.set(key, { connection, at: Date.now() });
    if (this.connections.size > ProfileCacheSize) {
      this.connections.delete(this.connections.keys().next().value as string);
    }
    return connection;
  }

  /** Messenger webhooks carry only ids: names are looked up once an hour per person. */
  private async profileOf(connection: DriverConnection, id: string): Promise<PeerProfile> {
    const key = `${connection.id}:${id}`;
    const cached = this.profiles.get(key);
    if (cached && Date.now() - cached.at < HourMs) return cached.profile;
    const profile = await this.options.peerProfile(connection, id);
    this.profiles.delete(key);
    this.profiles.set(key, { profile, at: Date.now() });
    if (this.profiles.size > ProfileCacheSize) {
      this.profiles.delete(this.profiles.keys().next().value as string);
    }
    return profile;
  }
}
