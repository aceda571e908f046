import { AppError } from '../errors/app-error.js';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's one metrics registry (ops-contract.md): every service of the process records here, the
 * ops server serves it with the default label `service`. Instrumented code calls the helpers below,
 * never prom-client directly, so the names stay in one place.
 */
export const metricsRegistry = new Registry();

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const registers = [metricsRegistry];

export const httpRequestDuration = new Histogram({
  name: 'switchboard_http_request_duration_seconds',
  help: 'HTTP requests served by the gateway, by route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: latencyBuckets,
  registers,
});

export const busRequestDuration = new Histogram({
  name: 'switchboard_bus_request_duration_seconds',
  help: 'Bus requests made by this process (requester side), by subject and ok|error code|timeout',
  labelNames: ['subject', 'status'] as const,
  buckets: latencyBuckets,
  registers,
});

export const outboundQueueDepth = new Gauge({
  name: 'switchboard_outbound_queue_depth',
  help: 'Sends held by the outbound governor (waiting their turn, going out or backing off), by lane',
  labelNames: ['lane'] as const,
  registers,
});

export const campaignMessages = new Counter({
  name: 'switchboard_campaign_messages_total',
  help: 'Campaign messages by result: sent, failed (the shipping gave up), skipped (opted out)',
  labelNames: ['result'] as const,
  registers,
});

const companyUsageGauges = {
  rows: new Gauge({
    name: 'switchboard_company_rows',
    help: 'Rows of each company over every service (the tables an erase empties), measured',
    labelNames: ['company_id'] as const,
    registers,
  }),
  bytes: new Gauge({
    name: 'switchboard_company_bytes',
    help: 'Bytes of those rows in the databases (pg_column_size of each row, indexes left out)',
    labelNames: ['company_id'] as const,
    registers,
  }),
  mediaBytes: new Gauge({
    name: 'switchboard_company_media_bytes',
    help: 'Bytes of the media objects below each company storage prefix (company-<id>/)',
    labelNames: ['company_id'] as const,
    registers,
  }),
};

/**
 * Sets the storage gauges to one measurement of every company: a company no longer measured (erased)
 * leaves no series behind.
 */
export function recordCompanyUsage(
  companies: { companyId: number; rows: number; bytes: number; mediaBytes: number }[],
): void {
  for (const gauge of Object.values(companyUsageGauges)) gauge.reset();
  for (const company of companies) {
    const labels = { company_id: String(company.companyId) };
    companyUsageGauges.rows.set(labels, company.rows);
    companyUsageGauges.bytes.set(labels, company.bytes);
    companyUsageGauges.mediaBytes.set(labels, company.mediaBytes);
  }
}

/** Gauges read at scrape time from whatever registered a sampler for them (see addMetricsSampler). */
const sampledGauges = {
  switchboard_outbox_pending: { help: 'Outbox rows not yet relayed', labels: [] },
  switchboard_outbox_lag_seconds: { help: 'Age of the oldest unrelayed outbox row', labels: [] },
  switchboard_consumer_pending: { help: 'JetStream num_pending per durable', labels: ['durable'] },
  switchboard_consumer_ack_pending: {
    help: 'Deliveries not yet acknowledged per durable',
    labels: ['durable'],
  },
  switchboard_consumer_redelivered: {
    help: 'JetStream num_redelivered per durable',
    labels: ['durable'],
  },
  switchboard_socket_connections: { help: 'socket.io clients of this gateway', labels: [] },
  switchboard_connector_sessions: {
    help: 'Connector sessions this worker runs, by channel and state',
    labels: ['channel', 'state'],
  },
  switchboard_connector_sessions_held: { help: 'Session leases held by this worker', labels: [] },
  switchboard_db_pool_connections: {
    help: 'Database pool connections by state (total, idle, waiting)',
    labels: ['state'],
  },
} as const;

export type SampledGauge = keyof typeof sampledGauges;

/** Samples of one gauge from several sources are added up, except a lag, which is the oldest one. */
const takesMax: ReadonlySet<SampledGauge> = new Set(['switchboard_outbox_lag_seconds']);

