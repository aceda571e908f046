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
export type TicketRef = { companyId: number; ticketId: number };
/** A message kept as a mark of its ticket (for the next-response waits). */
export type TicketMark = TicketRef & { mark: MessageMark };
/** Messages of a company day on one side. */
export type MessageCount = { companyId: number; day: string; fromMe: boolean; messages: number };
/** What to add to a rollup row (negative counts take a share away). */
export type RollupDelta = { key: RollupKey; counts: RollupCounts };
/** What identity says of a user; `online` null keeps the stored presence. */
export type DirectoryUser = {
  id: number;
  name?: string;
  profile?: string | null;
  online?: boolean | null;
  deleted: boolean;
};

/** `($1, $2), ($3, $4)` for rows × columns parameters. */
const placeholders = (rows: number, columns: number) =>
  Array.from(
    { length: rows },
    (_, row) =>
      `(${Array.from({ length: columns }, (_, column) => `$${row * columns + column + 1}`).join(', ')})`,
  ).join(', ');

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
   * The tickets' facts, for this transaction only. A row lock alone does not serialize the first two
   * events of a ticket (no row yet: both read "none" and both add a share to the rollups), so each
   * ticket's (company, ticket) transaction-scoped advisory lock is taken, in the order given (the
   * caller sorts, so two transactions never wait on each other in a circle); the read after it sees
   * what the previous holder committed (read committed).
   */
  async lockFacts(tickets: TicketRef[], manager: EntityManager): Promise<TicketFact[]> {
    const companies = tickets.map((t) => t.companyId);
    const ids = tickets.map((t) => t.ticketId);
    await manager.query(
      `SELECT pg_advisory_xact_lock(c, t) FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS k(c, t, n)
        ORDER BY n`,
      [companies, ids],
    );
    const rows: FactRow[] = await manager.query(
      `SELECT f.* FROM ticket_fact f JOIN unnest($1::int[], $2::int[]) AS k(c, t)
          ON f.company_id = k.c AND f.ticket_id = k.t`,
      [companies, ids],
    );
    return rows.map(factOf);
  }

  /** Writes the facts (one row per ticket at most). */
  async saveFacts(facts: TicketFact[], manager: EntityManager): Promise<void> {
    if (facts.length === 0) return;
    const columns = factColumns.map(([, column]) => column);
    const values = facts.flatMap((fact) =>
      factColumns.map(([field]) => (field === 'tags' ? JSON.stringify(fact.tags) : fact[field])),
    );
    await manager.query(
      `INSERT INTO ticket_fact (${columns.join(', ')})
       VALUES ${placeholders(facts.length, columns.length)}
       ON CONFLICT (company_id, ticket_id) DO UPDATE SET
       ${columns
         .slice(2)
         .map((column) => `${column} = EXCLUDED.${column}`)
         .join(', ')}`,
      values,
    );
  }

  /** Adds each delta to its rollup row (creating it); keys are distinct and in the caller's order. */
  async addToRollups(deltas: RollupDelta[], manager: EntityManager): Promise<void> {
    if (deltas.length === 0) return;
    const columns = RollupCountNames.map((name) => rollupColumns[name]);
    const values = deltas.flatMap(({ key, counts }) => [
      key.companyId,
      key.day,
      key.queueId,
      key.userId,
      key.whatsappId,
      ...RollupCountNames.map((name) => counts[name]),
    ]);
    await manager.query(
      `INSERT INTO daily_rollup (company_id, day, queue_id, user_id, whatsapp_id, ${columns.join(', ')})
       VALUES ${placeholders(deltas.length, columns.length + 5)}
       ON CONFLICT (company_id, day, queue_id, user_id, whatsapp_id) DO UPDATE SET
       ${columns.map((column) => `${column} = daily_rollup.${column} + EXCLUDED.${column}`).join(', ')}`,
      values,
    );
  }

  /** Adds the messages per company day and side; rows are distinct and in the caller's order. */
  async countMessages(counts: MessageCount[], manager: EntityManager): Promise<void> {
    if (counts.length === 0) return;
    await manager.query(
      `INSERT INTO message_daily (company_id, day, from_me, messages)
       SELECT c, d, f, n FROM unnest($1::int[], $2::date[], $3::boolean[], $4::int[])
         WITH ORDINALITY AS k(c, d, f, n, o) ORDER BY o
       ON CONFLICT (company_id, day, from_me) DO UPDATE
         SET messages = message_daily.messages + EXCLUDED.messages`,
      [
        counts.map((c) => c.companyId),
        counts.map((c) => c.day),
        counts.map((c) => c.fromMe),
        counts.map((c) => c.messages),
      ],
    );
  }

  /** Keeps messages as marks of their tickets; answers the tickets that gained a mark not kept before. */
  async addMarks(marks: TicketMark[], manager: EntityManager): Promise<TicketRef[]> {
    const rows: { company_id: number; ticket_id: number }[] = await manager.query(
      `WITH added AS (
         INSERT INTO ticket_message_mark (company_id, ticket_id, message_id, at, from_me, by_agent)
         SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[], $5::boolean[], $6::boolean[])
         ON CONFLICT DO NOTHING RETURNING company_id, ticket_id)
       SELECT DISTINCT company_id, ticket_id FROM added ORDER BY company_id, ticket_id`,
      [
        marks.map((m) => m.companyId),
        marks.map((m) => m.ticketId),
        marks.map((m) => m.mark.id),
        marks.map((m) => m.mark.at),
        marks.map((m) => m.mark.fromMe),
        marks.map((m) => m.mark.byAgent),
      ],
    );
    return rows.map((row) => ({ companyId: row.company_id, ticketId: row.ticket_id }));
  }

  async marksOf(tickets: TicketRef[], manager: EntityManager): Promise<TicketMark[]> {
    const rows: {
      company_id: number;
      ticket_id: number;
      message_id: string;
      at: Date;
      from_me: boolean;
      by_agent: boolean;
    }[] = await manager.query(
      `SELECT m.company_id, m.ticket_id, m.message_id, m.at, m.from_me, m.by_agent
         FROM ticket_message_mark m JOIN unnest($1::int[], $2::int[]) AS k(c, t)
           ON m.company_id = k.c AND m.ticket_id = k.t`,
      [tickets.map((t) => t.companyId), tickets.map((t) => t.ticketId)],
    );
    return rows.map((row) => ({
      companyId: row.company_id,
      ticketId: row.ticket_id,
      mark: {
        id: row.message_id,
        at: new Date(row.at).toISOString(),
        fromMe: row.from_me,
        byAgent: row.by_agent,
      },
    }));
  }

  /** The tickets' next-response waits (their facts rows exist: the messages' events observed them). */
  async saveNextResponses(
    tickets: (TicketRef & { waits: ResponseWait[] })[],
    manager: EntityManager,
  ): Promise<void> {
    await manager.query(
      `UPDATE ticket_fact f SET next_responses = k.w
         FROM unnest($1::int[], $2::int[], $3::jsonb[]) AS k(c, t, w)
        WHERE f.company_id = k.c AND f.ticket_id = k.t AND f.next_responses IS DISTINCT FROM k.w`,
      [
        tickets.map((t) => t.companyId),
        tickets.map((t) => t.ticketId),
        tickets.map((t) => JSON.stringify(t.waits.map((wait) => [wait.from, wait.to]))),
      ],
    );
  }

  /**
   * Records what identity says of a user, unless a newer announcement was already applied; `online`
   * null keeps the stored presence.
   */
  async saveUser(
    companyId: number,
    user: DirectoryUser,
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
    type Row = { generation: number };
    // TypeORM answers an UPDATE … RETURNING as [rows, count] on Postgres
    const result: [Row[], number] | Row[] = await manager.query(
      'UPDATE projection_state SET generation = generation + 1 WHERE id = 1 RETURNING generation',
    );
    const rows = Array.isArray(result[0]) ? result[0] : (result as Row[]);
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
