import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import type { MomentTicket, TicketStatus } from '@sb/contracts';
import { emptySums, type RollupSums } from './dashboard-formulas.js';

type Period = { from: string; to: string };

const sumColumns = `
  coalesce(sum(tickets), 0)::int AS "tickets",
  coalesce(sum(group_tickets), 0)::int AS "groupTickets",
  coalesce(sum(closed), 0)::int AS "closed",
  coalesce(sum(closed_rated), 0)::int AS "closedRated",
  coalesce(sum(rated), 0)::int AS "rated",
  coalesce(sum(nps_waiting), 0)::int AS "npsWaiting",
  coalesce(sum(wait_minutes), 0)::float8 AS "waitMinutes",
  coalesce(sum(wait_count), 0)::int AS "waitCount",
  coalesce(sum(support_minutes), 0)::float8 AS "supportMinutes",
  coalesce(sum(support_count), 0)::int AS "supportCount",
  coalesce(sum(rate_sum), 0)::int AS "rateSum",
  coalesce(sum(promoters), 0)::int AS "promoters",
  coalesce(sum(passives), 0)::int AS "passives",
  coalesce(sum(detractors), 0)::int AS "detractors"`;

/** Local days [from, to] as instants: from's midnight to the midnight after `to`, in the zone. */
const createdIn = (first: number) =>
  `created_at >= ($${first}::date)::timestamp AT TIME ZONE $${first + 2}
   AND created_at < ($${first + 1}::date + 1)::timestamp AT TIME ZONE $${first + 2}`;

/** An instant as the ISO text JavaScript writes (UTC, milliseconds), formatted by the database. */
const isoText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The facts Tempo Real shows (a page of up to 2,000 tickets: no other column is read or parsed). */
const momentColumns = `ticket_id, status, contact_id, contact_name, is_group, queue_id, queue_name,
  queue_color, user_id, whatsapp_id, created_at, updated_at`;

/** The dashboard's reads over the projections; every query is scoped by the caller's company. */
@Injectable()
export class DashboardRepository {
  constructor(private readonly transactions: Transactions) {}

