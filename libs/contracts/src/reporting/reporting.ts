import { z } from 'zod';
import { ref, unowned } from '../refs/refs.js';
import { TicketStatuses, type TicketStatus } from '../tickets/ticket-statuses.js';
import { isCalendarDay, parseJsonOrKeep } from '../http/form-values.js';
import { recordId } from '../http/record-ids.js';

/**
 * The dashboard and Tempo Real calls (spec 2 §7 "Dashboard and moments", §3 "Dashboard counters";
 * BEHAVIOUR.md §7 without its ⚠). Figures come from the reporting service's projections of the event
 * stream; the company is always the caller's (ctx), never a query field.
 */

/** The widest period a call may ask for (issue 18 "Bad input"). */
export const ReportMaxRangeDays = 5 * 366;

export const ReportingMessages = {
  invalidDate: 'Invalid date',
  datesOutOfOrder: 'End before start',
  rangeTooLong: 'Range over 5 years',
  filterRequired: 'Por favor configura el filtro',
} as const;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ReportingMessages.invalidDate)
  .refine(isCalendarDay, ReportingMessages.invalidDate);
/** `2026-11-25` or an ISO timestamp (the web's date pickers send either); the day part is kept. */
export const dayOrTimestamp = z.preprocess(
  (value) => (typeof value === 'string' && value.length > 10 ? value.slice(0, 10) : value),
  day,
);
const optionalDay = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  dayOrTimestamp.optional(),
);
const filterOnly = "a filter of the caller's own figures";

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** A period as two inclusive local days, checked for order and length (issues on `toField`). */
export const withRangeChecks = <T extends { from?: string; to?: string }>(
  schema: z.ZodType<T>,
  toField = 'to',
) =>
  schema.superRefine((value, ctx) => {
    if (!value.from || !value.to) return;
    const span = daysBetween(value.from, value.to);
    const path = [toField];
    if (span < 0)
      ctx.addIssue({ code: 'custom', path, message: ReportingMessages.datesOutOfOrder });
    else if (span > ReportMaxRangeDays)
      ctx.addIssue({ code: 'custom', path, message: ReportingMessages.rangeTooLong });
  });

/**
 * GET /dashboard: the last `days` days (today included), or date_from..date_to where one of the two may
 * be left out (spec 2 §4: at least one of the three; the service fills in the other date).
 */
export const DashboardQuery = z
  .object({
    days: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number().int().min(1).max(ReportMaxRangeDays).optional(),
    ),
    date_from: optionalDay,
    date_to: optionalDay,
  })
  .superRefine((value, ctx) => {
    if (value.days !== undefined) return;
    if (!value.date_from && !value.date_to)
      ctx.addIssue({
        code: 'custom',
        path: ['date_from'],
        message: ReportingMessages.filterRequired,
      });
    if (value.date_from && value.date_to) {
      const span = daysBetween(value.date_from, value.date_to);
      if (span < 0)
        ctx.addIssue({
          code: 'custom',
          path: ['date_to'],
          message: ReportingMessages.datesOutOfOrder,
        });
      else if (span > ReportMaxRangeDays)
        ctx.addIssue({
          code: 'custom',
          path: ['date_to'],
          message: ReportingMessages.rangeTooLong,
        });
    }
  });
export type DashboardQuery = z.infer<typeof DashboardQuery>;

export type DashboardCounters = {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  /** minutes (the screen shows hours:minutes) */
  avgSupportTime: number;
  avgWaitTime: number;
  leads: number;
  npsScore: number;
  npsPromotersPerc: number;
  npsPassivePerc: number;
  npsDetractorsPerc: number;
  tickets: number;
  waitRating: number;
  withoutRating: number;
  withRating: number;
  percRating: number;
};
export type DashboardAttendant = {
  id: number;
  name: string;
  /** average rate, 2 decimals */
  rating: number;
  countRating: number;
  tickets: number;
  avgWaitTime: number;
  avgSupportTime: number;
  online: boolean;
};
export type DashboardReply = { counters: DashboardCounters; attendants: DashboardAttendant[] };

/** GET /dashboard/ticketsUsers and /dashboard/ticketsDay (a `companyId` sent by old clients is ignored). */
export const TicketsChartQuery = withRangeChecks(
  z
    .object({ initialDate: dayOrTimestamp, finalDate: dayOrTimestamp })
    .transform((v) => ({ ...v, from: v.initialDate, to: v.finalDate })),
);
export type TicketsChartQuery = z.infer<typeof TicketsChartQuery>;
/** `userId` is ours (the dashboard's drill-down); `nome` and `quantidade` are the spec's. */
export type TicketsUsersReply = { data: { nome: string; quantidade: number; userId: number }[] };
export type TicketsDayReply = {
  data: ({ horario: string; total: number } | { data: string; total: number })[];
  count: number;
};

/** GET /messages-allMe: messages sent by the company (fromMe true) or received, between two days. */
export const MessagesCountQuery = withRangeChecks(
  z
    .object({
      fromMe: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()),
      dateStart: dayOrTimestamp,
      dateEnd: dayOrTimestamp,
    })
    .transform((v) => ({ ...v, from: v.dateStart, to: v.dateEnd })),
);
export type MessagesCountQuery = z.infer<typeof MessagesCountQuery>;
export type MessagesCountReply = { count: { count: number }[] };

/** Tempo Real's default range: the last 30 days of the report zone, today included. */
export const MomentsDefaultDays = 30;

/** GET /dashboard/moments (Tempo Real): tickets created in the range (default the last 30 days). */
export const MomentsQuery = withRangeChecks(
  z
    .object({
      status: z.enum(TicketStatuses).optional().catch(undefined),
      showAll: z.preprocess((v) => v === true || v === 'true', z.boolean()),
      queueIds: unowned(
        filterOnly,
        z.preprocess(
          (v) =>
            v === undefined || v === ''
              ? undefined
              : typeof v === 'string'
                ? v.startsWith('[')
                  ? parseJsonOrKeep(v)
                  : v.split(',')
                : v,
          z.array(recordId).max(500).optional(),
        ),
      ),
      userId: ref('user', recordId.optional()),
      dateStart: optionalDay,
      dateEnd: optionalDay,
    })
    .transform((v) => ({ ...v, from: v.dateStart, to: v.dateEnd })),
);
export type MomentsQuery = z.infer<typeof MomentsQuery>;
export type MomentTicket = {
  id: number;
  status: TicketStatus;
  contactId: number;
  contact: { id: number; name: string };
  isGroup: boolean;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  userId: number | null;
  user: { id: number; name: string; profile: string | null } | null;
  whatsappId: number | null;
  createdAt: string;
  updatedAt: string;
};
export type MomentsReply = MomentTicket[];

/** `reporting.projection.rebuild` (super user): replays the stream into fresh tables. */
export type ProjectionRebuildReply = { events: number; seconds: number };

/**
 * `reporting.figures.changed`: the projection committed changes to the company's figures. Sent at most
 * once a second per company, after the commit, so a dashboard that refetches on it reads them.
 */
export type FiguresChangedEventData = Record<string, never>;
/** `company-<id>-dashboard` (to the company's admins): the figures changed, the screen reads them again. */
export type DashboardSocketPayload = { action: 'update' };
