import type { ReportKind, TicketStatus } from '@sb/contracts';
import { searchOf, type ReportFilters } from '../reports/report-filters.js';

/** The dashboard's period, as its charts ask for it. */
export type Period = { initialDate: string; finalDate: string };

/**
 * Where a card or a bar leads (issue 18, drill-down): the report of the tickets behind the figure,
 * over the dashboard's period and narrowed like the figure.
 */
export const reportOf = (
  kind: ReportKind,
  period: Period,
  narrow: Omit<Partial<ReportFilters>, 'dateFrom' | 'dateTo'> = {},
): string =>
  `/reports/${kind}?${searchOf({ dateFrom: period.initialDate, dateTo: period.finalDate, ...narrow })}`;

/** The in-service and waiting cards count tickets of any date that are open now: the inbox lists them. */
export const inboxOf = (status: Extract<TicketStatus, 'open' | 'pending'>): string =>
  `/tickets?status=${status}`;

/** A per-day bar's label (spec 2: `dd/mm/yyyy`) as the day it names. */
export const dayOfBar = (label: string): string => {
  const [day, month, year] = label.split('/');
  return `${year}-${month}-${day}`;
};
