import type { ReportKind, TicketReportRow } from '@sb/contracts';
import { hoursMinutes } from '../dashboard/dashboard-format.js';

/** A report column: its header's translation key and its cell as text (the table and the files). */
export type ReportColumn = { key: string; cell: (row: TicketReportRow) => string };

const dateTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('pt-BR', {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
    : '';
/** Minutes as hours:minutes (as the dashboard's cards); empty when the step did not happen. */
const duration = (minutes: number | null) => (minutes === null ? '' : hoursMinutes(minutes));

const column = {
  id: { key: 'id', cell: (r) => String(r.id) },
  contact: { key: 'contact', cell: (r) => r.contactName },
  status: { key: 'status', cell: (r) => r.status },
  queue: { key: 'queue', cell: (r) => r.queueName ?? '' },
  user: { key: 'user', cell: (r) => r.userName ?? '' },
  connection: { key: 'connection', cell: (r) => r.connectionName ?? '' },
  tags: { key: 'tags', cell: (r) => r.tags.join(', ') },
  createdAt: { key: 'createdAt', cell: (r) => dateTime(r.createdAt) },
  closedAt: { key: 'closedAt', cell: (r) => dateTime(r.closedAt) },
  wait: { key: 'wait', cell: (r) => duration(r.waitMinutes) },
  firstResponse: { key: 'firstResponse', cell: (r) => duration(r.firstResponseMinutes) },
  support: { key: 'support', cell: (r) => duration(r.supportMinutes) },
  total: { key: 'total', cell: (r) => duration(r.totalMinutes) },
  rate: { key: 'rate', cell: (r) => (r.rate === null ? '' : String(r.rate)) },
  npsClass: {
    key: 'npsClass',
    cell: (r) =>
      r.rate === null ? '' : r.rate > 8 ? 'promoter' : r.rate >= 7 ? 'passive' : 'detractor',
  },
  ratedAt: { key: 'ratedAt', cell: (r) => dateTime(r.ratedAt) },
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

/** A sheet of the rows: the translated headers, then one text row per ticket. */
export const reportSheet = (
  kind: ReportKind,
  rows: TicketReportRow[],
  header: (key: string) => string,
): string[][] => [
  ReportColumns[kind].map((c) => header(c.key)),
  ...rows.map((row) => ReportColumns[kind].map((c) => c.cell(row))),
];

/** RFC 4180 CSV: fields quoted when they hold a quote, a separator or a line break. */
export const toCsv = (sheet: string[][]): string =>
  sheet
    .map((row) =>
      row
        .map((cell) => (/[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
        .join(','),
    )
    .join('\r\n') + '\r\n';
