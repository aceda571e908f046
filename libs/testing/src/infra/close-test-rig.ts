import type { TestDatabase } from './test-database.js';

type Closable = { close(): Promise<unknown> };

/**
 * What a service int-spec's beforeAll opened, closed in the order that lets each part finish: the
 * service (its consumers), the test's pool, the bus, then the database. A part that setup never
 * reached is passed over.
 */
export async function closeTestRig(rig: {
  service?: Closable;
  db?: { end(): Promise<unknown> };
  bus?: Closable;
  database?: TestDatabase;
}): Promise<void> {
  await rig.service?.close();
  await rig.db?.end();
  await rig.bus?.close();
  await rig.database?.drop();
}
