#!/usr/bin/env node
// Container health of a NATS-only service: asks `<service>.health.check` over the bus and exits 0 when it
// answers. Used by docker-compose healthchecks and Kubernetes exec probes (a service has no HTTP port).
// Usage: node deploy/healthcheck/service-health.mjs <service>   (NATS_URL from the environment)
import { healthSubject, ServiceNames } from '@sb/contracts';
import { createNatsBus } from '@sb/platform/bus';
import { anonymousContext } from '@sb/platform/context';

const service = process.argv[2];
if (!ServiceNames.includes(service)) {
  process.stderr.write(`usage: service-health.mjs <${ServiceNames.join('|')}>\n`);
  process.exit(2);
}
const timeoutMs = Number(process.env.HEALTH_TIMEOUT_MS ?? 3000);

// Never hang a probe: the process ends by itself even if the connection stalls.
setTimeout(() => {
  process.stderr.write(`${service}: no health answer within ${timeoutMs} ms\n`);
  process.exit(1);
}, timeoutMs + 2000).unref();

let bus;
try {
  bus = await createNatsBus({
    url: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    name: `${service}-health`,
  });
  const reply = await bus.request(
    healthSubject(service),
    { ctx: anonymousContext(), data: {} },
    { timeoutMs },
  );
  process.stdout.write(`${service}: ${reply.status} ${reply.version}\n`);
  process.exitCode = 0;
} catch (error) {
  process.stderr.write(`${service}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await bus?.close();
}
