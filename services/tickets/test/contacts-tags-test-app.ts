import type { RequestContext } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { INestApplicationContext } from '@nestjs/common';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, openTestBus, TicketsFixtures } from '@sb/testing';
import pg from 'pg';
import { startTicketsService } from '../src/index.js';
import { answerCompanySettings } from './replica-stand-ins.js';

export type ContactsTagsTestApp = {
  bus: Bus;
  db: pg.Pool;
  /** builders of tickets' own records (queues, contacts, tickets, messages, tags) */
  given: TicketsFixtures;
  /** startNestService also hands back the Nest app (the index's type keeps only RunningService) */
  service: RunningService & { app: INestApplicationContext };
  /** lgpdHideNumber per company, answered by the stand-in for identity */
  hideNumbers: Map<number, boolean>;
  request<T>(subject: string, data: unknown, ctx: Partial<RequestContext>): Promise<T>;
  close(): Promise<void>;
};

export const admin = (companyId: number, userId = 1): Partial<RequestContext> => ({
  companyId,
  userId,
  profile: 'admin',
});
export const user = (companyId: number, userId = 2): Partial<RequestContext> => ({
  companyId,
  userId,
  profile: 'user',
});

/** tickets on a fresh database over NATS, with identity's company settings answered by a stand-in. */
export async function startContactsTagsTestApp(
  name: string,
): Promise<ContactsTagsTestApp | undefined> {
  const bus = await openTestBus('nats', name);
  if (!bus) return undefined;
  const hideNumbers = new Map<number, boolean>();
  await answerCompanySettings(bus, (companyId, key) =>
    key === 'lgpdHideNumber' && hideNumbers.get(companyId) ? 'enabled' : 'disabled',
  );
  const database = await createTestDatabase();
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  const service = (await startTicketsService({
    bus,
    databaseUrl: database.url,
  })) as ContactsTagsTestApp['service'];
  return {
    bus,
    db,
    given: new TicketsFixtures(db),
    service,
    hideNumbers,
    request: <T>(subject: string, data: unknown, ctx: Partial<RequestContext>) =>
      bus.request(subject, {
        ctx: { requestId: 'test', super: false, lang: 'en', ...ctx } as RequestContext,
        data,
      }) as Promise<T>,
    async close() {
      await service.close();
      await db.end();
      await bus.close();
      await database.drop();
    },
  };
}
