import { z } from 'zod';
import { unowned } from '../refs/refs.js';
import { TicketStatuses, type TicketStatus } from '../tickets/ticket-statuses.js';
import { dayOrTimestamp, withRangeChecks } from './reporting.js';

/**
 * The reports of spec 2 §2 Dashboard (tickets, group tickets, ticket duration, research/NPS answers):
 * one call over the reporting projection's per-ticket facts, the kind choosing the rows and columns.
 * Their layouts are ours (docs/compatibility.md).
 */
export const ReportKinds = ['tickets', 'groups', 'duration', 'nps'] as const;
export type ReportKind = (typeof ReportKinds)[number];

/** The most rows one page may ask for (the export walks pages of this size). */
export const ReportMaxPageSize = 1_000;
export const ReportDefaultPageSize = 20;

const filterOnly = "a filter of the caller's own report";
const optionalId = unowned(
  filterOnly,
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
);

/** GET /reports/tickets: the kind, the creation dates (both inclusive local days) and the filters. */
export const TicketReportQuery = withRangeChecks(
  z
    .object({
      kind: z.enum(ReportKinds).default('tickets'),
      dateFrom: dayOrTimestamp,
      dateTo: dayOrTimestamp,
      queueId: optionalId,
      userId: optionalId,
      whatsappId: optionalId,
      tagId: optionalId,
      status: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        z.enum(TicketStatuses).optional(),
      ),
      pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
      pageSize: z.coerce
        .number()
        .int()
        .min(1)
        .max(ReportMaxPageSize)
        .default(ReportDefaultPageSize),
    })
    .transform((v) => ({ ...v, from: v.dateFrom, to: v.dateTo })),
  'dateTo',
);
export type TicketReportQuery = z.infer<typeof TicketReportQuery>;
/** What a client sends (the query string of GET /reports/tickets and /reports/metrics). */
export type TicketReportFilter = {
  kind?: ReportKind;
  dateFrom: string;
  dateTo: string;
  queueId?: number;
  userId?: number;
  whatsappId?: number;
  tagId?: number;
  status?: TicketStatus;
  pageNumber?: number;
  pageSize?: number;
};

/** One ticket of a report; times are ISO instants, durations whole minutes (null: not reached). */
export type TicketReportRow = {
  id: number;
  contactName: string;
  isGroup: boolean;
  status: TicketStatus;
  queueName: string | null;
  userName: string | null;
  connectionName: string | null;
  tags: string[];
  createdAt: string;
  acceptedAt: string | null;
  firstResponseAt: string | null;
  closedAt: string | null;
  /** created → accepted */
  waitMinutes: number | null;
  /** created → first response */
  firstResponseMinutes: number | null;
  /** accepted → closed */
  supportMinutes: number | null;
  /** created → closed */
  totalMinutes: number | null;
  rate: number | null;
  ratedAt: string | null;
};
export type TicketReportPage = { rows: TicketReportRow[]; count: number; hasMore: boolean };

/** The first-response buckets of the service metrics, as upper bounds in minutes (the last is open). */
export const FirstResponseBuckets = [
  { label: '0-1h', below: 60 },
  { label: '1-4h', below: 240 },
  { label: '4-8h', below: 480 },
  { label: '8-24h', below: 1_440 },
  { label: '24h+', below: null },
] as const;
export type FirstResponseBucket = (typeof FirstResponseBuckets)[number]['label'];

/** An average and a median in minutes (2 decimals) over `count` tickets that reached the step. */
export type MinutesSummary = { count: number; avgMinutes: number; medianMinutes: number };

/**
 * GET /reports/metrics (the report filters, kind aside): first response (created → first visible
 * answer) and resolution (created → close) over the tickets the filters select, and how the first
 * responses spread over the buckets (integer percentages of the answered tickets).
 */
export type ServiceMetricsReply = {
  tickets: number;
  firstResponse: MinutesSummary;
  resolution: MinutesSummary;
  firstResponseDistribution: { bucket: FirstResponseBucket; count: number; percent: number }[];
};
