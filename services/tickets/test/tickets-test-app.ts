import type { BusRequest, PlanLimitsReply } from '@sb/contracts';
import { Subjects } from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import {
  openServiceTestApp,
  openTestBus,
  requestAs,
  TicketsFixtures,
  type RequestAs,
  type ServiceTestApp,
} from '@sb/testing';
import { startTicketsService } from '../src/index.js';

export const TEST_JWT_SECRET = 'tickets-int-spec-secret-0123456789abcdef';

export type TicketsTestApp = ServiceTestApp<RunningService> & {
  /** builders of tickets' own records (queues, contacts, tickets, messages, tags) */
  given: TicketsFixtures;
  /** the queue limit the fake identity answers for every company */
  planQueues: { value: number };
  call: RequestAs;
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
  const app = await openServiceTestApp(bus, (databaseUrl) =>
    startTicketsService({ bus, databaseUrl, env: { JWT_SECRET: TEST_JWT_SECRET, ...extraEnv } }),
  );
  return { ...app, given: new TicketsFixtures(app.db), planQueues, call: requestAs(bus) };
}
