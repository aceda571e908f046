import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  DomainEventTypes,
  eventSubject,
  type DomainEvent,
  type FiguresChangedEventData,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER } from '@sb/platform/nest';
import { randomUUID } from 'node:crypto';

/** A company's dashboards hear of its figures at most this often (issue 18: no refetch storms). */
const FiguresChangedIntervalMs = 1_000;

/**
 * Tells the dashboards that a company's figures changed, once the projection committed them: at once
 * when the company was quiet, else once at the end of its current second, however many batches came.
 * The gateway sends the event to the company's admins as `company-<id>-dashboard`.
 */
@Injectable()
export class FiguresChangedNotifier implements OnModuleDestroy {
  private readonly lastSentAt = new Map<number, number>();
  private readonly pending = new Map<number, NodeJS.Timeout>();

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The projection committed these events. */
  committed(events: DomainEvent[]): void {
    for (const companyId of new Set(events.map((event) => event.companyId))) {
      if (companyId <= 0 || this.pending.has(companyId)) continue;
      const wait = (this.lastSentAt.get(companyId) ?? 0) + FiguresChangedIntervalMs - Date.now();
      if (wait <= 0) {
        this.send(companyId);
        continue;
      }
      const timer = setTimeout(() => {
        this.pending.delete(companyId);
        this.send(companyId);
      }, wait);
      timer.unref();
      this.pending.set(companyId, timer);
    }
  }

  onModuleDestroy(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  private send(companyId: number): void {
    this.lastSentAt.set(companyId, Date.now());
    const { service, entity, action } = DomainEventTypes.reporting.figuresChanged;
    const event: DomainEvent<FiguresChangedEventData> = {
      id: randomUUID(),
      subject: eventSubject(companyId, service, entity, action),
      companyId,
      occurredAt: new Date().toISOString(),
      data: {},
    };
    // a lost notice leaves a dashboard behind until the next one: worth a warning, not a retry
    this.bus.publish(event).catch((err: unknown) => {
      this.logger.warn({ err, companyId }, 'could not tell the dashboards their figures changed');
    });
  }
}
