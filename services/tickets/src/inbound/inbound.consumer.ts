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
import { consumeIdempotently } from '@sb/platform/outbox';
import { DataSource } from 'typeorm';
import { InboundService } from './inbound.service.js';

const received = DomainEventTypes.connectors.messageReceived;
const presence = DomainEventTypes.connectors.presenceUpdated;

/** Parallel handlers of one instance (TICKETS_INBOUND_CONCURRENCY): one person's messages still serialise. */
export const inboundConcurrency = (env: Record<string, string | undefined>): number => {
  const value = Number(env.TICKETS_INBOUND_CONCURRENCY ?? 4);
  return Number.isInteger(value) && value >= 1 && value <= 64 ? value : 4;
};

/**
 * The durable consumers of the inbound flow: every `connectors.message.received` is applied once (the
 * processed-event row commits with the message), and `connectors.presence.updated` refreshes the
 * ticket's typing indicator. Several handlers share the durable, so one slow message does not hold
 * up other contacts.
 */
@Injectable()
export class InboundConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly subscriptions: BusSubscription[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly service: InboundService,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(ENV) private readonly env: Record<string, string | undefined>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (let i = 0; i < inboundConcurrency(this.env); i += 1) {
      this.subscriptions.push(
        await consumeIdempotently<InboundMessageEventData>({
          dataSource: this.dataSource,
          bus: this.bus,
          durable: 'tickets-inbound-messages',
          filter: eventSubject(
            '*' as unknown as number,
            received.service,
            received.entity,
            received.action,
          ),
          handler: (event, manager) => this.service.receive(event, manager),
        }),
      );
    }
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
            await this.service.presence(event, this.dataSource.manager);
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
