import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import type { NpsClass, TicketStatus } from '@sb/contracts';
import { factOf, type FactRow } from '../projection/projection.repository.js';
import type { TicketFact } from '../projection/ticket-fact-rules.js';
import type { MetricTicket } from './service-metrics.js';

/** An instant as whole epoch milliseconds (a number: no Date to build per ticket). */
const epochMs = (column: string) => `round(extract(epoch FROM ${column}) * 1000)::float8`;

type MetricRow = {
  queue_id: number | null;
  queue_name: string | null;
  closed: boolean;
  created: number;
  answered: number | null;
  closed_at: number | null;
  next_responses: [string, string][];
};

const metricTicketOf = (row: MetricRow): MetricTicket => ({
  queueId: row.queue_id,
  queueName: row.queue_name,
  closed: row.closed,
  createdAt: row.created,
  firstResponseAt: row.answered,
  closedAt: row.closed_at,
  nextResponses: (row.next_responses ?? []).map(([from, to]) => ({
    from: Date.parse(from),
    to: Date.parse(to),
  })),
});

/** A row's place in the report order (the `after` of the next page). */
export type ReportCursor = { createdAt: string; ticketId: number };

/** `<created_at with microseconds>~<ticket id>`, as the page's `next` wrote it. */
export const parseReportCursor = (text: string): ReportCursor => {
  const [createdAt, ticketId] = text.split('~');
  return { createdAt: createdAt!, ticketId: Number(ticketId) };
};

export type TicketReportSelection = {
  from: string;
  to: string;
  timeZone: string;
  groupsOnly: boolean;
  ratedOnly: boolean;
  queueId?: number;
  userId?: number;
  whatsappId?: number;
  tagId?: number;
  status?: TicketStatus;
  npsClass?: NpsClass;
  /** false: no group tickets */
  groups?: boolean;
};

/** The rates of an NPS class (BEHAVIOUR.md §7). */
const npsRates: Record<NpsClass, string> = {
  promoter: 'f.rate > 8',
  passive: 'f.rate BETWEEN 7 AND 8',
  detractor: 'f.rate < 7',
};

/** The WHERE of a selection over ticket_fact f: the company, local creation days and filters. */
function whereOf(companyId: number, s: TicketReportSelection): { sql: string; params: unknown[] } {
  const params: unknown[] = [companyId, s.from, s.to, s.timeZone];
  const where = [
    'f.company_id = $1',
    'NOT f.deleted',
    'f.created_at >= ($2::date)::timestamp AT TIME ZONE $4',
    'f.created_at < ($3::date + 1)::timestamp AT TIME ZONE $4',
  ];
  const add = (clause: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(clause(params.length));
  };
  if (s.groupsOnly) where.push('f.is_group');
  if (s.ratedOnly) where.push('f.rate IS NOT NULL');
  if (s.npsClass) where.push(npsRates[s.npsClass]);
  if (s.groups === false) where.push('NOT f.is_group');
  if (s.queueId !== undefined) add((n) => `f.queue_id = $${n}`, s.queueId);
  if (s.userId !== undefined) add((n) => `f.user_id = $${n}`, s.userId);
  if (s.whatsappId !== undefined) add((n) => `f.whatsapp_id = $${n}`, s.whatsappId);
  if (s.status !== undefined) add((n) => `f.status = $${n}`, s.status);
  if (s.tagId !== undefined)
    add((n) => `f.tags @> jsonb_build_array(jsonb_build_object('id', $${n}::int))`, s.tagId);
  return { sql: where.join(' AND '), params };
}

/** The reports' reads of the per-ticket facts; every query is scoped by the caller's company. */
@Injectable()
export class TicketReportRepository {
  constructor(private readonly transactions: Transactions) {}

  /**
   * One page of the selection, newest first: at an offset, or below a row (`after`, the export's
   * walk, which rows created or deleted meanwhile cannot shift). Each row comes with its cursor.
   */
  async page(
    companyId: number,
    selection: TicketReportSelection,
    page: { offset: number; limit: number; after?: ReportCursor },
  ): Promise<{ fact: TicketFact; userName: string | null; cursor: string }[]> {
    return this.transactions.read(companyId, async (manager) => {
      const { sql, params } = whereOf(companyId, selection);
      let below = '';
      if (page.after) {
        params.push(page.after.createdAt, page.after.ticketId);
        below = ` AND (f.created_at, f.ticket_id) < ($${params.length - 1}::timestamptz, $${params.length}::int)`;
      }
      const rows: (FactRow & { user_name: string | null; cursor: string })[] = await manager.query(
        `SELECT f.*, u.name AS user_name,
                to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z~"')
                  || f.ticket_id AS cursor
           FROM ticket_fact f
           LEFT JOIN user_directory u ON u.company_id = f.company_id AND u.user_id = f.user_id
          WHERE ${sql}${below} ORDER BY f.created_at DESC, f.ticket_id DESC
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, page.limit, page.offset],
      );
      return rows.map((row) => ({
        fact: factOf(row),
        userName: row.user_name,
        cursor: row.cursor,
      }));
    });
  }

  async count(companyId: number, selection: TicketReportSelection): Promise<number> {
    return this.transactions.read(companyId, async (manager) => {
      const { sql, params } = whereOf(companyId, selection);
      const rows: { n: number }[] = await manager.query(
        `SELECT count(*)::int AS n FROM ticket_fact f WHERE ${sql}`,
        params,
      );
      return rows[0]?.n ?? 0;
    });
  }

  /**
   * Every ticket of the selection for the service metrics, handed to `visit` in batches of `size`
   * from one cursor (one index scan, and a report of any size never held at once).
   */
  async eachMetricBatch(
    companyId: number,
    selection: TicketReportSelection,
    size: number,
    visit: (tickets: MetricTicket[]) => void,
  ): Promise<void> {
    await this.transactions.read(companyId, async (manager) => {
      const { sql, params } = whereOf(companyId, selection);
      const runner = manager.queryRunner!;
      await runner.startTransaction();
      try {
        await manager.query(
          `DECLARE metric_tickets NO SCROLL CURSOR FOR
           SELECT f.queue_id, f.queue_name, f.status = 'closed' AS closed, ${epochMs('f.created_at')} AS created,
                  ${epochMs('f.first_response_at')} AS answered, ${epochMs('f.closed_at')} AS closed_at,
                  f.next_responses
             FROM ticket_fact f WHERE ${sql}`,
          params,
        );
        for (;;) {
          const rows: MetricRow[] = await manager.query(
            `FETCH FORWARD ${Math.max(1, Math.floor(size))} FROM metric_tickets`,
          );
          if (rows.length === 0) break;
          visit(rows.map(metricTicketOf));
        }
        await runner.commitTransaction();
      } catch (error) {
        await runner.rollbackTransaction();
        throw error;
      }
    });
  }
}