  async sums(companyId: number, period: Period): Promise<RollupSums> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: RollupSums[] = await manager.query(
        `SELECT ${sumColumns} FROM daily_rollup WHERE company_id = $1 AND day BETWEEN $2 AND $3`,
        [companyId, period.from, period.to],
      );
      return rows[0] ?? emptySums();
    });
  }

  async sumsByUser(companyId: number, period: Period): Promise<Map<number, RollupSums>> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: (RollupSums & { userId: number })[] = await manager.query(
        `SELECT user_id AS "userId", ${sumColumns} FROM daily_rollup
        WHERE company_id = $1 AND day BETWEEN $2 AND $3 AND user_id <> 0 GROUP BY user_id`,
        [companyId, period.from, period.to],
      );
      return new Map(rows.map(({ userId, ...sums }) => [userId, sums]));
    });
  }

  /** Tickets created per local day (all queues, users and connections). */
  async ticketsByDay(companyId: number, period: Period): Promise<{ day: string; total: number }[]> {
    return this.transactions.query(
      companyId,
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(tickets)::int AS total FROM daily_rollup
        WHERE company_id = $1 AND day BETWEEN $2 AND $3 GROUP BY day HAVING sum(tickets) > 0
        ORDER BY day`,
      [companyId, period.from, period.to],
    );
  }

  /** Tickets created per local hour of one day. */
  async ticketsByHour(
    companyId: number,
    day: string,
    timeZone: string,
  ): Promise<{ hour: number; total: number }[]> {
    return this.transactions.query(
      companyId,
      `SELECT extract(hour FROM created_at AT TIME ZONE $4)::int AS hour, count(*)::int AS total
         FROM ticket_fact WHERE company_id = $1 AND NOT deleted AND ${createdIn(2)}
        GROUP BY 1 ORDER BY 1`,
      [companyId, day, day, timeZone],
    );
  }

  /** Current open and pending tickets (any creation date). */
  async currentCounts(companyId: number): Promise<{ open: number; pending: number }> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: { status: string; n: number }[] = await manager.query(
        `SELECT status, count(*)::int AS n FROM ticket_fact
        WHERE company_id = $1 AND NOT deleted AND status IN ('open', 'pending') GROUP BY status`,
        [companyId],
      );
      const of = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
      return { open: of('open'), pending: of('pending') };
    });
  }

  /** Contacts with exactly one ticket created in the period. */
  async leads(companyId: number, period: Period, timeZone: string): Promise<number> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: { n: number }[] = await manager.query(
        `SELECT count(*)::int AS n FROM (
         SELECT contact_id FROM ticket_fact WHERE company_id = $1 AND NOT deleted AND ${createdIn(2)}
          GROUP BY contact_id HAVING count(*) = 1) AS once`,
        [companyId, period.from, period.to, timeZone],
      );
      return rows[0]?.n ?? 0;
    });
  }

  /** The company's users as identity announced them (deleted ones left out). */
  users(
    companyId: number,
  ): Promise<{ id: number; name: string; profile: string | null; online: boolean }[]> {
    return this.transactions.query(
      companyId,
      `SELECT user_id AS id, name, profile, online FROM user_directory
        WHERE company_id = $1 AND NOT deleted ORDER BY name, user_id`,
      [companyId],
    );
  }

  async messages(companyId: number, fromMe: boolean, period: Period): Promise<number> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: { n: number }[] = await manager.query(
        `SELECT coalesce(sum(messages), 0)::int AS n FROM message_daily
        WHERE company_id = $1 AND from_me = $2 AND day BETWEEN $3 AND $4`,
        [companyId, fromMe, period.from, period.to],
      );
      return rows[0]?.n ?? 0;
    });
  }

  /**
   * Tickets created in the period for Tempo Real; with a status, only the newest of that status per
   * (contact, queue, connection).
   */
  async moments(
    companyId: number,
    filter: {
      from: string;
      to: string;
      timeZone: string;
      status?: TicketStatus;
      userId?: number;
      queueIds?: number[];
      limit: number;
    },
  ): Promise<MomentTicket[]> {
    return this.transactions.read(companyId, async (manager) => {
      const params: unknown[] = [companyId, filter.from, filter.to, filter.timeZone];
      const where = [
        `f.company_id = $1`,
        `NOT f.deleted`,
        createdIn(2).replaceAll('created_at', 'f.created_at'),
      ];
      if (filter.status) {
        params.push(filter.status);
        where.push(`f.status = $${params.length}`);
      }
      if (filter.userId !== undefined) {
        params.push(filter.userId);
        where.push(`f.user_id = $${params.length}`);
      }
      if (filter.queueIds?.length) {
        params.push(filter.queueIds);
        where.push(`f.queue_id = ANY($${params.length}::int[])`);
      }
      params.push(filter.limit);
      const base = `SELECT ${momentColumns} FROM ticket_fact f WHERE ${where.join(' AND ')}`;
      const chosen = filter.status
        ? `SELECT DISTINCT ON (contact_id, coalesce(queue_id, 0), coalesce(whatsapp_id, 0)) *
           FROM (${base}) AS s ORDER BY contact_id, coalesce(queue_id, 0), coalesce(whatsapp_id, 0),
           created_at DESC, ticket_id DESC`
        : base;
      // the page is cut before the user names are joined; instants come as text (no Date per row)
      const rows: Record<string, unknown>[] = await manager.query(
        `SELECT c.ticket_id, c.status, c.contact_id, c.contact_name, c.is_group, c.queue_id,
                c.queue_name, c.queue_color, c.user_id, c.whatsapp_id,
                ${isoText('c.created_at')} AS created_at, ${isoText('c.updated_at')} AS updated_at,
                u.name AS user_name, u.profile AS user_profile
         FROM (SELECT * FROM (${chosen}) AS m
               ORDER BY updated_at DESC, ticket_id DESC LIMIT $${params.length}) AS c
         LEFT JOIN user_directory u ON u.company_id = $1 AND u.user_id = c.user_id
        ORDER BY c.updated_at DESC, c.ticket_id DESC`,
        params,
      );
      return rows.map((row) => ({
        id: row.ticket_id as number,
        status: row.status as TicketStatus,
        contactId: row.contact_id as number,
        contact: { id: row.contact_id as number, name: row.contact_name as string },
        isGroup: row.is_group as boolean,
        queueId: (row.queue_id as number | null) ?? null,
        queue:
          row.queue_id !== null
            ? {
                id: row.queue_id as number,
                name: (row.queue_name as string) ?? '',
                color: (row.queue_color as string) ?? '',
              }
            : null,
        userId: (row.user_id as number | null) ?? null,
        user:
          row.user_id !== null
            ? {
                id: row.user_id as number,
                name: (row.user_name as string | null) ?? '',
                profile: (row.user_profile as string | null) ?? null,
              }
            : null,
        whatsappId: (row.whatsapp_id as number | null) ?? null,
        createdAt: row.created_at as string,
        updatedAt: row.updated_at as string,
      }));
    });
  }
}
