import { Injectable } from '@nestjs/common';
import {
  Transactions,
  deleteCompanyRow,
  readCompanyRow,
  insertCompanyRow,
  updateCompanyRow,
} from '@sb/platform/db';
import type { QueueInput, QueueSchedule } from '@sb/contracts';
import type { EntityManager } from 'typeorm';

/** A `queues` row as read with plain SQL. */
export type QueueRow = {
  id: number;
  company_id: number;
  name: string;
  color: string;
  greeting_message: string;
  out_of_hours_message: string;
  order_queue: number | null;
  tempo_roteador: number;
  ativar_roteador: boolean;
  integration_id: number | null;
  file_list_id: number | null;
  close_ticket: boolean;
  prompt_id: number | null;
  schedules: QueueSchedule[];
  created_at: Date;
  updated_at: Date;
};

type QueueFields = Omit<QueueInput, 'chatbots'>;

@Injectable()
export class QueuesRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The company's queues in menu order (orderQueue first, then id). */
  list(companyId: number, within?: EntityManager): Promise<QueueRow[]> {
    return this.transactions.query(
      companyId,
      'SELECT * FROM queues WHERE company_id = $1 ORDER BY order_queue ASC NULLS LAST, id ASC',
      [companyId],
      within,
    );
  }

  /** How many queues each of these companies has (the super's companies screen): unscoped. */
  async countByCompanies(companyIds: number[]): Promise<Map<number, number>> {
    if (companyIds.length === 0) return new Map();
    const rows: { company_id: number; count: number }[] = await this.transactions.manager.query(
      'SELECT company_id, count(*)::int AS count FROM queues WHERE company_id = ANY($1::int[]) GROUP BY company_id',
      [companyIds],
    );
    return new Map(rows.map((row) => [Number(row.company_id), Number(row.count)]));
  }

  find(companyId: number, id: number, within?: EntityManager): Promise<QueueRow | undefined> {
    return readCompanyRow(this.transactions, 'queues', companyId, id, within);
  }

  /** Serialises a company's queue writes (plan count and uniqueness checks) until the transaction ends. */
  async lockCompanyQueues(companyId: number, manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [
      'tickets.queues',
      companyId,
    ]);
  }

  async count(companyId: number, manager: EntityManager): Promise<number> {
    const rows: { n: number }[] = await manager.query(
      'SELECT count(*)::int AS n FROM queues WHERE company_id = $1',
      [companyId],
    );
    return rows[0]!.n;
  }

  /** Which of name / colour another queue of the company already uses. */
  async clash(
    companyId: number,
    fields: { name: string; color: string },
    exceptId: number,
    manager: EntityManager,
  ): Promise<{ name: boolean; color: boolean }> {
    const rows: { name: boolean; color: boolean }[] = await manager.query(
      `SELECT coalesce(bool_or(lower(name) = lower($2)), false) AS name,
              coalesce(bool_or(lower(color) = lower($3)), false) AS color
       FROM queues WHERE company_id = $1 AND id <> $4`,
      [companyId, fields.name, fields.color, exceptId],
    );
    return rows[0]!;
  }

  insert(companyId: number, fields: QueueFields, manager: EntityManager): Promise<number> {
    return insertCompanyRow(manager, 'queues', companyId, columns(fields));
  }

  update(
    companyId: number,
    id: number,
    fields: QueueFields,
    manager: EntityManager,
  ): Promise<void> {
    return updateCompanyRow(manager, 'queues', companyId, id, columns(fields));
  }

  delete(companyId: number, id: number, manager: EntityManager): Promise<boolean> {
    return deleteCompanyRow(manager, 'queues', companyId, id);
  }
}

const columns = (fields: QueueFields) => ({
  name: fields.name,
  color: fields.color,
  greeting_message: fields.greetingMessage,
  out_of_hours_message: fields.outOfHoursMessage,
  order_queue: fields.orderQueue,
  tempo_roteador: fields.tempoRoteador,
  ativar_roteador: fields.ativarRoteador,
  integration_id: fields.integrationId,
  file_list_id: fields.fileListId,
  close_ticket: fields.closeTicket,
  prompt_id: fields.promptId,
  schedules: JSON.stringify(fields.schedules),
});
