import 'reflect-metadata';
import pg from 'pg';
import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';
import { createLogger, type Logger } from '../logger/create-logger.js';
import { platformMigrations } from './platform-migrations.js';
import { TENANT_ROLE } from './tenant-scope.js';
import { typeOrmLogger } from './typeorm-logger.js';

export type ServiceDataSourceOptions = {
  url: string;
  /** the service's own Postgres schema (its name) */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  logger?: Logger;
  poolSize?: number;
};

const schemaName = /^[a-z_][a-z0-9_]{0,62}$/;

async function ensureSchema(url: string, schema: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${client.escapeIdentifier(schema)}`);
  } catch (err) {
    // two instances creating it at once: the loser sees a duplicate, which is fine
    if ((err as { code?: string }).code !== '23505' && (err as { code?: string }).code !== '42P06')
      throw err;
  } finally {
    await client.end();
  }
}

/**
 * A TypeORM DataSource on the service's schema: creates the schema, then runs the platform
 * migrations (outbox_event, processed_event) and the service's own under an advisory lock, so
 * several instances starting together migrate once. Never `synchronize`.
 */
export async function createServiceDataSource(
  options: ServiceDataSourceOptions,
): Promise<DataSource> {
  if (!schemaName.test(options.schema)) throw new Error(`invalid schema name: ${options.schema}`);
  const logger = options.logger ?? createLogger(options.schema);
  await ensureSchema(options.url, options.schema);

  const migrations = [
    ...platformMigrations,
    ...(Array.isArray(options.migrations) ? options.migrations : Object.values(options.migrations)),
  ];
  const config: DataSourceOptions = {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    uuidExtension: 'pgcrypto',
    poolSize: options.poolSize ?? 10,
    applicationName: `sb-${options.schema}`,
    // raw SQL (migrations, outbox) resolves unqualified names in the service's schema
    extra: { options: `-c search_path=${options.schema},public` },
    logger: typeOrmLogger(logger),
    maxQueryExecutionTime: 1000,
  };
  const dataSource = new DataSource(config);
  await dataSource.initialize();
  try {
    await runMigrationsLocked(dataSource, options.schema);
  } catch (err) {
    await dataSource.destroy();
    throw err;
  }
  return dataSource;
}

/** Connections of the tenant read pool: a few per service instance, closed soon when idle. */
const TENANT_READ_POOL_SIZE = 4;
const TENANT_READ_IDLE_MS = 5000;

/**
 * A small, not yet initialized DataSource on the same database, schema and entities as `main`
 * whose connections run as the tenant role from their start (the role is a startup option, so it
 * costs no round trip). Reads of one company go through it (`Transactions.read`): row-level
 * security then hides other companies' rows even from a query that forgot the company filter.
 * No migrations or extensions: `main` owns the schema.
 */
export function createTenantReadDataSource(main: DataSource): DataSource {
  const { schema } = main.options as { schema?: string };
  if (!schema || !schemaName.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  return new DataSource({
    ...(main.options as DataSourceOptions & { type: 'postgres' }),
    migrations: [],
    migrationsRun: false,
    installExtensions: false,
    poolSize: TENANT_READ_POOL_SIZE,
    applicationName: `sb-${schema}-tenant`,
    extra: {
      options: `-c search_path=${schema},public -c role=${TENANT_ROLE}`,
      idleTimeoutMillis: TENANT_READ_IDLE_MS,
    },
  });
}

async function runMigrationsLocked(dataSource: DataSource, schema: string) {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`sb-migrations:${schema}`]);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`sb-migrations:${schema}`]);
    }
  } finally {
    await runner.release();
  }
}
