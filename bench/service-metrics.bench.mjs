// The service metrics at size (issue 18): one company with 100,000 tickets created in March 2026 (five
// queues, 90% answered, 70% closed, two next-response waits in three tickets), its hours (Monday to
// Friday, schedule type queue, two queues with hours of their own) and three SLA targets, seeded with SQL
// into reporting's projections. Measured over the bus as the company's admin: the metrics of the whole
// month (every ticket read in batches and measured on both clocks) and of one week. `BENCH_SCALE=0.1`
// seeds a tenth for a quick run.
import pg from 'pg';
import { envNumber, latencyMetrics, writeResult } from './bench-harness.mjs';
import { freshDatabase } from './bench-infra.mjs';

process.env.LOG_LEVEL ??= 'warn';
const { createInProcessBus } = await import('@sb/platform/bus');
const { Subjects } = await import('@sb/contracts');
const { startReportingService } = await import('@sb/reporting');

const name = 'service-metrics';
const scale = envNumber('BENCH_SCALE', 1);
const tickets = Math.round(100_000 * scale);
const iterations = Math.round(envNumber('BENCH_ITERATIONS', 10));
const targets = { month_p95_ms: 3_000, week_p95_ms: 1_000 };
const companyId = 7;

const day = (weekdayEn, a, b) => ({
  weekday: weekdayEn,
  weekdayEn,
  startTimeA: a[0],
  endTimeA: a[1],
  startTimeB: b?.[0] ?? '',
  endTimeB: b?.[1] ?? '',
});
const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const office = weekdays.map((d) => day(d, ['09:00', '12:00'], ['13:00', '18:00']));

const database = await freshDatabase('service_metrics');
const bus = createInProcessBus({});
const service = await startReportingService({ bus, databaseUrl: database.url, env: {} });
const db = new pg.Pool({ connectionString: database.url, max: 2 });
try {
  const seeding = performance.now();
  const iso = (sql) => `to_char((${sql}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  await db.query(
    `INSERT INTO reporting.ticket_fact (company_id, ticket_id, contact_id, created_at, status,
       queue_id, queue_name, first_response_at, closed_at, next_responses, version_at, version_seq,
       updated_at)
     SELECT $1, i, i, created, CASE WHEN i % 10 < 7 THEN 'closed' ELSE 'open' END, 1 + i % 5,
            'Fila ' || (1 + i % 5), answered,
            CASE WHEN i % 10 < 7 THEN answered + ((i * 31) % 2880) * interval '1 minute' END,
            CASE WHEN answered IS NULL OR i % 3 = 0 THEN '[]'::jsonb
                 ELSE jsonb_build_array(
                   jsonb_build_array(${iso("answered + interval '10 minutes'")},
                                     ${iso("answered + interval '40 minutes'")}),
                   jsonb_build_array(${iso("answered + interval '1 hour'")},
                                     ${iso("answered + interval '3 hours'")})) END,
            created, created, created
       FROM (SELECT i, created,
                    CASE WHEN i % 10 <> 9
                         THEN created + ((i * 7919) % 1500) * interval '1 minute' END AS answered
               FROM (SELECT i, timestamptz '2026-03-01 03:00Z' + (i * (2678400.0 / $2)) * interval '1 second'
                              AS created
                       FROM generate_series(1, $2) AS i) s) t`,
    [companyId, tickets],
  );
  await db.query(
    `INSERT INTO reporting.company_hours (company_id, schedules, schedules_at, schedule_type,
       schedule_type_at) VALUES ($1, $2, now(), 'queue', now())`,
    [companyId, JSON.stringify(office)],
  );
  for (const [queueId, grid] of [
    [1, weekdays.map((d) => day(d, ['08:00', '20:00']))],
    [2, [...office, day('saturday', ['09:00', '13:00'])]],
  ])
    await db.query(
      `INSERT INTO reporting.queue_hours (company_id, queue_id, name, schedules, version_at)
       VALUES ($1, $2, $3, $4, now())`,
      [companyId, queueId, `Fila ${queueId}`, JSON.stringify(grid)],
    );
  for (const [queueId, minutes] of [
    [1, 30],
    [2, 60],
    [3, 240],
  ])
    await db.query(
      'INSERT INTO reporting.sla_target (company_id, queue_id, first_response_minutes) VALUES ($1, $2, $3)',
      [companyId, queueId, minutes],
    );
  await db.query('ANALYZE reporting.ticket_fact');
  console.log(`seeded ${tickets} tickets in ${Math.round(performance.now() - seeding)} ms`);

  const ctx = {
    requestId: 'bench',
    companyId,
    userId: 5,
    profile: 'admin',
    super: false,
    lang: 'en',
  };
  const measure = async (period) => {
    const latencies = [];
    let reply;
    for (let i = 0; i < iterations + 2; i += 1) {
      const started = performance.now();
      reply = await bus.request(
        Subjects.reporting.serviceMetrics,
        { ctx, data: period },
        { timeoutMs: 120_000 },
      );
      // the first two warm up the calendars' code paths and Postgres' cache
      if (i >= 2) latencies.push(performance.now() - started);
    }
    return { latencies, reply };
  };
  const month = await measure({ dateFrom: '2026-03-01', dateTo: '2026-03-31' });
  const week = await measure({ dateFrom: '2026-03-09', dateTo: '2026-03-15' });
  const metrics = {
    tickets: month.reply.tickets,
    ...latencyMetrics('month_', month.latencies),
    week_tickets: week.reply.tickets,
    ...latencyMetrics('week_', week.latencies),
  };
  console.log(
    `month: ${month.reply.tickets} tickets, first response ${month.reply.wallClock.firstResponse.avgMinutes} min ` +
      `(business ${month.reply.businessHours.firstResponse.avgMinutes}), SLA overall ` +
      `${month.reply.sla.overall.wallClock.percent}% / ${month.reply.sla.overall.businessHours.percent}%`,
  );
  const failed = Object.entries(targets).filter(([metric, limit]) => metrics[metric] > limit);
  const file = writeResult(name, metrics, { scale, iterations, targets });
  console.log(`results: ${file}`);
  if (failed.length) {
    console.error(`over target: ${failed.map(([m, l]) => `${m} ${metrics[m]} > ${l}`).join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await db.end();
  await service.close();
  await bus.close();
  await database.drop();
}
