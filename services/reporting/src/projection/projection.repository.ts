import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MessageMark, ResponseWait } from './next-response-rules.js';
import {
  RollupCountNames,
  type RollupCounts,
  type RollupKey,
  type TicketFact,
} from './ticket-fact-rules.js';

export type FactRow = Record<string, unknown>;

const factColumns: [keyof TicketFact, string][] = [
  ['companyId', 'company_id'],
  ['ticketId', 'ticket_id'],
  ['contactId', 'contact_id'],
  ['contactName', 'contact_name'],
  ['isGroup', 'is_group'],
  ['createdAt', 'created_at'],
  ['status', 'status'],
  ['queueId', 'queue_id'],
  ['queueName', 'queue_name'],
  ['queueColor', 'queue_color'],
  ['userId', 'user_id'],
  ['whatsappId', 'whatsapp_id'],
  ['whatsappName', 'whatsapp_name'],
  ['tags', 'tags'],
  ['queuedAt', 'queued_at'],
  ['acceptedAt', 'accepted_at'],
  ['acceptedBy', 'accepted_by'],
  ['firstResponseAt', 'first_response_at'],
  ['firstResponseBy', 'first_response_by'],
  ['closedAt', 'closed_at'],
  ['closedBy', 'closed_by'],
  ['closedExact', 'closed_exact'],
  ['rate', 'rate'],
  ['ratedAt', 'rated_at'],
  ['deleted', 'deleted'],
  ['versionAt', 'version_at'],
  ['versionSeq', 'version_seq'],
  ['updatedAt', 'updated_at'],
];
const rollupColumns: Record<keyof RollupCounts, string> = {
  tickets: 'tickets',
  groupTickets: 'group_tickets',
  closed: 'closed',
  closedRated: 'closed_rated',
  rated: 'rated',
  npsWaiting: 'nps_waiting',
  waitMinutes: 'wait_minutes',
  waitCount: 'wait_count',
  supportMinutes: 'support_minutes',
  supportCount: 'support_count',
  rateSum: 'rate_sum',
  promoters: 'promoters',
  passives: 'passives',
  detractors: 'detractors',
};

const toIso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();
const timeFields = new Set<keyof TicketFact>([
  'createdAt',
  'queuedAt',
  'acceptedAt',
  'firstResponseAt',
  'closedAt',
  'ratedAt',
  'versionAt',
  'versionSeq',
  'updatedAt',
]);

export function factOf(row: FactRow): TicketFact {
  const fact: Record<string, unknown> = {};
  for (const [field, column] of factColumns)
    fact[field] = timeFields.has(field) ? toIso(row[column]) : row[column];
  return fact as TicketFact;
}

/**
 * All SQL of the projections (every method takes the company first). Writes run in the consumer's
 * transaction (the manager that also records the event as processed).
 */
