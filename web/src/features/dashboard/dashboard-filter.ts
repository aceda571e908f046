import { shiftDay } from '../moments/report-days.js';
import { firstDayOfMonth } from './dashboard-format.js';
import type { ChartRange, DashboardFilter } from './dashboard.api.js';

/** The filter panel's fields as typed (`YYYY-MM-DD` dates, days as text). */
export type FilterForm = { days: string; from: string; to: string };

/**
 * The dashboard call's filter (spec 2 §4: at least one of days, start or end date): days wins; else
 * the dates that are set; undefined when nothing usable is set.
 */
export const filterOf = (form: FilterForm): DashboardFilter | undefined => {
  const days = Number(form.days);
  if (form.days && Number.isInteger(days) && days > 0) return { days };
  if (!form.from && !form.to) return undefined;
  return {
    ...(form.from ? { date_from: form.from } : {}),
    ...(form.to ? { date_to: form.to } : {}),
  };
};

/**
 * The charts' period for a filter, filled as the server fills the dashboard's: the last `days` up to
 * today; else no end is today (the report zone's) and no start the first day of the end's month.
 */
export const rangeOf = (filter: DashboardFilter, today: string): ChartRange => {
  if (filter.days) return { initialDate: shiftDay(today, 1 - filter.days), finalDate: today };
  const finalDate = filter.date_to ?? today;
  return { initialDate: filter.date_from ?? firstDayOfMonth(finalDate), finalDate };
};
