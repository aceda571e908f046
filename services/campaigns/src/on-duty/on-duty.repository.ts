import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import type { EntityManager } from 'typeorm';
import { findCompanyRow } from '../company-row.repository.js';
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
    return this.transactions.read(
      companyId,
      (manager) =>
        manager.query('SELECT * FROM plantao WHERE company_id = $1 ORDER BY id', [companyId]),
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
    return this.transactions.read(
      companyId,
      (manager) => findCompanyRow(manager, 'plantao', companyId, id, lock),
      within,
    );
  }

  async insert(manager: EntityManager, companyId: number, write: OnDutyWrite): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO plantao (company_id, user_id, user_name, phone, interval_minutes, days)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id`,
      [
        companyId,
        write.userId,
        write.userName,
        write.phone,
        write.interval,
        JSON.stringify(write.days),
      ],
    );
    return rows[0]!.id;
  }

  async update(
    manager: EntityManager,
    companyId: number,
    id: number,
    write: OnDutyWrite,
  ): Promise<void> {
    await manager.query(
      `UPDATE plantao
          SET user_id = $3, user_name = $4, phone = $5, interval_minutes = $6, days = $7::jsonb,
              updated_at = now()
        WHERE company_id = $1 AND id = $2`,
      [
        companyId,
        id,
        write.userId,
        write.userName,
        write.phone,
        write.interval,
        JSON.stringify(write.days),
      ],
    );
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await manager.query('DELETE FROM plantao WHERE company_id = $1 AND id = $2', [companyId, id]);
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
