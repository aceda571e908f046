import type { CustomTypeOptions, ParseKeys } from 'i18next';
import { npsClassOf, type ReportKind, type TicketReportRow } from '@sb/contracts';
import { formatDateTimeIn } from '../../lib/dates.js';
import { hoursMinutes } from '../dashboard/dashboard-format.js';

/**
 * How cells are written: `t` the reports namespace's translations, dates on the calendar of the
 * company's report zone in the app language (the days the filters select are that zone's).
 */
export type ReportFormat = {
  t: (key: ParseKeys<'reports'>) => string;
  timeZone: string;
  language: string;
};

/** A report column: its header's translation key and its cell as text (the table and the files). */
export type ReportColumn = {
  key: keyof CustomTypeOptions['resources']['reports']['columns'];
  cell: (row: TicketReportRow, format: ReportFormat) => string;
};

const dateTime = (iso: string | null, f: ReportFormat) =>
  formatDateTimeIn(iso, f.timeZone, f.language);
/** Minutes as hours:minutes (as the dashboard's cards); empty when the step did not happen. */
const duration = (minutes: number | null) => (minutes === null ? '' : hoursMinutes(minutes));

const column = {
  id: { key: 'id', cell: (r) => String(r.id) },
  contact: { key: 'contact', cell: (r) => r.contactName },
  status: { key: 'status', cell: (r, f) => f.t(`statuses.${r.status}`) },
  queue: { key: 'queue', cell: (r) => r.queueName ?? '' },
  user: { key: 'user', cell: (r) => r.userName ?? '' },
  connection: { key: 'connection', cell: (r) => r.connectionName ?? '' },
  tags: { key: 'tags', cell: (r) => r.tags.join(', ') },
  createdAt: { key: 'createdAt', cell: (r, f) => dateTime(r.createdAt, f) },
  closedAt: { key: 'closedAt', cell: (r, f) => dateTime(r.closedAt, f) },
  wait: { key: 'wait', cell: (r) => duration(r.waitMinutes) },
  firstResponse: { key: 'firstResponse', cell: (r) => duration(r.firstResponseMinutes) },
  support: { key: 'support', cell: (r) => duration(r.supportMinutes) },
  total: { key: 'total', cell: (r) => duration(r.totalMinutes) },
  rate: { key: 'rate', cell: (r) => (r.rate === null ? '' : String(r.rate)) },
  npsClass: {
    key: 'npsClass',
    cell: (r, f) => (r.rate === null ? '' : f.t(`npsClasses.${npsClassOf(r.rate)}`)),
  },
  ratedAt: { key: 'ratedAt', cell: (r, f) => dateTime(r.ratedAt, f) },
} satisfies Record<string, ReportColumn>;

/** The columns of each report (our layout: docs/compatibility.md). */
export const ReportColumns: Record<ReportKind, ReportColumn[]> = {
  tickets: [
    column.id,
    column.contact,
    column.status,
    column.queue,
    column.user,
    column.connection,
    column.tags,
    column.createdAt,
    column.closedAt,
  ],
  groups: [
    column.id,
    column.contact,
    column.status,
    column.queue,
    column.user,
    column.connection,
    column.createdAt,
    column.closedAt,
  ],
  duration: [
    column.id,
    column.contact,
    column.queue,
    column.user,
    column.createdAt,
    column.wait,
    column.firstResponse,
    column.support,
    column.total,
  ],
  nps: [
    column.id,
    column.contact,
    column.queue,
    column.user,
    column.rate,
    column.npsClass,
    column.ratedAt,
  ],
};

/**
 * A cell as a spreadsheet must read it: text starting with = + - @ (or a tab or a carriage return)
 * would run as a formula (CSV/formula injection), so it gets a leading quote and stays text.
 */
export const sheetCell = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** A sheet of the rows for the files: the translated headers, then one text row per ticket. */
export const reportSheet = (
  kind: ReportKind,
  rows: TicketReportRow[],
  format: ReportFormat,
): string[][] =>
  [
    ReportColumns[kind].map((c) => format.t(`columns.${c.key}`)),
    ...rows.map((row) => ReportColumns[kind].map((c) => c.cell(row, format))),
  ].map((line) => line.map(sheetCell));

/** RFC 4180 CSV: fields quoted when they hold a quote, a separator or a line break. */
export const toCsv = (sheet: string[][]): string =>
  sheet
    .map((row) =>
      row
        .map((cell) => (/[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
        .join(','),
    )
    .join('\r\n') + '\r\n';
