import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** The external API's per-company, per-day counter (table api_usage). Every method takes companyId. */
@Injectable()
export class ApiUsageRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One more call of the company on that day (`YYYY-MM-DD`); answers the day's count. */
  async increment(
    companyId: number,
    day: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<number> {
    const rows = (await manager.query(
      `INSERT INTO api_usage (company_id, day, count) VALUES ($1, $2, 1)
       ON CONFLICT (company_id, day) DO UPDATE SET count = api_usage.count + 1, updated_at = now()
       RETURNING count`,
      [companyId, day],
    )) as { count: number }[];
    return Number(rows[0]?.count ?? 0);
  }
}
