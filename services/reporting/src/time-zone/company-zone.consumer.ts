import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import { Transactions } from '@sb/platform/db';
import { BUS } from '@sb/platform/nest';
import { consumeIdempotently } from '@sb/platform/outbox';
import { CompanyZoneService } from './company-zone.service.js';

/** Follows identity's company events for their time zone (one durable consumer, from the stream's start). */
@Injectable()
export class CompanyZoneConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: BusSubscription;

  constructor(
    private readonly transactions: Transactions,
    private readonly zones: CompanyZoneService,
    @Inject(BUS) private readonly bus: Bus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await consumeIdempotently({
      transactions: this.transactions,
      bus: this.bus,
      durable: 'reporting-company-zones',
      // one filter per consumer (NATS 2.9); deletions carry no zone and are skipped
      filter: 'evt.*.identity.company.*',
      handler: (event, manager) => this.zones.applyCompanyEvent(event, manager),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.unsubscribe();
  }
}
