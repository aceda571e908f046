import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import type { QueueInput, QueueSchedule } from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { findCompanyRow } from '../records/company-rows.repository.js';

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
    return this.transactions.read(
      companyId,
      (manager) =>
        manager.query(
          'SELECT * FROM queues WHERE company_id = $1 ORDER BY order_queue ASC NULLS LAST, id ASC',
          [companyId],
        ),
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

  async find(companyId: number, id: number, within?: EntityManager): Promise<QueueRow | undefined> {
    return this.transactions.read(
      companyId,
      (manager) => findCompanyRow('queues', companyId, id, manager),
      within,
    );
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

  async insert(companyId: number, fields: QueueFields, manager: EntityManager): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO queues (company_id, name, color, greeting_message, out_of_hours_message, order_queue,
         tempo_roteador, ativar_roteador, integration_id, file_list_id, close_ticket, prompt_id, schedules)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [companyId, ...this.values(fields)],
    );
    return rows[0]!.id;
  }

  async update(
    companyId: number,
    id: number,
    fields: QueueFields,
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `UPDATE queues SET name = $3, color = $4, greeting_message = $5, out_of_hours_message = $6,
         order_queue = $7, tempo_roteador = $8, ativar_roteador = $9, integration_id = $10,
         file_list_id = $11, close_ticket = $12, prompt_id = $13, schedules = $14, updated_at = now()
       WHERE company_id = $1 AND id = $2`,
      [companyId, id, ...this.values(fields)],
    );
  }

  async delete(companyId: number, id: number, manager: EntityManager): Promise<boolean> {
    const [, affected] = (await manager.query(
      'DELETE FROM queues WHERE company_id = $1 AND id = $2',
      [companyId, id],
    )) as [unknown, number];
    return affected > 0;
  }

  private values(fields: QueueFields): unknown[] {
    return [
      fields.name,
      fields.color,
      fields.greetingMessage,
      fields.outOfHoursMessage,
      fields.orderQueue,
      fields.tempoRoteador,
      fields.ativarRoteador,
      fields.integrationId,
      fields.fileListId,
      fields.closeTicket,
      fields.promptId,
      JSON.stringify(fields.schedules),
    ];
  }
}
