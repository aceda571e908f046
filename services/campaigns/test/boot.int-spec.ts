import { healthSubject, type BusRequest } from '@sb/contracts';
import { createTestDatabase, openTestBus, type TestBusKind } from '@sb/testing';
import pg from 'pg';
import { startCampaignsService } from '../src/index.js';

const openBus = (kind: TestBusKind) => openTestBus(kind, 'campaigns-boot');

const anonymous: BusRequest['ctx'] = {
  requestId: 'campaigns-boot',
  companyId: 0,
  userId: 0,
  profile: 'anonymous',
  super: false,
  lang: 'en',
};

describe.each(['in-process', 'nats'] as const)('campaigns service over the %s bus', (kind) => {
  it('boots, answers its health check and runs its migrations in its own schema', async () => {
    const bus = await openBus(kind);
    if (!bus) return;
    const database = await createTestDatabase();
    const db = new pg.Pool({ connectionString: database.url, max: 1 });
    const service = await startCampaignsService({ bus, databaseUrl: database.url, env: {} });
    try {
      await expect(
        bus.request(healthSubject('campaigns'), { ctx: anonymous, data: {} }),
      ).resolves.toMatchObject({ service: 'campaigns', status: 'ok' });
      const { rows } = await db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'campaigns'`,
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
