import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import type { AuditEntry, AuditRecordedEventData } from '@sb/contracts';
import type { EntityManager } from 'typeorm';

type AuditRow = {
  id: string;
  company_id: number;
  actor_user_id: number;
  actor_name: string | null;
  actor_profile: string;
  action: AuditEntry['action'];
  entity: AuditEntry['entity'];
  entity_id: string | null;
  before: AuditEntry['before'];
  after: AuditEntry['after'];
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  total: string;
};

export type AuditFilter = {
  from?: string;
  to?: string;
  actorUserId?: number;
  entity?: string;
  action?: string;
};

const toEntry = (row: AuditRow): AuditEntry => ({
  id: Number(row.id),
  companyId: row.company_id,
  actorUserId: row.actor_user_id,
  actorName: row.actor_name,
  actorProfile: row.actor_profile,
  action: row.action,
  entity: row.entity,
  entityId: row.entity_id,
  before: row.before,
  after: row.after,
  ip: row.ip,
  userAgent: row.user_agent,
  createdAt: row.created_at.toISOString(),
});

/** All SQL of the audit log: appends, and pages of one company. Nothing here updates or deletes. */
@Injectable()
export class AuditRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The actor's current name (users of any company: a super user acts across companies). */
  async actorName(manager: EntityManager, userId: number): Promise<string | null> {
    const rows: { name: string }[] = await manager.query('SELECT name FROM users WHERE id = $1', [
      userId,
    ]);
    return rows[0]?.name ?? null;
  }

  async append(
    manager: EntityManager,
    companyId: number,
    entry: AuditRecordedEventData & { actorName: string | null },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO audit_entries (company_id, actor_user_id, actor_name, actor_profile, action,
         entity, entity_id, before, after, ip, user_agent, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        companyId,
        entry.actorUserId,
        entry.actorName,
        entry.actorSuper ? 'super' : entry.actorProfile,
        entry.action,
        entry.entity,
        entry.entityId,
        entry.before === null ? null : JSON.stringify(entry.before),
        entry.after === null ? null : JSON.stringify(entry.after),
        entry.ip,
        entry.userAgent,
        entry.at,
      ],
    );
  }

  /** A page of a company's entries, newest first, with the number of matches. */
  async page(
    companyId: number,
    filter: AuditFilter,
    offset: number,
    limit: number,
  ): Promise<{ entries: AuditEntry[]; count: number }> {
    return this.transactions.read(companyId, async (manager) => {
      const where = ['company_id = $1'];
      const params: unknown[] = [companyId];
      const add = (clause: (n: string) => string, value: unknown) => {
        params.push(value);
        where.push(clause(`$${params.length}`));
      };
      if (filter.from) add((n) => `created_at >= ${n}::timestamptz`, filter.from);
      if (filter.to) add((n) => `created_at <= ${n}::timestamptz`, filter.to);
      if (filter.actorUserId) add((n) => `actor_user_id = ${n}`, filter.actorUserId);
      if (filter.entity) add((n) => `entity = ${n}`, filter.entity);
      if (filter.action) add((n) => `action = ${n}`, filter.action);
      params.push(limit, offset);
      const rows: AuditRow[] = await manager.query(
        `SELECT *, count(*) OVER () AS total FROM audit_entries WHERE ${where.join(' AND ')}
       ORDER BY created_at DESC, id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return { entries: rows.map(toEntry), count: rows[0] ? Number(rows[0].total) : 0 };
    });
  }
}
