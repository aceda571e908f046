import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import type { EntityManager } from 'typeorm';
import { factOf, type FactRow } from '../projection/projection.repository.js';
import type { TicketFact } from '../projection/ticket-fact-rules.js';

/** The SQL of the companies' own time zones and of re-reading a company's facts in a new zone. */
@Injectable()
export class CompanyZoneRepository {
  /** also the consumer's: its transactions record each event with the zone it applied */
  constructor(private readonly transactions: Transactions) {}

  /** The company's own zone as identity announced it (null: none yet). */
  async zoneOf(companyId: number): Promise<string | null> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: { time_zone: string }[] = await manager.query(
        `SELECT time_zone FROM company_zone WHERE company_id = $1`,
        [companyId],
      );
      return rows[0]?.time_zone ?? null;
    });
  }

  /**
   * The companies' own zones (absent: none yet), read FOR SHARE in the projection's transaction, in
   * company order, with one statement: a zone change (FOR UPDATE) waits for the projection's batch
   * and the other way round.
   */
  async lockZones(companyIds: number[], manager: EntityManager): Promise<Map<number, string>> {
    const rows: { company_id: number; time_zone: string }[] = await manager.query(
      `SELECT company_id, time_zone FROM company_zone WHERE company_id = ANY($1::int[])
        ORDER BY company_id FOR SHARE`,
      [companyIds],
    );
    return new Map(rows.map((row) => [row.company_id, row.time_zone]));
  }

  /**
   * Stores the company's zone unless a newer announcement was applied; answers the zone stored before
   * (null: none), or undefined when this announcement is older and was ignored.
   */
  async saveZone(
    companyId: number,
    zone: string,
    versionAt: string,
    manager: EntityManager,
  ): Promise<{ before: string | null } | undefined> {
    const rows: { before: string | null }[] = await manager.query(
      `WITH old AS (SELECT time_zone FROM company_zone WHERE company_id = $1 FOR UPDATE)
       INSERT INTO company_zone (company_id, time_zone, version_at) VALUES ($1, $2, $3)
       ON CONFLICT (company_id) DO UPDATE SET
         time_zone = EXCLUDED.time_zone, version_at = EXCLUDED.version_at
       WHERE company_zone.version_at <= EXCLUDED.version_at
       RETURNING (SELECT time_zone FROM old) AS before`,
      [companyId, zone, versionAt],
    );
    return rows[0] ? { before: rows[0].before } : undefined;
  }

  /** The company's facts (deleted ones count nowhere), to count them again in another zone. */
  async facts(companyId: number, manager: EntityManager): Promise<TicketFact[]> {
    const rows: FactRow[] = await manager.query(
      'SELECT * FROM ticket_fact WHERE company_id = $1 AND NOT deleted',
      [companyId],
    );
    return rows.map(factOf);
  }

  async clearRollups(companyId: number, manager: EntityManager): Promise<void> {
    await manager.query('DELETE FROM daily_rollup WHERE company_id = $1', [companyId]);
  }
}
