import { healthSubject, type BusRequest } from '@sb/contracts';
import { createTestDatabase, openTestBus, type TestBusKind } from '@sb/testing';
import pg from 'pg';
import { startReportingService } from '../src/index.js';

const openBus = (kind: TestBusKind) => openTestBus(kind, 'reporting-boot');

const anonymous: BusRequest['ctx'] = {
  requestId: 'reporting-boot',
  companyId: 0,
  userId: 0,
  profile: 'anonymous',
  super: false,
  lang: 'en',
};

describe.each(['in-process', 'nats'] as const)('reporting service over the %s bus', (kind) => {
  it('boots, answers its health check and runs its migrations in its own schema', async () => {
    const bus = await openBus(kind);
    if (!bus) return;
    const database = await createTestDatabase();
    const db = new pg.Pool({ connectionString: database.url, max: 1 });
    const service = await startReportingService({ bus, databaseUrl: database.url, env: {} });
    try {
      await expect(
        bus.request(healthSubject('reporting'), { ctx: anonymous, data: {} }),
      ).resolves.toMatchObject({ service: 'reporting', status: 'ok' });
      const { rows } = await db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'reporting'`,
      );
      expect(rows.map((row) => row.table_name)).toEqual(
        expect.arrayContaining(['outbox_event', 'processed_event']),
      );
    } finally {
      await service.close();
      await db.end();
      await bus.close();
      await database.drop();
    }
  });
});
