import type { DashboardAttendant, DashboardCounters } from '@sb/contracts';
import { RollupCountNames, type RollupCounts } from '../projection/ticket-fact-rules.js';

/**
 * The dashboard's arithmetic (BEHAVIOUR.md §7 without its ⚠), over sums of the daily rollups. Pure, so
 * every figure has a hand-computed test.
 */

/** Sums of rollup rows over a period (all of a company's, or one user's): the same counts, added up. */
export type RollupSums = RollupCounts;

export const emptySums = (): RollupSums =>
  Object.fromEntries(RollupCountNames.map((name) => [name, 0])) as RollupSums;

/** An average in minutes with 2 decimals; 0 without values (zeros were never counted). */
export const averageMinutes = (sum: number, count: number): number =>
  count > 0 ? Math.round((sum / count) * 100) / 100 : 0;

/** An integer percentage (rounded half up); 0 of nothing is 0. */
export const percent = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part * 100) / whole) : 0;

/** NPS split over the rated tickets: integer percentages and score = promoters% − detractors%. */
export function nps(sums: Pick<RollupSums, 'promoters' | 'passives' | 'detractors'>) {
  const rated = sums.promoters + sums.passives + sums.detractors;
  const promoters = percent(sums.promoters, rated);
  const detractors = percent(sums.detractors, rated);
  return {
    npsPromotersPerc: promoters,
    npsPassivePerc: percent(sums.passives, rated),
    npsDetractorsPerc: detractors,
    npsScore: promoters - detractors,
  };
}

/**
 * The counters of spec 2 §3 from the period's sums and the current open/pending counts. The rating
 * figures all count the period's closed tickets: tickets = withRating + withoutRating, and percRating
 * is withRating of tickets, so the cards never disagree (issue: "38 %" beside "21 of 21 rated", when
 * the share was taken over every ticket created, open ones included).
 */
export function countersOf(
  sums: RollupSums,
  current: { open: number; pending: number },
  leads: number,
): DashboardCounters {
  return {
    supportHappening: current.open,
    supportPending: current.pending,
    supportFinished: sums.closed,
    avgSupportTime: averageMinutes(sums.supportMinutes, sums.supportCount),
    avgWaitTime: averageMinutes(sums.waitMinutes, sums.waitCount),
    leads,
    ...nps(sums),
    tickets: sums.closed,
    waitRating: sums.npsWaiting,
    withRating: sums.closedRated,
    withoutRating: sums.closed - sums.closedRated,
    percRating: percent(sums.closedRated, sums.closed),
  };
}

/** One attendant row: averages of that user's tickets, rating with 2 decimals. */
export function attendantOf(
  user: { id: number; name: string; online: boolean },
  sums: RollupSums,
): DashboardAttendant {
  return {
    id: user.id,
    name: user.name,
    rating: sums.rated > 0 ? Math.round((sums.rateSum / sums.rated) * 100) / 100 : 0,
    countRating: sums.rated,
    tickets: sums.tickets,
    avgWaitTime: averageMinutes(sums.waitMinutes, sums.waitCount),
    avgSupportTime: averageMinutes(sums.supportMinutes, sums.supportCount),
    online: user.online,
  };
}

/** `YYYY-MM-DD` shifted by whole days. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The period of GET /dashboard: the last `days` local days (today included), or the dates. A missing
 * end is today (a start after today reads that one day); a missing start is the first day of the end's
 * month, the screen's own default start.
 */
export function periodOf(
  query: { days?: number; date_from?: string; date_to?: string },
  today: string,
): { from: string; to: string } {
  if (query.days !== undefined) return { from: addDays(today, 1 - query.days), to: today };
  const to = query.date_to ?? (query.date_from! > today ? query.date_from! : today);
  return { from: query.date_from ?? `${to.slice(0, 8)}01`, to };
}

/** `dd/mm/yyyy` of `YYYY-MM-DD` (the ticketsDay labels). */
export const brazilianDate = (day: string): string => {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
};
