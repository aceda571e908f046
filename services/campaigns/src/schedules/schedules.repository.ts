import { Injectable } from '@nestjs/common';
import {
  Transactions,
  containsPattern,
  deleteCompanyRow,
  readCompanyRow,
  insertCompanyRow,
  readCompanyPage,
  updateCompanyRow,
} from '@sb/platform/db';
import type { ScheduleStatus } from '@sb/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export type ScheduleRow = {
  id: number;
  company_id: number;
  user_id: number;
  user_name: string;
  contact_id: number;
  contact_name: string;
  contact_number: string;
  ticket_id: number | null;
  body: string;
  send_at: Date;
  sent_at: Date | null;
  status: ScheduleStatus;
  error: string | null;
  due_at: Date;
  locked_until: Date | null;
  attempts: number;
  sent_ticket_id: number | null;
  created_at: Date;
  updated_at: Date;
};

export type ScheduleWrite = {
  userId: number;
  userName: string;
  contactId: number;
  contactName: string;
  contactNumber: string;
  ticketId: number | null;
  body: string;
  sendAt: Date;
};

export type ScheduleFilter = {
  /** only this user's schedules (an agent's list); null for the whole company (an admin's) */
  ownerId: number | null;
  search: string;
  contactId?: number | undefined;
};

/** TypeORM answers an UPDATE … RETURNING as [rows, affected count]. */
const returned = <T>(result: [T[], number] | T[]): T[] =>
  Array.isArray(result[0]) ? (result[0] as T[]) : (result as T[]);

/** The schedules table. Every method of a company's data takes its companyId; the sender's claim
 * alone spans companies, and each claimed row carries its own. */
@Injectable()
export class SchedulesRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  /** A page of the schedules the filter allows, newest first. */
  async page(
    companyId: number,
    filter: ScheduleFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: ScheduleRow[]; hasMore: boolean }> {
    return readCompanyPage(
      this.transactions,
      companyId,
      `SELECT * FROM schedules
        WHERE company_id = $1
          AND ($2::integer IS NULL OR user_id = $2)
          AND ($3::integer IS NULL OR contact_id = $3)
          AND ($4 = '' OR contact_name ILIKE $5 OR contact_number ILIKE $5 OR body ILIKE $5)
        ORDER BY id DESC`,
      [
        companyId,
        filter.ownerId,
        filter.contactId ?? null,
        filter.search,
        containsPattern(filter.search),
      ],
      { offset, limit },
    );
  }

  /** One schedule of the company; `lock` takes the row for the rest of the transaction. */
  find(
    companyId: number,
    id: number,
    within?: EntityManager,
    lock = false,
  ): Promise<ScheduleRow | undefined> {
    return readCompanyRow(this.transactions, 'schedules', companyId, id, within, lock);
  }

  insert(manager: EntityManager, companyId: number, write: ScheduleWrite): Promise<number> {
    return insertCompanyRow(manager, 'schedules', companyId, {
      user_id: write.userId,
      user_name: write.userName,
      ...sendColumns(write),
    });
  }

  /** A new text, contact or time: due again at the new time, with a fresh count of attempts. */
  update(
    manager: EntityManager,
    companyId: number,
    id: number,
    write: Omit<ScheduleWrite, 'userId' | 'userName'>,
  ): Promise<void> {
    return updateCompanyRow(manager, 'schedules', companyId, id, {
      ...sendColumns(write),
      attempts: 0,
      error: null,
    });
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await deleteCompanyRow(manager, 'schedules', companyId, id);
  }

  /**
   * Takes up to `limit` due schedules of any company for `leaseMs` (the rule of `isDue`): a concurrent
   * sender skips the rows taken (`SKIP LOCKED`) and, once committed, sees them held until the lease
   * runs out. A sender that dies mid-way only delays its rows by the lease.
   */
  async claimDue(limit: number, leaseMs: number): Promise<ScheduleRow[]> {
    const result: [ScheduleRow[], number] | ScheduleRow[] = await this.dataSource.query(
      `UPDATE schedules s
          SET locked_until = now() + ($2 * interval '1 millisecond'), attempts = s.attempts + 1
        WHERE s.id IN (
          SELECT id FROM schedules
           WHERE status = 'PENDENTE' AND due_at <= now()
             AND (locked_until IS NULL OR locked_until <= now())
             -- a fenced company's schedules wait for the fence to lift (ARCHITECTURE.md §9)
             AND NOT EXISTS (SELECT 1 FROM fenced_companies f WHERE f.id = schedules.company_id)
           ORDER BY due_at, id
           LIMIT $1
           FOR UPDATE SKIP LOCKED)
        RETURNING s.*`,
      [limit, leaseMs],
    );
    return returned(result).sort((a, b) => a.due_at.getTime() - b.due_at.getTime() || a.id - b.id);
  }

  /** ENVIADA, if still the waiting schedule the sender claimed (an edit or a delete may have won). */
  async markSent(
    manager: EntityManager,
    companyId: number,
    id: number,
    ticketId: number,
  ): Promise<ScheduleRow | undefined> {
    const result: [ScheduleRow[], number] | ScheduleRow[] = await manager.query(
      `UPDATE schedules
          SET status = 'ENVIADA', sent_at = now(), sent_ticket_id = $3, error = NULL,
              locked_until = NULL, updated_at = now()
        WHERE company_id = $1 AND id = $2 AND status = 'PENDENTE'
        RETURNING *`,
      [companyId, id, ticketId],
    );
    return returned(result)[0];
  }

  /** ERRO with the refusal's code (and the ticket it is stored on, when the channel refused it). */
  async markFailed(
    manager: EntityManager,
    companyId: number,
    id: number,
    error: string,
    ticketId: number | null = null,
  ): Promise<ScheduleRow | undefined> {
    const result: [ScheduleRow[], number] | ScheduleRow[] = await manager.query(
      `UPDATE schedules
          SET status = 'ERRO', error = $3, sent_ticket_id = $4, locked_until = NULL,
              updated_at = now()
        WHERE company_id = $1 AND id = $2 AND status = 'PENDENTE'
        RETURNING *`,
      [companyId, id, error, ticketId],
    );
    return returned(result)[0];
  }

  /** Still waiting: due again in `retryInMs`, the last failure kept for the record. */
  async retryLater(companyId: number, id: number, error: string, retryInMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE schedules
          SET due_at = now() + ($4 * interval '1 millisecond'), locked_until = NULL, error = $3
        WHERE company_id = $1 AND id = $2 AND status = 'PENDENTE'`,
      [companyId, id, error, retryInMs],
    );
  }
}

/** What a schedule sends, and when: due at its send time. */
const sendColumns = (write: Omit<ScheduleWrite, 'userId' | 'userName'>) => ({
  contact_id: write.contactId,
  contact_name: write.contactName,
  contact_number: write.contactNumber,
  ticket_id: write.ticketId,
  body: write.body,
  send_at: write.sendAt,
  due_at: write.sendAt,
});
