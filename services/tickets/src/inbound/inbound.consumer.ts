import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  DomainEventTypes,
  eventSubject,
  type InboundMessageEventData,
  type PresenceEventData,
} from '@sb/contracts';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { BUS, ENV, LOGGER } from '@sb/platform/nest';
import { consumeIdempotentlyInBatches } from '@sb/platform/outbox';
import { Transactions } from '@sb/platform/db';
import { InboundService } from './inbound.service.js';

const received = DomainEventTypes.connectors.messageReceived;
const presence = DomainEventTypes.connectors.presenceUpdated;

/**
 * Transactions one instance runs at once (TICKETS_INBOUND_PARALLEL, default 3), each applying the
 * messages that arrived meanwhile, up to TICKETS_INBOUND_BATCH (default 200).
 */
export const inboundBatching = (
  env: Record<string, string | undefined>,
): { parallel: number; batchSize: number } => {
  const read = (value: string | undefined, fallback: number, max: number) => {
    const number = Number(value ?? fallback);
    return Number.isInteger(number) && number >= 1 && number <= max ? number : fallback;
  };
  return {
    parallel: read(env.TICKETS_INBOUND_PARALLEL, 3, 16),
    batchSize: read(env.TICKETS_INBOUND_BATCH, 200, 1000),
  };
};

/**
 * The durable consumers of the inbound flow: every `connectors.message.received` is applied once (the
 * processed-event row commits with the message), the messages of a burst in batches, and
 * `connectors.presence.updated` refreshes the ticket's typing indicator.
 */
@Injectable()
export class InboundConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly subscriptions: BusSubscription[] = [];

  constructor(
    private readonly transactions: Transactions,
    private readonly service: InboundService,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(ENV) private readonly env: Record<string, string | undefined>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions.push(
      await consumeIdempotentlyInBatches<InboundMessageEventData>({
        transactions: this.transactions,
        bus: this.bus,
        feeds: [
          {
            durable: 'tickets-inbound-messages',
            filter: eventSubject(
              '*' as unknown as number,
              received.service,
              received.entity,
              received.action,
            ),
          },
        ],
        ...inboundBatching(this.env),
        handler: (events, manager) => this.service.receive(events, manager),
      }),
    );
    // a typing indicator is live only: applied at most once per delivery, no processed-event row
    this.subscriptions.push(
      await this.bus.consume<PresenceEventData>({
        durable: 'tickets-inbound-presence',
        filter: eventSubject(
          '*' as unknown as number,
          presence.service,
          presence.entity,
          presence.action,
        ),
        maxDeliver: 1,
        handler: async (event) => {
          try {
            await this.service.presence(event, this.transactions.manager);
          } catch (err) {
            this.logger.warn({ err, companyId: event.companyId }, 'presence update failed');
          }
        },
      }),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((s) => s.unsubscribe()));
  }
}
