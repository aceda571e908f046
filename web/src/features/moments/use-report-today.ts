import { ReportDefaultTimeZone } from '@sb/contracts';
import { useMemo } from 'react';
import { useGetReportTimeZoneQuery } from './moments.api.js';
import { dayIn } from './report-days.js';

/**
 * Today on the calendar the reports use (the company's zone, as the server reads dates), so a
 * filter's default days match the server's even when the browser sits in another zone; undefined
 * while the zone loads (the installation's default when it cannot be read).
 */
export function useReportToday(): string | undefined {
  const zone = useGetReportTimeZoneQuery();
  const timeZone = zone.isLoading ? undefined : (zone.data?.timeZone ?? ReportDefaultTimeZone);
  return useMemo(() => (timeZone ? dayIn(timeZone, Date.now()) : undefined), [timeZone]);
}

/** The company's report zone (the installation's default while it loads or cannot be read). */
export function useReportTimeZone(): string {
  return useGetReportTimeZoneQuery().data?.timeZone ?? ReportDefaultTimeZone;
}
