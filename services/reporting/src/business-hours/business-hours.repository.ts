import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import type { EntityManager } from 'typeorm';
import type { WorkingDay } from '@sb/contracts';
import type { CompanyHours } from './business-hours.js';

/**
 * The SQL of the companies' and queues' hours. Each write keeps the newest announcement: a value
 * older than the one stored (its event came late) is ignored.
 */
@Injectable()
export class BusinessHoursRepository {
  constructor(private readonly transactions: Transactions) {}

  saveCompanyGrid(
    companyId: number,
    grid: WorkingDay[],
    at: string,
    manager: EntityManager,
  ): Promise<void> {
    return this.saveNewer(manager, companyId, 'schedules', JSON.stringify(grid), at);
  }

  saveScheduleType(
    companyId: number,
    scheduleType: string,
    at: string,
    manager: EntityManager,
  ): Promise<void> {
    return this.saveNewer(manager, companyId, 'schedule_type', scheduleType, at);
  }

  /**
   * One field of the company's hours with the time of its change (`<column>_at`): events may come out
   * of order, so an older change never overwrites a newer one.
   */
  private async saveNewer(
    manager: EntityManager,
    companyId: number,
    column: 'schedules' | 'schedule_type',
    value: string,
    at: string,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO company_hours (company_id, ${column}, ${column}_at) VALUES ($1, $2, $3)
       ON CONFLICT (company_id) DO UPDATE SET
         ${column} = EXCLUDED.${column}, ${column}_at = EXCLUDED.${column}_at
       WHERE company_hours.${column}_at IS NULL
          OR company_hours.${column}_at <= EXCLUDED.${column}_at`,
      [companyId, value, at],
    );
  }

  /** A queue's name and grid (null: its deletion, a tombstone a late update cannot undo). */
  async saveQueue(
    companyId: number,
    queueId: number,
    queue: { name: string; grid: WorkingDay[] } | null,
    at: string,
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO queue_hours (company_id, queue_id, name, schedules, deleted, version_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (company_id, queue_id) DO UPDATE SET
         name = CASE WHEN EXCLUDED.deleted THEN queue_hours.name ELSE EXCLUDED.name END,
         schedules = CASE WHEN EXCLUDED.deleted THEN queue_hours.schedules ELSE EXCLUDED.schedules END,
         deleted = queue_hours.deleted OR EXCLUDED.deleted,
         version_at = greatest(queue_hours.version_at, EXCLUDED.version_at)
       WHERE queue_hours.version_at <= EXCLUDED.version_at OR EXCLUDED.deleted`,
      [
        companyId,
        queueId,
        queue?.name ?? '',
        JSON.stringify(queue?.grid ?? []),
        queue === null,
        at,
      ],
    );
  }

  /**
   * The company's schedule type, its grid and its live queues' grids (none known: disabled, empty),
   * with the queues' names.
   */
  async hoursOf(companyId: number): Promise<CompanyHours & { queueNames: Map<number, string> }> {
    return this.transactions.read(companyId, async (manager) => {
      const [company]: { schedules: WorkingDay[]; schedule_type: string }[] = await manager.query(
        'SELECT schedules, schedule_type FROM company_hours WHERE company_id = $1',
        [companyId],
      );
      const queues: { queue_id: number; name: string; schedules: WorkingDay[] }[] =
        await manager.query(
          `SELECT queue_id, name, schedules FROM queue_hours
            WHERE company_id = $1 AND NOT deleted`,
          [companyId],
        );
      return {
        scheduleType: company?.schedule_type ?? 'disabled',
        company: company?.schedules ?? [],
        queues: new Map(queues.map((queue) => [queue.queue_id, queue.schedules])),
        queueNames: new Map(queues.map((queue) => [queue.queue_id, queue.name])),
      };
    });
  }
}
