import { Injectable } from '@nestjs/common';
import type {
  CompanyEventData,
  DomainEvent,
  QueueDeletedEventData,
  QueueEventData,
  SettingsUpdatedEventData,
} from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import type { CompanyHours } from './business-hours.js';
import { BusinessHoursRepository } from './business-hours.repository.js';

/** The event's `<entity>.<action>` (the subject without `evt.<companyId>.<service>.`). */
const actionOf = (event: DomainEvent) => event.subject.split('.').slice(-2).join('.');

/**
 * The hours business-hour figures are counted in, kept from the owners' events: the company's grid
 * (identity's company events), its schedule type (identity's settings events) and each queue's grid
 * (tickets' queue events).
 */
@Injectable()
export class BusinessHoursService {
  constructor(private readonly repository: BusinessHoursRepository) {}

  hoursOf(companyId: number): Promise<CompanyHours & { queueNames: Map<number, string> }> {
    return this.repository.hoursOf(companyId);
  }

  /** identity.company.created / updated: the company's grid (a deletion carries none). */
  async applyCompanyEvent(event: DomainEvent, manager: EntityManager): Promise<void> {
    const { company } = event.data as Partial<CompanyEventData>;
    if (!company || company.id !== event.companyId || !Array.isArray(company.schedules)) return;
    await this.repository.saveCompanyGrid(
      event.companyId,
      company.schedules,
      event.occurredAt,
      manager,
    );
  }

  /** identity.settings.updated: only the company's schedule type matters here. */
  async applySettingEvent(event: DomainEvent, manager: EntityManager): Promise<void> {
    const { key, value, scope } = event.data as SettingsUpdatedEventData;
    if (key !== 'scheduleType' || scope !== 'company' || event.companyId <= 0) return;
    await this.repository.saveScheduleType(event.companyId, value, event.occurredAt, manager);
  }

  /** tickets.queue.created / updated / deleted: the queue's name and grid, or its tombstone. */
  async applyQueueEvent(event: DomainEvent, manager: EntityManager): Promise<void> {
    const companyId = event.companyId;
    if (actionOf(event) === 'queue.deleted') {
      const { queueId } = event.data as QueueDeletedEventData;
      await this.repository.saveQueue(companyId, queueId, null, event.occurredAt, manager);
      return;
    }
    const { queue } = event.data as QueueEventData;
    if (!queue) return;
    await this.repository.saveQueue(
      companyId,
      queue.id,
      { name: queue.name, grid: queue.schedules ?? [] },
      event.occurredAt,
      manager,
    );
  }
}
