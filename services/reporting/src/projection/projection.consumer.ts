import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { DomainEvent } from '@sb/contracts';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import { BUS } from '@sb/platform/nest';
import { consumeIdempotentlyInBatches } from '@sb/platform/outbox';
import { Transactions } from '@sb/platform/db';
import { FiguresChangedNotifier } from './figures-changed.notifier.js';
import { ProjectionRepository } from './projection.repository.js';
import { ProjectionService } from './projection.service.js';

/**
 * The streams the projections follow, one durable consumer each (NATS 2.9 takes one filter per
 * consumer). Each event is applied once per event id (processed_event); the events that arrive
 * while a batch is applied go together in the next transaction, whichever feed brought them, so the
 * projection keeps up with hundreds of messages a second.
 */
export const ProjectionFeeds = [
  { name: 'tickets', filter: 'evt.*.tickets.ticket.*' },
  { name: 'messages', filter: 'evt.*.tickets.message.created' },
  { name: 'users', filter: 'evt.*.identity.user.*' },
] as const;

/** The ticket (or user) an event changes, as the number that picks its lane. */
export function laneOfEvent(event: DomainEvent): number {
  const data = event.data as
    | { ticket?: { id?: number }; ticketId?: number; user?: { id?: number }; userId?: number }
    | undefined;
  return data?.ticket?.id ?? data?.ticketId ?? data?.user?.id ?? data?.userId ?? 0;
}

/** Durable names of a generation: a rebuild starts new consumers, which replay the stream from its start. */
export const durablePrefix = (generation: number) => `reporting-g${generation}-`;

@Injectable()
export class ProjectionConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private subscriptions: BusSubscription[] = [];
  generation = 0;

  constructor(
    private readonly transactions: Transactions,
    private readonly repository: ProjectionRepository,
    private readonly projection: ProjectionService,
    private readonly figures: FiguresChangedNotifier,
    @Inject(BUS) private readonly bus: Bus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.start(await this.repository.generation(this.transactions.manager));
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  async start(generation: number): Promise<void> {
    this.generation = generation;
    this.subscriptions.push(
      await consumeIdempotentlyInBatches({
        transactions: this.transactions,
        bus: this.bus,
        feeds: ProjectionFeeds.map((feed) => ({
          durable: `${durablePrefix(generation)}${feed.name}`,
          filter: feed.filter,
        })),
        // a ticket's events (its updates and its messages, from two feeds) always go to the same
        // transaction lane, so two batches never wait for each other on a ticket's facts
        laneOf: laneOfEvent,
        handler: (events, manager) => this.projection.applyAll(events, manager),
        // the dashboards refetch once the change is readable, not when the ticket event went out
        committed: (events) => this.figures.committed(events),
      }),
    );
  }

  async stop(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((s) => s.unsubscribe()));
  }
}
