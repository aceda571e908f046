import type { BusRequest, PlanLimitsReply, RequestContext } from '@sb/contracts';
import { Subjects } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, openTestBus, TicketsFixtures } from '@sb/testing';
import pg from 'pg';
import { startTicketsService } from '../src/index.js';

export const TEST_JWT_SECRET = 'tickets-int-spec-secret-0123456789abcdef';

export type TicketsTestApp = {
  bus: Bus;
  db: pg.Pool;
  /** builders of tickets' own records (queues, contacts, tickets, messages, tags) */
  given: TicketsFixtures;
  /** the queue limit the fake identity answers for every company */
  planQueues: { value: number };
  /** the running service (a Nest app: `service.app.get(SomeService)` reaches in-process methods) */
  service: RunningService;
  call<T>(subject: string, data: unknown, ctx: Partial<RequestContext>): Promise<T>;
  close(): Promise<void>;
};

/** tickets on a fresh database over an in-process bus, with identity's plan limits answered by a fake. */
export async function startTicketsTestApp(
  name: string,
  /** extra service environment (e.g. DIALOGFLOW_URL of an emulator) */
  extraEnv: Record<string, string> = {},
): Promise<TicketsTestApp> {
  const bus = (await openTestBus('in-process', name))!;
  const planQueues = { value: 3 };
  await bus.handle(Subjects.identity.planLimits, (payload: BusRequest) => {
    const { companyId } = payload.data as { companyId: number };
    const reply: PlanLimitsReply = {
      companyId,
      planId: 1,
      limits: { users: 10, connections: 10, queues: planQueues.value },
      flags: {} as PlanLimitsReply['flags'],
      status: true,
      dueDate: '2999-12-31T00:00:00.000Z',
    };
    return Promise.resolve(reply);
  });
  const database = await createTestDatabase();
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  const service: RunningService = await startTicketsService({
    bus,
    databaseUrl: database.url,
    env: { JWT_SECRET: TEST_JWT_SECRET, ...extraEnv },
  });
  return {
    bus,
    db,
    given: new TicketsFixtures(db),
    planQueues,
    service,
    call: <T>(subject: string, data: unknown, ctx: Partial<RequestContext>) =>
      bus.request(subject, {
        ctx: {
          requestId: 'test',
          companyId: 0,
          userId: 0,
          profile: 'user',
          super: false,
          lang: 'en',
          ...ctx,
        } as RequestContext,
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
