import { FirstResponseBuckets, type ServiceMetricsReply } from '@sb/contracts';
import { averageMinutes, percent } from '../dashboard/dashboard-formulas.js';

/** What SQL sums over the selected tickets (minutes are whole minutes per ticket). */
export type ServiceMetricSums = {
  tickets: number;
  responded: number;
  responseMinutes: number;
  responseMedian: number | null;
  resolved: number;
  resolutionMinutes: number;
  resolutionMedian: number | null;
  /** answered tickets per bucket, in FirstResponseBuckets' order */
  buckets: number[];
};

/** The bucket of a first response of `minutes` (its index in FirstResponseBuckets). */
export const bucketIndexOf = (minutes: number): number => {
  const at = FirstResponseBuckets.findIndex((b) => b.below !== null && minutes < b.below);
  return at < 0 ? FirstResponseBuckets.length - 1 : at;
};

const median = (value: number | null) => (value === null ? 0 : Math.round(value * 100) / 100);

/** The service metrics of the sums: averages and medians with 2 decimals, bucket shares in %. */
export const serviceMetricsOf = (sums: ServiceMetricSums): ServiceMetricsReply => ({
  tickets: sums.tickets,
  firstResponse: {
    count: sums.responded,
    avgMinutes: averageMinutes(sums.responseMinutes, sums.responded),
    medianMinutes: median(sums.responseMedian),
  },
  resolution: {
    count: sums.resolved,
    avgMinutes: averageMinutes(sums.resolutionMinutes, sums.resolved),
    medianMinutes: median(sums.resolutionMedian),
  },
  firstResponseDistribution: FirstResponseBuckets.map((bucket, i) => ({
    bucket: bucket.label,
    count: sums.buckets[i] ?? 0,
    percent: percent(sums.buckets[i] ?? 0, sums.responded),
  })),
});
