import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@sb/platform/net';

/** One nats-server of a local JetStream cluster: its client URL, and kill/restart for fault tests. */
export type NatsNode = {
  name: string;
  clientPort: number;
  url: string;
  pid(): number | undefined;
  /** true while the process runs */
  running(): boolean;
  /** kill -9 (or another signal), resolves once it exited */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** starts it again on the same ports and store */
  start(): Promise<void>;
};

export type NatsCluster = {
  nodes: NatsNode[];
  /** every node's client URL, comma-separated, as NATS_URL takes it */
  url: string;
  stop(): Promise<void>;
};

export type NatsClusterOptions = {
  size?: number;
  /** the nats-server binary (NATS_SERVER_BIN, else `nats-server` on the PATH) */
  binary?: string;
  /** where the nodes keep their JetStream store (a temp dir, removed by stop(), when not given) */
  storeDir?: string;
  clusterName?: string;
  /** receives the servers' own log lines */
  log?: (line: string) => void;
};

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The nats-server binary to run (NATS_SERVER_BIN, else the one on PATH). */
export function natsServerBinary(): string {
  return process.env.NATS_SERVER_BIN ?? 'nats-server';
}

/**
 * Whether a nats-server binary is there to run; when it is not, says on stderr that `what` is skipped
 * and why, so a green run never hides a test that did not run.
 */
export function natsServerInstalled(what: string): boolean {
  const installed = spawnSync(natsServerBinary(), ['--version']).status === 0;
  if (!installed) process.stderr.write(`\n⚠ ${what} skipped: no ${natsServerBinary()} to run\n`);
  return installed;
}

/**
 * Starts `size` (default 3) nats-server processes with JetStream, routed to each other as one cluster on
 * loopback ports nobody uses, and waits until each accepts clients. The JetStream meta leader is elected
 * shortly after: callers retry their first stream creation (see waitForJetStream).
 */
export async function startNatsCluster(options: NatsClusterOptions = {}): Promise<NatsCluster> {
  const size = options.size ?? 3;
  const binary = options.binary ?? natsServerBinary();
  const ownStore = !options.storeDir;
  const storeDir = options.storeDir ?? (await mkdtemp(join(tmpdir(), 'sb-nats-cluster-')));
  const clusterName = options.clusterName ?? 'switchboard';
  const ports = [];
  for (let i = 0; i < size; i += 1)
    ports.push({ client: await freePort(), route: await freePort() });
  const routes = ports.map((p) => `nats://127.0.0.1:${p.route}`).join(',');

  const nodes: NatsNode[] = ports.map((port, index) => {
    const name = `nats-${index + 1}`;
    let child: ChildProcess | undefined;
    let exited: Promise<void> = Promise.resolve();
    let output = '';
    const args = [
      '-js',
      '-a',
      '127.0.0.1',
      '-p',
      String(port.client),
      '-n',
      name,
      '-sd',
      join(storeDir, name),
      '--cluster_name',
      clusterName,
      '--cluster',
      `nats://127.0.0.1:${port.route}`,
      '--routes',
      routes,
    ];
    const node: NatsNode = {
      name,
      clientPort: port.client,
      url: `nats://127.0.0.1:${port.client}`,
      pid: () => child?.pid,
      running: () => Boolean(child && child.exitCode === null && child.signalCode === null),
      kill: async (signal = 'SIGKILL') => {
        if (node.running()) child!.kill(signal);
        await exited;
      },
      start: async () => {
        if (node.running()) return;
        output = '';
        // own process group: a Ctrl-C in the terminal is for whoever started the cluster, which stops
        // the nodes last
        const started = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
        child = started;
        const keep = (chunk: Buffer) => {
          output = (output + chunk.toString()).slice(-4000);
          if (options.log)
            for (const line of chunk.toString().split('\n'))
              if (line) options.log(`[${name}] ${line}`);
        };
        started.stdout!.on('data', keep);
        started.stderr!.on('data', keep);
        exited = new Promise((resolve) => started.once('exit', () => resolve()));
        const spawnError = new Promise<never>((_, reject) =>
          started.once('error', (err) =>
            reject(new Error(`${binary} could not start: ${err.message}`)),
          ),
        );
        const deadline = Date.now() + 15_000;
        while (!(await Promise.race([accepts(port.client), spawnError]))) {
          if (!node.running()) throw new Error(`${name} exited:\n${output}`);
          if (Date.now() > deadline) throw new Error(`${name} did not accept clients:\n${output}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
    };
    return node;
  });

  const cluster: NatsCluster = {
    nodes,
    url: nodes.map((node) => node.url).join(','),
    stop: async () => {
      await Promise.all(nodes.map((node) => node.kill('SIGTERM')));
      if (ownStore) await rm(storeDir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.all(nodes.map((node) => node.start()));
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return cluster;
}

/** Retries `attempt` while JetStream answers that it has no leader yet (a cluster that just started). */
export async function waitForJetStream<T>(
  attempt: () => Promise<T>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
