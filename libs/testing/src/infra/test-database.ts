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
      await onServer(databaseUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
      );
    },
  };
}
