import { diag, DiagLogLevel } from '@opentelemetry/api';
import type { Logger } from '../logger/create-logger.js';
import { useTracer } from './trace-context.js';

export type Tracing = {
  /** true while spans are exported */
  readonly exporting: boolean;
  /** exports what is buffered and stops recording */
  shutdown(): Promise<void>;
};

const off: Tracing = { exporting: false, shutdown: async () => undefined };

/** Where spans are posted: the traces endpoint as given, else `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`. */
export function otlpTracesUrl(env: Record<string, string | undefined>): string | undefined {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

/**
 * Starts the OpenTelemetry SDK when OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) is set: spans
 * of HTTP requests, bus requests and handlers and event consumption go to that collector over OTLP/HTTP,
 * with service.name = `serviceName` (OTEL_SERVICE_NAME overrides). Without it nothing is loaded and
 * spans stay ids in the logs and headers. A bad endpoint is logged and tracing stays off: it never
 * keeps the process from serving.
 */
export async function startTracing(
  serviceName: string,
  options: { env?: Record<string, string | undefined>; logger?: Logger } = {},
): Promise<Tracing> {
  const env = options.env ?? process.env;
  const url = otlpTracesUrl(env);
  if (!url) return off;
  try {
    new URL(url);
  } catch {
    options.logger?.warn(
      { url },
      'OTEL_EXPORTER_OTLP_ENDPOINT is not a URL; spans are not exported',
    );
    return off;
  }
  const logger = options.logger;
  if (logger) {
    // the SDK's own complaints (a collector that refuses or is down) reach our log, not /dev/null
    const warn = (message: string, ...args: unknown[]) =>
      logger.warn(
        { otel: message, err: args.find((arg) => arg instanceof Error) },
        'OpenTelemetry SDK problem (spans may not be exported)',
      );
    const quiet = () => undefined;
    diag.setLogger(
      { error: warn, warn, info: quiet, debug: quiet, verbose: quiet },
      { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
    );
  }
  let provider;
  try {
    // loaded only when exporting: a process without a collector never pays for the SDK
    const [
      { TracerProvider, BatchSpanProcessor },
      { OTLPTraceExporter },
      { resourceFromAttributes },
    ] = await Promise.all([
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
    provider = new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || serviceName }),
      spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }) })],
    });
  } catch (err) {
    logger?.error({ err }, 'the OpenTelemetry SDK did not start; spans are not exported');
    return off;
  }
  useTracer(provider.getTracer('switchboard'));
  options.logger?.info({ url }, 'exporting traces over OTLP');
  let stopped = false;
  return {
    get exporting() {
      return !stopped;
    },
    shutdown: async () => {
      if (stopped) return;
      stopped = true;
      useTracer(undefined);
      // the last spans are flushed; a collector that refuses them must not fail the process's stop
      await provider
        .shutdown()
        .catch((err: unknown) => logger?.warn({ err }, 'the last spans were not exported'));
    },
  };
}
