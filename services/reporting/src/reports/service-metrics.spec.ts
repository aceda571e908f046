import { bucketIndexOf, serviceMetricsOf } from './service-metrics.js';

describe('service metrics', () => {
  it('puts a first response in its bucket: 0–1 h, 1–4 h, 4–8 h, 8–24 h, 24 h+', () => {
    expect([0, 59, 60, 239, 240, 479, 480, 1_439, 1_440, 10_000].map(bucketIndexOf)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4,
    ]);
  });

  it('averages and shares the first responses and resolutions', () => {
    // first responses 10, 30, 90, 600 min (4 of 5 tickets answered): avg 182.5, median (30+90)/2 = 60
    // resolutions 60, 120, 1500 min: avg 560, median 120
    expect(
      serviceMetricsOf({
        tickets: 5,
        responded: 4,
        responseMinutes: 730,
        responseMedian: 60,
        resolved: 3,
        resolutionMinutes: 1_680,
        resolutionMedian: 120,
        buckets: [2, 1, 0, 1, 0],
      }),
    ).toEqual({
      tickets: 5,
      firstResponse: { count: 4, avgMinutes: 182.5, medianMinutes: 60 },
      resolution: { count: 3, avgMinutes: 560, medianMinutes: 120 },
      firstResponseDistribution: [
        { bucket: '0-1h', count: 2, percent: 50 },
        { bucket: '1-4h', count: 1, percent: 25 },
        { bucket: '4-8h', count: 0, percent: 0 },
        { bucket: '8-24h', count: 1, percent: 25 },
        { bucket: '24h+', count: 0, percent: 0 },
      ],
    });
  });

  it('answers zeros for a period without answers', () => {
    const metrics = serviceMetricsOf({
      tickets: 0,
      responded: 0,
      responseMinutes: 0,
      responseMedian: null,
      resolved: 0,
      resolutionMinutes: 0,
      resolutionMedian: null,
      buckets: [0, 0, 0, 0, 0],
    });
    expect(metrics.firstResponse).toEqual({ count: 0, avgMinutes: 0, medianMinutes: 0 });
    expect(metrics.firstResponseDistribution.every((b) => b.percent === 0)).toBe(true);
  });
});
