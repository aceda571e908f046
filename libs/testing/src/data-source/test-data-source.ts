import {
  createServiceDataSource,
  Transactions,
  type ServiceDataSourceOptions,
} from '@sb/platform/db';
import { createTestDatabase } from '../infra/test-database.js';

export type TestDataSource = {
  dataSource: Awaited<ReturnType<typeof createServiceDataSource>>;
  /** the data source's Transactions (its tenant read pool opens on the first read) */
  transactions: Transactions;
  /** closes the tenant read pool and the data source, then drops the database */
  close(): Promise<void>;
};

/**
 * A fresh database with a service's schema migrated, for tests that drive the service's parts
 * without starting it.
 */
export async function openTestDataSource(
  prefix: string,
  options: Pick<ServiceDataSourceOptions, 'schema' | 'migrations' | 'poolSize'>,
): Promise<TestDataSource> {
  const database = await createTestDatabase(prefix);
  const dataSource = await createServiceDataSource({
    ...options,
    url: database.url,
    entities: [],
  }).catch(async (err: unknown) => {
    await database.drop();
    throw err;
  });
  const transactions = new Transactions(dataSource);
  return {
    dataSource,
    transactions,
    async close() {
      await transactions.close();
      await dataSource.destroy();
      await database.drop();
    },
  };
}
