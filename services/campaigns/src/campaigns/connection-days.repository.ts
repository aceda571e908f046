import { Injectable } from '@nestjs/common';
import { TablesRepository } from '../company-row.repository.js';

/** Campaign sends per connection and company day (campaign_connection_days). */
@Injectable()
export class ConnectionDaysRepository extends TablesRepository {
  /**
   * Counts one send on the connection's day unless `cap` sends were counted already; answers whether
   * it was counted. One statement, so two workers never pass the cap together.
   */
  async take(companyId: number, whatsappId: number, day: string, cap: number | null) {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO campaign_connection_days AS d (company_id, whatsapp_id, day, sent)
       VALUES ($1, $2, $3, 1)
       ON CONFLICT (company_id, whatsapp_id, day) DO UPDATE SET sent = d.sent + 1
        WHERE $4::int IS NULL OR d.sent < $4::int
       RETURNING d.sent`,
      [companyId, whatsappId, day, cap],
    );
    return rows.length > 0;
  }

  /** The connection's first campaign day (`YYYY-MM-DD`), null before its first send. */
  async firstDay(companyId: number, whatsappId: number): Promise<string | null> {
    const rows: { first: string | null }[] = await this.dataSource.query(
      `SELECT to_char(min(day), 'YYYY-MM-DD') AS first FROM campaign_connection_days
        WHERE company_id = $1 AND whatsapp_id = $2`,
      [companyId, whatsappId],
    );
    return rows[0]?.first ?? null;
  }
}
