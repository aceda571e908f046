#!/usr/bin/env node
// `npm run cluster`: the platform as k8s runs it, on this machine: 3 nats-server nodes (JetStream, routes,
// 3 replicas of the stream and durables), an embedded PostgreSQL, 2 gateways behind a round-robin proxy,
// 2 tickets, 3 connectors, 2 campaigns, 1 identity and 1 reporting, each its own process with its own
// METRICS_PORT; the web app served against the proxy. Ctrl-C stops everything.
// Environment: CLUSTER_DIR (data, default .cluster), CLUSTER_API_PORT (8080), CLUSTER_WEB_PORT (3000;
// a taken port is replaced by a free one), CLUSTER_LOGS=1 to print every process's log lines, and any
// service setting (ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET, META_*, ...), passed to every process.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalCluster } from './local-cluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.resolve(root, process.env.CLUSTER_DIR ?? '.cluster');
const showLogs = process.env.CLUSTER_LOGS === '1';

const log = (name, text) => {
  if (showLogs) {
    for (const line of text.split('\n')) if (line) process.stdout.write(`[${name}] ${line}\n`);
  } else if (/exited \(|"level":(50|60)|Super admin created/.test(text)) {
    // without CLUSTER_LOGS, only errors, restarts and the first start's admin password
    for (const line of text.split('\n')) if (line) process.stderr.write(`[${name}] ${line}\n`);
  }
};

console.log(`Starting the cluster in ${path.relative(process.cwd(), dir) || dir} …`);
const started = Date.now();
let cluster;
let stopping = false;
const stop = async (signal) => {
  if (stopping) process.exit(130);
  stopping = true;
  console.log(`\n${signal}: stopping the cluster…`);
  setTimeout(() => process.exit(1), 30_000).unref();
  await cluster?.stop();
  console.log('Cluster stopped.');
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

try {
  cluster = await startLocalCluster({
    dir,
    apiPort: Number(process.env.CLUSTER_API_PORT ?? 8080),
    webPort: Number(process.env.CLUSTER_WEB_PORT ?? 3000),
    log,
  });
} catch (error) {
  console.error(`The cluster could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
if (stopping) await new Promise(() => undefined);

const lines = [
  '',
  `Switchboard cluster ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  `  web app     ${cluster.webUrl ?? '(not served)'}`,
  `  API         ${cluster.apiUrl}   (round-robin over ${cluster.gatewayUrls.join(', ')})`,
  `  NATS        ${cluster.natsUrl}`,
  `  PostgreSQL  ${cluster.databaseUrl}`,
  '  processes (pid, ops port METRICS_PORT):',
  ...cluster.replicas.map(
    (r) => `    ${r.name.padEnd(14)} pid ${String(r.pid()).padEnd(8)} :${r.env.METRICS_PORT}`,
  ),
  ...cluster.nats.nodes.map((node) => `    ${node.name.padEnd(14)} pid ${node.pid()}`),
  '',
  'Log in with ADMIN_EMAIL / ADMIN_PASSWORD (without them, identity printed a generated password above',
  'on the first start). Ctrl-C stops everything; the data stays in CLUSTER_DIR.',
];
console.log(lines.join('\n'));
