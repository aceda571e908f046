import { healthSubject, type ServiceName } from '@sb/contracts';
import { anonymousContext } from '@sb/platform/context';
import type { RunningService, ServiceRuntime } from '@sb/platform/nest';
import pg from 'pg';
import { createTestDatabase } from '../infra/test-database.js';
import { openTestBus } from '../infra/test-nats-bus.js';

/**
 * The boot contract every service keeps, over both buses: it starts on a fresh database, answers
 * `<service>.health.check`, and has migrated its own schema (the platform's outbox tables at least).
 */
export function describeServiceBoot(
  service: ServiceName,
  start: (runtime: ServiceRuntime) => Promise<RunningService>,
  env: Record<string, string> = {},
): void {
  describe.each(['in-process', 'nats'] as const)(`${service} service over the %s bus`, (kind) => {
    it('boots, answers its health check and runs its migrations in its own schema', async () => {
      const bus = await openTestBus(kind, `${service}-boot`);
      if (!bus) return; // openTestBus printed why NATS is skipped
      const database = await createTestDatabase();
      const db = new pg.Pool({ connectionString: database.url, max: 1 });
      const running = await start({ bus, databaseUrl: database.url, env });
      try {
        await expect(
          bus.request(healthSubject(service), {
            ctx: anonymousContext(`${service}-boot`),
            data: {},
          }),
        ).resolves.toMatchObject({ service, status: 'ok' });
        const { rows } = await db.query<{ table_name: string }>(
          'SELECT table_name FROM information_schema.tables WHERE table_schema = $1',
          [service],
        );
        expect(rows.map((row) => row.table_name)).toEqual(
          expect.arrayContaining(['outbox_event', 'processed_event']),
        );
      } finally {
        await running.close();
        await db.end();
        await bus.close();
        await database.drop();
      }
      // a cold boot runs every migration; on a loaded CI machine that takes more than jest's 5 s
    }, 30_000);
  });
}
