import { Injectable } from '@nestjs/common';
import { Transactions, containsPattern, unlinkCompanyRows } from '@sb/platform/db';
import type { EntityManager } from 'typeorm';
import { QueueIntegrationRow } from './queue-integration.entity.js';

/** The stored columns a save writes (jsonContent already sealed). */
export type QueueIntegrationFields = Omit<
  QueueIntegrationRow,
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>;

/** All SQL of queue integrations; every method is scoped by the caller's company. */
@Injectable()
export class QueueIntegrationsRepository {
  constructor(private readonly transactions: Transactions) {}

  /** A page by name (case-insensitive search), with the number of matches. */
  async page(
    companyId: number,
    search: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: QueueIntegrationRow[]; count: number }> {
    return this.transactions.read(companyId, async (manager) => {
      const query = manager
        .getRepository(QueueIntegrationRow)
        .createQueryBuilder('i')
        .where('i.company_id = :companyId', { companyId });
      if (search) {
        query.andWhere(`i.name ILIKE :pattern ESCAPE '\\'`, { pattern: containsPattern(search) });
      }
      const [rows, count] = await query
        .orderBy('lower(i.name)', 'ASC')
        .addOrderBy('i.id', 'ASC')
        .offset(offset)
        .limit(limit)
        .getManyAndCount();
      return { rows, count };
    });
  }

  find(companyId: number, id: number, within?: EntityManager): Promise<QueueIntegrationRow | null> {
    return this.transactions.read(
      companyId,
      (manager) => manager.getRepository(QueueIntegrationRow).findOneBy({ companyId, id }),
      within,
    );
  }

  /** Whether another integration of the company has this name (case-insensitive). */
  async nameTaken(
    companyId: number,
    name: string,
    exceptId: number | null,
    manager: EntityManager,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM queue_integrations
       WHERE company_id = $1 AND lower(name) = lower($2) AND ($3::int IS NULL OR id <> $3) LIMIT 1`,
      [companyId, name, exceptId],
    );
    return rows.length > 0;
  }

  async insert(
    companyId: number,
    fields: QueueIntegrationFields,
    manager: EntityManager,
  ): Promise<number> {
    const saved = await manager
      .getRepository(QueueIntegrationRow)
      .save(manager.getRepository(QueueIntegrationRow).create({ ...fields, companyId }));
    return saved.id;
  }

  async update(
    companyId: number,
    id: number,
    fields: QueueIntegrationFields,
    manager: EntityManager,
  ): Promise<void> {
    await manager.getRepository(QueueIntegrationRow).update({ companyId, id }, fields);
  }

  /** Deletes one and unlinks it from the company's queues and chatbot options. */
  async delete(companyId: number, id: number, manager: EntityManager): Promise<void> {
    await unlinkCompanyRows(manager, 'queues', 'integration_id', companyId, id);
    await unlinkCompanyRows(manager, 'chatbots', 'opt_integration_id', companyId, id);
    await manager.getRepository(QueueIntegrationRow).delete({ companyId, id });
  }
}
