import { z } from 'zod';
import { unowned } from '../refs/refs.js';
import type { PlanView } from '../plans/plan-inputs.js';
import { RecurrenceNames } from './recurrence.js';
import { weekdayEnName } from '../http/form-values.js';
import { recordId } from '../http/record-ids.js';

/** An empty or unreadable date is sent as null (spec 2 §5); absent stays absent (no change). */
const dueDate = z.preprocess((value) => {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  const date = new Date(value as string);
  return typeof value === 'string' && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}, z.string().nullable().optional());

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

const companyFields = {
  name: z.string().trim().min(1).max(120),
  email: z.string().trim().toLowerCase().pipe(z.email()),
  phone: optionalText(40),
  document: optionalText(40),
  paymentMethod: optionalText(40),
  planId: unowned('plans are platform-wide', recordId),
  status: z.boolean(),
  dueDate,
  recurrence: z.enum(RecurrenceNames),
};

/**
 * POST /companies. email + password also create the company's first admin user (login email, so it
 * must be free platform-wide); name, email and plan are required.
 */
export const CompanyInput = z.object({
  ...companyFields,
  status: companyFields.status.default(true),
  recurrence: companyFields.recurrence.default('MENSAL'),
  password: z.string().min(5).max(50),
});
export type CompanyInput = z.infer<typeof CompanyInput>;

/** PUT /companies/:id: any field; a password changes the company's first admin's password. */
export const CompanyUpdateInput = z
  .object({ ...companyFields, password: z.string().min(5).max(50) })
  .partial();
export type CompanyUpdateInput = z.infer<typeof CompanyUpdateInput>;

const time = z.union([z.literal(''), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)]);

/** One weekday of a company schedule (the same shape as queue and connection schedules). */
export const WeekdaySchedule = z.object({
  weekday: z.string().trim().min(1).max(20),
  weekdayEn: weekdayEnName(20),
  startTimeA: time,
  endTimeA: time,
  startTimeB: time,
  endTimeB: time,
});
export type WeekdaySchedule = z.infer<typeof WeekdaySchedule>;

/**
 * When one weekday of a schedule (company, queue or connection) is open, as the readers of the hours
 * (the bot, the reports) take it: two ranges, "HH:mm" or "".
 */
export type WorkingDay = Omit<WeekdaySchedule, 'weekday'>;

/** PUT /companies/:id/schedules */
export const CompanySchedulesInput = z.object({ schedules: z.array(WeekdaySchedule).max(7) });
export type CompanySchedulesInput = z.infer<typeof CompanySchedulesInput>;

/** GET /companies query */
export const CompanyListQuery = z.object({
  searchParam: z.string().trim().max(120).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
});
export type CompanyListQuery = z.infer<typeof CompanyListQuery>;
export const CompaniesPageSize = 20;

export type CompanyView = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  document: string | null;
  paymentMethod: string | null;
  status: boolean;
  /** ISO; company 1 always 2999-12-31 */
  dueDate: string | null;
  recurrence: string | null;
  planId: number;
  plan: { id: number; name: string; amount: string };
  schedules: WeekdaySchedule[];
  /** the company's users (its attendants) */
  usersCount: number;
  createdAt: string;
  lastLogin: string | null;
};

/**
 * What a company takes up, measured, summed over the services: its rows, their bytes in the
 * databases, and the bytes of its media objects (storage prefix `company-<id>/`).
 */
export type CompanyStorage = { rows: number; bytes: number; mediaBytes: number };

/**
 * A company as the super's companies screen reads it (GET /companies, GET /companies/:id): its record
 * with the count of its connections and of its queues, which the connectors and tickets services own,
 * and its storage, which every service adds to. `null` when a service did not answer in time (the
 * list still loads).
 */
export type CompanyRecordView = CompanyView & {
  connectionsCount: number | null;
  queuesCount: number | null;
  storage: CompanyStorage | null;
};

/** GET /companies answer: one page of 20, by name; `count` is the total matching the search. */
export type CompaniesPage = { companies: CompanyRecordView[]; hasMore: boolean; count: number };

/** tickets.queue.count / connectors.connection.count: the records of each company (a page's worth). */
export const CompanyCountsRequest = z.object({
  companyIds: unowned(
    'super users only: the companies of the platform',
    z.array(z.number().int().positive()).max(CompaniesPageSize),
  ),
});
export type CompanyCountsRequest = z.infer<typeof CompanyCountsRequest>;
/** One entry per company asked about (0 when it has none). */
export type CompanyCountsReply = { counts: { companyId: number; count: number }[] };
/** GET /companies/listPlan/:companyId answer */
export type CompanyPlanView = { companyId: number; plan: PlanView };

export const InvoiceStatuses = ['open', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof InvoiceStatuses)[number];
/** An invoice; `value` is a 2-decimal string like plan amounts. */
export type InvoiceView = {
  id: number;
  companyId: number;
  detail: string;
  value: string;
  dueDate: string;
  status: InvoiceStatus;
  createdAt: string;
};

// bus request data
export type CompanyIdRequest = { id: number };
export type CompanyUpdateRequest = CompanyUpdateInput & { id: number };
export type CompanySchedulesRequest = CompanySchedulesInput & { id: number };
/** GET /companies/:id/schedules answer */
/** The hours of a company, with the IANA time zone they are read in (the bot's and the logins'). */
export type CompanySchedulesView = {
  id: number;
  schedules: CompanySchedulesInput['schedules'];
  timeZone?: string;
};
export type CompanyPlanRequest = { companyId: number };
// events
/** evt.<cid>.identity.company.*: the company, and the time zone its hours are read in (replicas). */
export type CompanyEventData = { company: CompanyView; timeZone?: string };
export type CompanyDeletedEventData = { id: number };
