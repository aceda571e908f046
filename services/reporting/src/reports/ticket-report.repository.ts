import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import { FirstResponseBuckets, type TicketStatus } from '@sb/contracts';
import { factOf, type FactRow } from '../projection/projection.repository.js';
import type { TicketFact } from '../projection/ticket-fact-rules.js';
import type { ServiceMetricSums } from './service-metrics.js';

/**
 * Whole minutes between two instants of f, never negative (as minutesBetween); null while `to` is
 * (a CASE, since greatest() would turn a missing step into 0).
 */
const minutesSql = (from: string, to: string) =>
  `CASE WHEN ${to} IS NOT NULL
        THEN greatest(floor(extract(epoch FROM ${to} - ${from}) / 60), 0) END`;

/** `count(*) FILTER (…)` of each first-response bucket, in FirstResponseBuckets' order. */
const bucketCounts = FirstResponseBuckets.map((bucket, i) => {
  const low = i === 0 ? 0 : FirstResponseBuckets[i - 1]!.below!;
  const below = bucket.below === null ? '' : ` AND fr < ${bucket.below}`;
  return `count(*) FILTER (WHERE fr >= ${low}${below})::int AS b${i}`;
}).join(',\n');

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

  /** One page of the selection, newest first (a stable order, so the export's pages add up). */
  async page(
    companyId: number,
    selection: TicketReportSelection,
    page: { offset: number; limit: number },
  ): Promise<{ fact: TicketFact; userName: string | null }[]> {
    return this.transactions.read(companyId, async (manager) => {
      const { sql, params } = whereOf(companyId, selection);
      const rows: (FactRow & { user_name: string | null })[] = await manager.query(
        `SELECT f.*, u.name AS user_name FROM ticket_fact f
         LEFT JOIN user_directory u ON u.company_id = f.company_id AND u.user_id = f.user_id
        WHERE ${sql} ORDER BY f.created_at DESC, f.ticket_id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, page.limit, page.offset],
      );
      return rows.map((row) => ({ fact: factOf(row), userName: row.user_name }));
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

  /** The sums of the service metrics over the selection (minutes per ticket, then aggregates). */
  async metricSums(
    companyId: number,
    selection: TicketReportSelection,
  ): Promise<ServiceMetricSums> {
    return this.transactions.read(companyId, async (manager) => {
      const { sql, params } = whereOf(companyId, selection);
      const rows: (Omit<ServiceMetricSums, 'buckets'> & Record<string, number>)[] =
        await manager.query(
          `WITH t AS (
           SELECT ${minutesSql('f.created_at', 'f.first_response_at')} AS fr,
                  CASE WHEN f.status = 'closed'
                       THEN ${minutesSql('f.created_at', 'f.closed_at')} END AS res
             FROM ticket_fact f WHERE ${sql})
         SELECT count(*)::int AS tickets,
                count(fr)::int AS responded,
                coalesce(sum(fr), 0)::float8 AS "responseMinutes",
                percentile_cont(0.5) WITHIN GROUP (ORDER BY fr) AS "responseMedian",
                count(res)::int AS resolved,
                coalesce(sum(res), 0)::float8 AS "resolutionMinutes",
                percentile_cont(0.5) WITHIN GROUP (ORDER BY res) AS "resolutionMedian",
                ${bucketCounts}
           FROM t`,
          params,
        );
      const row = rows[0]!;
      return {
        tickets: row.tickets,
        responded: row.responded,
        responseMinutes: row.responseMinutes,
        responseMedian: row.responseMedian,
        resolved: row.resolved,
        resolutionMinutes: row.resolutionMinutes,
        resolutionMedian: row.resolutionMedian,
        buckets: FirstResponseBuckets.map((_, i) => row[`b${i}`] ?? 0),
      };
    });
  }
}