const gauges = new Map(
  Object.entries(sampledGauges).map(([name, { help, labels }]) => [
    name as SampledGauge,
    new Gauge({ name, help, labelNames: labels, registers }),
  ]),
);

export type MetricSample = {
  name: SampledGauge;
  labels?: Record<string, string>;
  value: number;
};

export type MetricsSampler = () => MetricSample[] | Promise<MetricSample[]>;

const samplers = new Set<MetricsSampler>();

/** Registers a source of sampled gauges (an outbox relay, a bus, a pool); answers its removal. */
export function addMetricsSampler(sampler: MetricsSampler): () => void {
  samplers.add(sampler);
  return () => {
    samplers.delete(sampler);
  };
}

/** A sampler slower than this is left out of the scrape (a stuck database must not hang it). */
const samplerTimeoutMs = 2_000;

async function sampleWithin(sampler: MetricsSampler): Promise<MetricSample[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(sampler),
      new Promise<MetricSample[]>((resolve) => {
        timer = setTimeout(() => resolve([]), samplerTimeoutMs);
      }),
    ]);
  } catch {
    // a source that cannot answer now (database down) shows no series rather than a stale one
    return [];
  } finally {
    clearTimeout(timer);
  }
}

async function refreshSampledGauges(): Promise<void> {
  const results = await Promise.all([...samplers].map(sampleWithin));
  const values = new Map<
    SampledGauge,
    Map<string, { labels: Record<string, string>; value: number }>
  >();
  for (const sample of results.flat()) {
    const labels = sample.labels ?? {};
    const key = JSON.stringify(labels);
    const series = values.get(sample.name) ?? new Map();
    values.set(sample.name, series);
    const previous = series.get(key);
    const value = !previous
      ? sample.value
      : takesMax.has(sample.name)
        ? Math.max(previous.value, sample.value)
        : previous.value + sample.value;
    series.set(key, { labels, value });
  }
  for (const [name, gauge] of gauges) {
    gauge.reset();
    for (const { labels, value } of values.get(name)?.values() ?? []) gauge.set(labels, value);
  }
}

let rendering: Promise<string> | undefined;

/** The Prometheus text of the process: samplers read first, one scrape at a time. */
export function renderMetrics(): Promise<string> {
  rendering ??= (async () => {
    try {
      await refreshSampledGauges();
      return await metricsRegistry.metrics();
    } finally {
      rendering = undefined;
    }
  })();
  return rendering;
}

let defaultsOn = false;

/** Labels every series with the process's service name and adds Node's own metrics (once). */
export function configureProcessMetrics(service: string): void {
  metricsRegistry.setDefaultLabels({ service });
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** Subject families with a per-instance last token, labelled `<family>.*` (bounded series). */
const subjectFamilies = new Set<string>();

/** e.g. `connectors.whatsapp-worker`: requests to `<family>.<worker id>` share one label. */
export function addBusSubjectFamily(prefix: string): void {
  subjectFamilies.add(prefix);
}

const subjectLabel = (subject: string): string => {
  const dot = subject.lastIndexOf('.');
  return dot > 0 && subjectFamilies.has(subject.slice(0, dot))
    ? `${subject.slice(0, dot)}.*`
    : subject;
};

const requestStatus = (err: unknown): string => {
  if (!(err instanceof AppError)) return 'error';
  return err.code === 'ERR_SERVICE_TIMEOUT' ? 'timeout' : err.code;
};

/** Times one bus request on the requester side: status ok, the replied error code, or timeout. */
export async function timeBusRequest<T>(subject: string, request: () => Promise<T>): Promise<T> {
  const end = busRequestDuration.startTimer({ subject: subjectLabel(subject) });
  try {
    const reply = await request();
    end({ status: 'ok' });
    return reply;
  } catch (err) {
    end({ status: requestStatus(err) });
    throw err;
  }
}

/** Records one finished HTTP request of the gateway. */
export function observeHttpRequest(
  labels: { method: string; route: string; status: number },
  seconds: number,
): void {
  httpRequestDuration.observe({ ...labels, status: String(labels.status) }, seconds);
}
