import { createServiceDataSource, type ServiceDataSourceOptions } from '@sb/platform/db';
import { createTestDatabase } from '../infra/test-database.js';

export type TestDataSource = {
  dataSource: Awaited<ReturnType<typeof createServiceDataSource>>;
  /** destroys the data source, then drops the database */
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
  return {
    dataSource,
    async close() {
      await dataSource.destroy();
      await database.drop();
    },
  };
}
