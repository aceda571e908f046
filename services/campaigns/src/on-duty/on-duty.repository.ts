import { Injectable } from '@nestjs/common';
import {
  Transactions,
  deleteCompanyRow,
  readCompanyRow,
  insertCompanyRow,
  updateCompanyRow,
} from '@sb/platform/db';
import type { EntityManager } from 'typeorm';
import type { OnDutyRow, OnDutyWrite } from './on-duty.entity.js';

/** TypeORM answers a DELETE … RETURNING as [rows, affected count]. */
const returnedIds = (result: { id: number }[] | [{ id: number }[], number]): number[] =>
  (Array.isArray(result[0]) ? (result[0] as { id: number }[]) : (result as { id: number }[])).map(
    (row) => row.id,
  );

/** The plantao table. Every method takes the companyId of the data it reads or writes. */
@Injectable()
export class OnDutyRepository {
  constructor(private readonly transactions: Transactions) {}

  /** Every entry of the company, oldest first (the list is short: a few people per company). */
  list(companyId: number, within?: EntityManager): Promise<OnDutyRow[]> {
    return this.transactions.query(
      companyId,
      'SELECT * FROM plantao WHERE company_id = $1 ORDER BY id',
      [companyId],
      within,
    );
  }

  /** One entry of the company; `lock` takes the row for the rest of the transaction. */
  find(
    companyId: number,
    id: number,
    within?: EntityManager,
    lock = false,
  ): Promise<OnDutyRow | undefined> {
    return readCompanyRow(this.transactions, 'plantao', companyId, id, within, lock);
  }

  insert(manager: EntityManager, companyId: number, write: OnDutyWrite): Promise<number> {
    return insertCompanyRow(manager, 'plantao', companyId, columns(write));
  }

  update(manager: EntityManager, companyId: number, id: number, write: OnDutyWrite): Promise<void> {
    return updateCompanyRow(manager, 'plantao', companyId, id, columns(write));
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await deleteCompanyRow(manager, 'plantao', companyId, id);
  }

  /** Removes the company's entries of a user (all of them without `userId`); answers their ids. */
  async deleteStaff(manager: EntityManager, companyId: number, userId?: number): Promise<number[]> {
    const rows: { id: number }[] =
      userId === undefined
        ? await manager.query('DELETE FROM plantao WHERE company_id = $1 RETURNING id', [companyId])
        : await manager.query(
            'DELETE FROM plantao WHERE company_id = $1 AND user_id = $2 RETURNING id',
            [companyId, userId],
          );
    return returnedIds(rows).sort((a, b) => a - b);
  }
}

const columns = (write: OnDutyWrite) => ({
  user_id: write.userId,
  user_name: write.userName,
  phone: write.phone,
  interval_minutes: write.interval,
  days: JSON.stringify(write.days),
});
