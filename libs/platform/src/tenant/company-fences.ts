import { Injectable } from '@nestjs/common';
import { DomainEventTypes, type CompanyFenceEventData, type DomainEvent } from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { Transactions } from '../db/transactions.js';

const { companyFenced, companyUnfenced } = DomainEventTypes.identity;

/** Which fence event this is: `identity.company.fenced` or `.unfenced` (undefined for the others). */
export const fenceActionOf = (subject: string): 'fenced' | 'unfenced' | undefined => {
  if (subject.endsWith(`.identity.company.${companyFenced.action}`)) return 'fenced';
  if (subject.endsWith(`.identity.company.${companyUnfenced.action}`)) return 'unfenced';
  return undefined;
};

/**
 * The durable feed of identity's fence events for one service: one subject (NATS before 2.10 takes a
 * single filter); `fenceActionOf` picks the two.
 */
export const companyFenceFeed = (service: string) => ({
  durable: `${service}-company-fence`,
  filter: 'evt.*.identity.company.*',
});

/**
 * `fenced_companies`: a service's copy of identity's fences (ARCHITECTURE.md §9), in its database so
 * every replica agrees. Its pollers leave a fenced company out and its claims skip the company's rows
 * (each service's migration says which); the row's key is the company, and it never travels in a bundle.
 */
@Injectable()
export class CompanyFences {
  constructor(private readonly transactions: Transactions) {}

  /** Records or lifts a fence from identity's event, in the transaction that marks it processed. */
  async apply(event: DomainEvent<CompanyFenceEventData>, manager: EntityManager): Promise<void> {
    const { companyId, operationId } = event.data;
    const action = fenceActionOf(event.subject);
    if (action === 'fenced') await this.fence(manager, companyId, operationId);
    else if (action === 'unfenced') await this.unfence(manager, companyId, operationId);
  }

  async fence(manager: EntityManager, companyId: number, operationId: string): Promise<void> {
    await manager.query(
      `INSERT INTO fenced_companies (id, operation_id) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`,
      [companyId, operationId],
    );
  }

  /** Lifts the fence of this operation (another operation's stays). */
  async unfence(manager: EntityManager, companyId: number, operationId: string): Promise<void> {
    await manager.query(`DELETE FROM fenced_companies WHERE id = $1 AND operation_id = $2`, [
      companyId,
      operationId,
    ]);
  }

  /** The companies fenced now. */
  async fencedIds(): Promise<Set<number>> {
    const rows = await this.transactions.manager.query<{ id: number }[]>(
      `SELECT id FROM fenced_companies`,
    );
    return new Set(rows.map((row) => row.id));
  }

  /** `companies` without the fenced ones (a company poller's list). */
  async withoutFenced(companies: number[]): Promise<number[]> {
    if (companies.length === 0) return companies;
    const fenced = await this.fencedIds();
    return companies.filter((companyId) => !fenced.has(companyId));
  }
}
