#!/usr/bin/env node
// Container health from the process's own ops port: exits 0 when GET /health/ready (or the path given)
// on 127.0.0.1:$METRICS_PORT answers 2xx. This pod's own database, bus and consumers, unlike
// service-health.mjs, which asks any instance of a service over the bus.
// Usage: node deploy/healthcheck/ops-health.mjs [/health/ready|/health/live]   (METRICS_PORT, default 9464)
const path = process.argv[2] ?? '/health/ready';
const port = process.env.METRICS_PORT || '9464';
if (!/^\d+$/.test(port) || port === '0') {
  process.stderr.write(`ops-health: METRICS_PORT=${port} is not a fixed port to ask\n`);
  process.exit(2);
}
const timeoutMs = Number(process.env.HEALTH_TIMEOUT_MS ?? 3000);
try {
  const answer = await fetch(`http://127.0.0.1:${port}${path}`, {
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await answer.text();
  if (!answer.ok) process.stderr.write(`ops-health: ${answer.status} ${body}\n`);
  process.exitCode = answer.ok ? 0 : 1;
} catch (error) {
  process.stderr.write(`ops-health: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
