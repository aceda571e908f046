import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { natsSkipReason, type NatsAttempt } from './nats-skip.js';
import { probeNats, probePostgres } from './probes.js';

export type InfrastructureSource = 'env' | 'local' | 'testcontainers' | 'embedded';

export type TestInfrastructure = {
  /** a Postgres server URL (admin database); each test file creates its own database on it */
  databaseUrl: string;
  databaseSource: InfrastructureSource;
  natsUrl?: string;
  natsSource?: InfrastructureSource;
  /** set when no NATS is available: why NATS tests are skipped */
  natsSkipReason?: string;
};

/** Where the machine's own services listen (the default ports). */
export type LocalServices = { postgresUrl: string; natsHost: string; natsPort: number };

export const defaultLocalServices: LocalServices = {
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
  natsHost: '127.0.0.1',
  natsPort: 4222,
};

type Stoppable = { stop(): Promise<unknown> };
const started: Stoppable[] = [];

async function containerRuntimeAvailable(): Promise<string | undefined> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message.split('\n')[0] : String(err);
  }
}

async function startPostgresContainer(): Promise<string> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('postgres:16-alpine')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  started.push(container);
  return `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
}

async function startNatsContainer(): Promise<string> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('nats:2.10-alpine')
    .withCommand(['-js'])
    .withExposedPorts(4222)
    .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
    .start();
  started.push(container);
  return `nats://${container.getHost()}:${container.getMappedPort(4222)}`;
}

async function startEmbedded(): Promise<string> {
  const { startEmbeddedPostgres } = await import('@sb/embedded-postgres');
  const root = await mkdtemp(path.join(tmpdir(), 'sb-test-pg-'));
  // mkdtemp is private; as root the cluster runs as the postgres OS user, which must get through
  await chmod(root, 0o755);
  const dataDir = path.join(root, 'data');
  const server = await startEmbeddedPostgres({ dataDir, database: 'postgres' });
  started.push({
    stop: async () => {
      await server.stop();
      await rm(root, { recursive: true, force: true });
    },
  });
  return server.url;
}

/** The resolution itself, without memo (exported for checking the fallbacks). */
export async function resolveInfrastructure(
  env: Record<string, string | undefined>,
  local: LocalServices = defaultLocalServices,
): Promise<TestInfrastructure> {
  let databaseUrl: string | undefined;
  let databaseSource: InfrastructureSource | undefined;
  let natsUrl: string | undefined;
  let natsSource: InfrastructureSource | undefined;
  const natsAttempts: NatsAttempt[] = [];

  if (env.DATABASE_URL) [databaseUrl, databaseSource] = [env.DATABASE_URL, 'env'];
  if (env.NATS_URL) [natsUrl, natsSource] = [env.NATS_URL, 'env'];
  else natsAttempts.push({ source: 'NATS_URL', reason: 'not set' });

  if (!databaseUrl && (await probePostgres(local.postgresUrl))) {
    [databaseUrl, databaseSource] = [local.postgresUrl, 'local'];
  }
  if (!natsUrl) {
    const where = `${local.natsHost}:${local.natsPort}`;
    if (await probeNats(local.natsHost, local.natsPort))
      [natsUrl, natsSource] = [`nats://${where}`, 'local'];
    else natsAttempts.push({ source: where, reason: 'nothing listening' });
  }

  if (!databaseUrl || !natsUrl) {
    const noRuntime = await containerRuntimeAvailable();
    if (noRuntime) {
      natsAttempts.push({ source: 'testcontainers', reason: noRuntime });
    } else {
      if (!databaseUrl)
        [databaseUrl, databaseSource] = [await startPostgresContainer(), 'testcontainers'];
      if (!natsUrl) [natsUrl, natsSource] = [await startNatsContainer(), 'testcontainers'];
    }
  }

  if (!databaseUrl) [databaseUrl, databaseSource] = [await startEmbedded(), 'embedded'];

  return {
    databaseUrl,
    databaseSource: databaseSource as InfrastructureSource,
    ...(natsUrl ? { natsUrl, natsSource } : { natsSkipReason: natsSkipReason(natsAttempts) }),
  };
}

let memo: Promise<TestInfrastructure> | undefined;

/**
 * Where tests find Postgres and NATS, in the order of ARCHITECTURE.md §8: DATABASE_URL/NATS_URL,
 * then local services on the default ports, then testcontainers, then embedded Postgres without
 * NATS. Resolved once per test file (jest gives each file its own module registry).
 */
export function resolveTestInfrastructure(): Promise<TestInfrastructure> {
  memo ??= resolveInfrastructure(process.env);
  return memo;
}

/** Stops containers or embedded servers this process started (jest also ends them on exit). */
export async function stopTestInfrastructure(): Promise<void> {
  memo = undefined;
  await Promise.allSettled(started.splice(0).map((s) => s.stop()));
}
