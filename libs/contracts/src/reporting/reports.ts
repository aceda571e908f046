import { z } from 'zod';
import { isCalendarDay } from '../http/form-values.js';
import { unowned } from '../refs/refs.js';
import { TicketStatuses, type TicketStatus } from '../tickets/ticket-statuses.js';
import { dayOrTimestamp, withRangeChecks } from './reporting.js';
import { recordId } from '../http/record-ids.js';
import { pageNumberField } from '../http/list-query.js';

/**
 * The reports of spec 2 §2 Dashboard (tickets, group tickets, ticket duration, research/NPS answers):
 * one call over the reporting projection's per-ticket facts, the kind choosing the rows and columns.
 * Their layouts are ours (docs/compatibility.md).
 */
export const ReportKinds = ['tickets', 'groups', 'duration', 'nps'] as const;
export type ReportKind = (typeof ReportKinds)[number];

/** NPS answer classes (BEHAVIOUR.md §7): promoter above 8, passive 7–8, detractor below 7. */
export const NpsClasses = ['promoter', 'passive', 'detractor'] as const;
export type NpsClass = (typeof NpsClasses)[number];
export const npsClassOf = (rate: number): NpsClass =>
  rate > 8 ? 'promoter' : rate >= 7 ? 'passive' : 'detractor';

/** The most rows one page may ask for (the export walks pages of this size). */
export const ReportMaxPageSize = 1_000;
export const ReportDefaultPageSize = 20;

const filterOnly = "a filter of the caller's own report";
const optionalId = unowned(
  filterOnly,
  z.preprocess((v) => (v === '' || v === null ? undefined : v), recordId.optional()),
);

/**
 * A place in a report's order (newest first): the page after it starts below that row, whatever was
 * created or deleted above it since. `next` of a page; opaque to clients.
 */
const cursorPattern = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?Z~\d{1,10}$/;
const ReportCursor = z.string().refine(
  (v) =>
    cursorPattern.test(v) &&
    isCalendarDay(v.slice(0, 10)) &&
    !v.startsWith('0000') && // Postgres has no year 0
    Number(v.split('~')[1]) <= 2_147_483_647,
  'Invalid cursor',
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
      /** the NPS answers of one class (the dashboard's promoters, passives or detractors) */
      npsClass: z.preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        z.enum(NpsClasses).optional(),
      ),
      /** `false` leaves group tickets out, as the tickets-per-user chart counts */
      groups: z.preprocess(
        (v) =>
          v === 'false' ? false : v === 'true' ? true : v === '' || v === null ? undefined : v,
        z.boolean().optional(),
      ),
      pageNumber: pageNumberField(1_000_000),
      pageSize: z.coerce
        .number()
        .int()
        .min(1)
        .max(ReportMaxPageSize)
        .default(ReportDefaultPageSize),
      /** the `next` of the previous page: read below it instead of at pageNumber (the export) */
      after: z.preprocess((v) => (v === '' || v === null ? undefined : v), ReportCursor.optional()),
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
  npsClass?: NpsClass;
  groups?: boolean;
  pageNumber?: number;
  pageSize?: number;
  after?: string;
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
export type TicketReportPage = {
  rows: TicketReportRow[];
  count: number;
  hasMore: boolean;
  /** where the next page starts (`after`), null on the last page */
  next: string | null;
};

/** The first-response buckets of the service metrics, as upper bounds in minutes (the last is open). */
export const FirstResponseBuckets = [
  { label: '0-1h', below: 60 },
  { label: '1-4h', below: 240 },
  { label: '4-8h', below: 480 },
  { label: '8-24h', below: 1_440 },
  { label: '24h+', below: null },
] as const;
export type FirstResponseBucket = (typeof FirstResponseBuckets)[number]['label'];

/** An average and a median in minutes (2 decimals) over `count` measured durations. */
export type MinutesSummary = { count: number; avgMinutes: number; medianMinutes: number };

/** How the first responses spread over FirstResponseBuckets (integer percentages of the answered). */
export type FirstResponseDistribution = {
  bucket: FirstResponseBucket;
  count: number;
  percent: number;
}[];

/**
 * The service times of the selected tickets, in one way of counting time (wall clock or business
 * hours), each measured only once both ends happened (never to now):
 * - firstResponse: created → first visible answer (count: answered tickets);
 * - nextResponse: after the first agent answer, each time the contact writes while no answer is due
 *   (a run of contact messages, from its first), the wait until the agent's next visible answer
 *   (count: waits; a wait still unanswered is not counted);
 * - resolution: created → close, for closed tickets.
 */
export type ServiceDurations = {
  firstResponse: MinutesSummary;
  nextResponse: MinutesSummary;
  resolution: MinutesSummary;
  firstResponseDistribution: FirstResponseDistribution;
};

/** Which hours the selected tickets were counted in (business hours; see `ServiceMetricsReply`). */
export type HoursBasisCounts = { queue: number; company: number; none: number };

/**
 * GET /reports/metrics (the report filters, kind aside): the service times of the tickets the filters
 * select, on the wall clock and in business hours side by side, and the SLA panel.
 *
 * Business hours count only the minutes inside the open periods, in the company's report time zone:
 * a ticket's queue's hours when the company's schedule type is `queue` and the queue has hours, else
 * the company's hours, else none (then business hours equal the wall clock; `hoursBasis` says how
 * many tickets were counted each way).
 */
export type ServiceMetricsReply = {
  tickets: number;
  wallClock: ServiceDurations;
  businessHours: ServiceDurations;
  hoursBasis: HoursBasisCounts;
  sla: SlaReport;
};

/**
 * An SLA share: of the `measured` tickets (answered, or unanswered and already past the target),
 * `withinTarget` got their first response within the target; `percent` is an integer (0 of 0 is 0).
 * Tickets still unanswered and still within the target are left out until they are answered or late.
 */
export type SlaShare = { measured: number; withinTarget: number; percent: number };

/** One queue of the SLA panel: its target (null: none set) and its shares on both clocks. */
export type SlaQueueRow = {
  queueId: number;
  queueName: string;
  targetMinutes: number | null;
  tickets: number;
  wallClock: SlaShare | null;
  businessHours: SlaShare | null;
};

/**
 * The SLA panel: a row per queue with a target or with selected tickets (tickets without a queue have
 * no target), by name; `overall` adds up the queues that have a target.
 */
export type SlaReport = {
  queues: SlaQueueRow[];
  overall: { tickets: number; wallClock: SlaShare; businessHours: SlaShare };
};
