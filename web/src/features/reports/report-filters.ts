import {
  isTicketStatus,
  NpsClasses,
  type NpsClass,
  type ReportKind,
  type TicketReportFilter,
} from '@sb/contracts';
import { firstDayOfMonth } from '../dashboard/dashboard-format.js';

/** What the filter bar sets: the report's query without its kind and page. */
export type ReportFilters = Omit<TicketReportFilter, 'kind' | 'pageNumber' | 'pageSize' | 'after'>;

const isNpsClass = (value: string | null): value is NpsClass =>
  (NpsClasses as readonly string[]).includes(value ?? '');

const IdFields = ['queueId', 'userId', 'whatsappId', 'tagId'] as const;

/**
 * The filters a report's address carries (`/reports/tickets?status=closed&dateFrom=…`), so a
 * dashboard card or bar can open the tickets behind it and a filtered report can be shared. A date
 * that is absent takes its default (the month so far up to `today`, empty while today is unknown);
 * one that is present but empty stays empty.
 */
export const filtersOf = (search: URLSearchParams, today: string | undefined): ReportFilters => {
  const filters: ReportFilters = {
    dateFrom: search.get('dateFrom') ?? (today ? firstDayOfMonth(today) : ''),
    dateTo: search.get('dateTo') ?? today ?? '',
  };
  for (const field of IdFields) {
    const id = Number(search.get(field));
    if (Number.isSafeInteger(id) && id > 0) filters[field] = id;
  }
  const status = search.get('status');
  if (isTicketStatus(status)) filters.status = status;
  const npsClass = search.get('npsClass');
  if (isNpsClass(npsClass)) filters.npsClass = npsClass;
  if (search.get('groups') === 'false') filters.groups = false;
  return filters;
};

/** The address's query of `filters` (the inverse of filtersOf). */
export const searchOf = (filters: ReportFilters): URLSearchParams => {
  const search = new URLSearchParams({ dateFrom: filters.dateFrom, dateTo: filters.dateTo });
  for (const field of IdFields) if (filters[field]) search.set(field, String(filters[field]));
  if (filters.status) search.set('status', filters.status);
  if (filters.npsClass) search.set('npsClass', filters.npsClass);
  if (filters.groups === false) search.set('groups', 'false');
  return search;
};

/**
 * The filters a report of `kind` is asked with: the NPS class only on the NPS answers, the groups
 * switch everywhere but on the group tickets (the address keeps both while other tabs are open).
 */
export const reportFilterOf = (filters: ReportFilters, kind: ReportKind): TicketReportFilter => {
  const { npsClass, groups, ...common } = filters;
  return {
    ...common,
    kind,
    ...(kind === 'nps' && npsClass ? { npsClass } : {}),
    ...(kind !== 'groups' && groups === false ? { groups } : {}),
  };
};