@Injectable()
export class ProjectionRepository {
  /**
   * The ticket's facts, locked for this transaction. A row lock alone does not serialize the first
   * two events of a ticket (no row yet: both read "none" and both add a share to the rollups), so the
   * ticket's (company, ticket) transaction-scoped advisory lock is taken first; the read after it sees
   * what the previous holder committed (read committed).
   */
  async lockFact(
    companyId: number,
    ticketId: number,
    manager: EntityManager,
  ): Promise<TicketFact | undefined> {
    await manager.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [companyId, ticketId]);
    const rows: FactRow[] = await manager.query(
      'SELECT * FROM ticket_fact WHERE company_id = $1 AND ticket_id = $2 FOR UPDATE',
      [companyId, ticketId],
    );
    return rows[0] ? factOf(rows[0]) : undefined;
  }

  async saveFact(companyId: number, fact: TicketFact, manager: EntityManager): Promise<void> {
    const values = factColumns.map(([field]) =>
      field === 'companyId'
        ? companyId
        : field === 'tags'
          ? JSON.stringify(fact.tags)
          : fact[field],
    );
    const columns = factColumns.map(([, column]) => column);
    await manager.query(
      `INSERT INTO ticket_fact (${columns.join(', ')})
       VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT (company_id, ticket_id) DO UPDATE SET
       ${columns
         .slice(2)
         .map((column) => `${column} = EXCLUDED.${column}`)
         .join(', ')}`,
      values,
    );
  }

  /** Adds `sign` × counts to the rollup row of key (creating it). */
  async addToRollup(
    companyId: number,
    key: RollupKey,
    counts: RollupCounts,
    sign: 1 | -1,
    manager: EntityManager,
  ): Promise<void> {
    const columns = RollupCountNames.map((name) => rollupColumns[name]);
    const values = RollupCountNames.map((name) => sign * counts[name]);
    await manager.query(
      `INSERT INTO daily_rollup (company_id, day, queue_id, user_id, whatsapp_id, ${columns.join(', ')})
       VALUES ($1, $2, $3, $4, $5, ${columns.map((_, i) => `$${i + 6}`).join(', ')})
       ON CONFLICT (company_id, day, queue_id, user_id, whatsapp_id) DO UPDATE SET
       ${columns.map((column) => `${column} = daily_rollup.${column} + EXCLUDED.${column}`).join(', ')}`,
      [companyId, key.day, key.queueId, key.userId, key.whatsappId, ...values],
    );
  }

  async countMessage(
    companyId: number,
    day: string,
    fromMe: boolean,
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO message_daily (company_id, day, from_me, messages) VALUES ($1, $2, $3, 1)
       ON CONFLICT (company_id, day, from_me) DO UPDATE SET messages = message_daily.messages + 1`,
      [companyId, day, fromMe],
    );
  }

  /** Keeps a message of the ticket as a mark; false when it was kept already. */
  async addMark(
    companyId: number,
    ticketId: number,
    mark: MessageMark,
    manager: EntityManager,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO ticket_message_mark (company_id, ticket_id, message_id, at, from_me, by_agent)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1`,
      [companyId, ticketId, mark.id, mark.at, mark.fromMe, mark.byAgent],
    );
    return rows.length > 0;
  }

  async marks(companyId: number, ticketId: number, manager: EntityManager): Promise<MessageMark[]> {
    const rows: { message_id: string; at: Date; from_me: boolean; by_agent: boolean }[] =
      await manager.query(
        `SELECT message_id, at, from_me, by_agent FROM ticket_message_mark
          WHERE company_id = $1 AND ticket_id = $2`,
        [companyId, ticketId],
      );
    return rows.map((row) => ({
      id: row.message_id,
      at: new Date(row.at).toISOString(),
      fromMe: row.from_me,
      byAgent: row.by_agent,
    }));
  }

  /** The ticket's next-response waits (its facts row exists: the message's event observed it). */
  async saveNextResponses(
    companyId: number,
    ticketId: number,
    waits: ResponseWait[],
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `UPDATE ticket_fact SET next_responses = $3::jsonb
        WHERE company_id = $1 AND ticket_id = $2 AND next_responses IS DISTINCT FROM $3::jsonb`,
      [companyId, ticketId, JSON.stringify(waits.map((wait) => [wait.from, wait.to]))],
    );
  }

  /**
   * Records what identity says of a user, unless a newer announcement was already applied; `online`
   * null keeps the stored presence.
   */
  async saveUser(
    companyId: number,
    user: {
      id: number;
      name?: string;
      profile?: string | null;
      online?: boolean | null;
      deleted: boolean;
    },
    versionAt: string,
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO user_directory (company_id, user_id, name, profile, online, deleted, version_at)
       VALUES ($1, $2, coalesce($3, ''), $4, coalesce($5, false), $6, $7)
       ON CONFLICT (company_id, user_id) DO UPDATE SET
         name = coalesce($3, user_directory.name),
         profile = coalesce($4, user_directory.profile),
         online = coalesce($5, user_directory.online),
         deleted = user_directory.deleted OR $6,
         version_at = EXCLUDED.version_at
       WHERE user_directory.version_at <= EXCLUDED.version_at`,
      [
        companyId,
        user.id,
        user.name ?? null,
        user.profile ?? null,
        user.online ?? null,
        user.deleted,
        versionAt,
      ],
    );
  }

  /** Deletes every row of the projections (the start of a rebuild) and moves to a new generation. */
  async resetAll(manager: EntityManager): Promise<number> {
    await manager.query(
      'TRUNCATE ticket_fact, ticket_message_mark, daily_rollup, message_daily, user_directory',
    );
    const rows: { generation: number }[] = await manager.query(
      'UPDATE projection_state SET generation = generation + 1 WHERE id = 1 RETURNING generation',
    );
    return rows[0]!.generation;
  }

  async generation(manager: EntityManager): Promise<number> {
    const rows: { generation: number }[] = await manager.query(
      'SELECT generation FROM projection_state WHERE id = 1',
    );
    return rows[0]?.generation ?? 1;
  }

  /** Events applied by the consumers whose durable names start with `prefix`. */
  async processedCount(prefix: string, manager: EntityManager): Promise<number> {
    const rows: { n: string }[] = await manager.query(
      `SELECT count(*) AS n FROM processed_event WHERE consumer LIKE $1`,
      [`${prefix}%`],
    );
    return Number(rows[0]?.n ?? 0);
  }
}
