import pg from 'pg';
import { uniqueDatabaseName, withDatabase } from './database-names.js';
import { resolveTestInfrastructure } from './test-infrastructure.js';

export type TestDatabase = { name: string; url: string; drop(): Promise<void> };

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * pg's Pool.end() resolves once it has *asked* its clients to close; a FORCE drop in that instant
 * terminates them mid-goodbye and their pool emits an unhandled error. Give them a moment first.
 */
async function waitForDisconnects(client: pg.Client, database: string, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A fresh, uniquely named database on the test Postgres server; `drop()` removes it (FORCE). */
export async function createTestDatabase(prefix = 't'): Promise<TestDatabase> {
  const { databaseUrl } = await resolveTestInfrastructure();
  const name = uniqueDatabaseName(prefix);
  await onServer(databaseUrl, (client) =>
    client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`),
  );
  return {
    name,
    url: withDatabase(databaseUrl, name),
    drop: async () => {
      await onServer(databaseUrl, async (client) => {
        await waitForDisconnects(client, name);
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      });
    },
  };
}
