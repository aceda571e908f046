import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * The tickets that wait for an on-duty alert at the time parameter `now` (the rule of `waitsForAlert`;
 * served by tickets_on_duty_idx).
 */
const waiting = (now: string, t = '') => `${t}status = 'pending' AND ${t}is_group = false
  AND ${t}from_me = false AND (${t}next_notify_at IS NULL OR ${t}next_notify_at <= ${now}::timestamptz)`;

/** A ticket claimed for an alert: its id and its contact's name. */
export type ClaimedTicket = { id: number; contactName: string };

type ClaimRow = { id: number; contact_name: string | null };

/** TypeORM answers an UPDATE … RETURNING as [rows, affected count]. */
const returned = <T>(result: [T[], number] | T[]): T[] =>
  Array.isArray(result[0]) ? (result[0] as T[]) : (result as T[]);

/** The alerts' reads and claim. Every method but the company scan takes the companyId. */
@Injectable()
export class OnDutyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The companies with a ticket waiting for an alert at `now`. */
  async companiesWithWaiting(now: Date): Promise<number[]> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT company_id FROM tickets WHERE ${waiting('$1')}`,
      [now],
    )) as { company_id: number }[];
    return rows.map((row) => row.company_id);
  }

  /**
   * Takes up to `limit` of the company's waiting tickets by moving their next alert to `next`, in one
   * statement: rows another replica holds are skipped, and the condition is checked again on the locked
   * row, so a ticket is claimed once per alert time whatever the number of pollers. An answer or an
   * accept in between (from_me, status) wins: the ticket is not claimed.
   */
  async claim(companyId: number, now: Date, next: Date, limit: number): Promise<ClaimedTicket[]> {
    const result = (await this.dataSource.query(
      `UPDATE tickets t SET next_notify_at = $3
        WHERE t.id IN (
          SELECT id FROM tickets
           WHERE company_id = $1 AND ${waiting('$2')}
           ORDER BY id
           LIMIT $4
           FOR UPDATE SKIP LOCKED)
          AND t.company_id = $1 AND ${waiting('$2', 't.')}
        RETURNING t.id,
          (SELECT c.name FROM contacts c WHERE c.id = t.contact_id AND c.company_id = t.company_id)
            AS contact_name`,
      [companyId, now, next, limit],
    )) as [ClaimRow[], number] | ClaimRow[];
    return returned(result)
      .map((row) => ({ id: row.id, contactName: row.contact_name ?? '' }))
      .sort((a, b) => a.id - b.id);
  }
}
