import type { BusRequest, PlanLimitsReply, RequestContext } from '@sb/contracts';
import { Subjects } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Clock } from '@sb/platform/clock';
import type { RunningNestService } from '@sb/platform/nest';
import {
  openServiceTestApp,
  openTestBus,
  requestAs,
  TicketsFixtures,
  type RequestAs,
  type ServiceTestApp,
} from '@sb/testing';
import type pg from 'pg';
import { startTicketsService } from '../src/index.js';
import { answerCompanySettings } from './replica-stand-ins.js';

export const TEST_JWT_SECRET = 'tickets-int-spec-secret-0123456789abcdef';

export type TicketsApp = ServiceTestApp<RunningNestService> & {
  /** builders of tickets' own records (queues, contacts, tickets, messages, tags) */
  given: TicketsFixtures;
};

export type TicketsTestApp = TicketsApp & {
  /** the queue limit the fake identity answers for every company */
  planQueues: { value: number };
  call: RequestAs;
};

export type ContactsTagsTestApp = TicketsApp & {
  /** lgpdHideNumber per company, answered by the stand-in for identity */
  hideNumbers: Map<number, boolean>;
  request: RequestAs;
};

/** The callers of the admin screens' specs: an admin and two agents of company 1, an admin of 2. */
export const callers = {
  admin: { companyId: 1, userId: 10, profile: 'admin' },
  agent: { companyId: 1, userId: 11, profile: 'user' },
  colleague: { companyId: 1, userId: 12, profile: 'user' },
  otherAdmin: { companyId: 2, userId: 20, profile: 'admin' },
} satisfies Record<string, Partial<RequestContext>>;

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

/** The payloads of the outbox events of `subject`, in the order they were written. */
export const outboxPayloads = async (db: pg.Pool, subject: string): Promise<unknown[]> =>
  (
    await db.query<{ data: unknown }>(
      'SELECT payload AS data FROM tickets.outbox_event WHERE subject = $1 ORDER BY seq',
      [subject],
    )
  ).rows.map((row) => row.data);

/**
 * tickets on a fresh database over `bus` (its environment `env`, else the process's; its clock
 * `clock`, else the system's), with `given`.
 */
export async function openTicketsApp(
  bus: Bus,
  options: { env?: Record<string, string>; clock?: Clock } = {},
): Promise<TicketsApp> {
  // startNestService also hands back the Nest app (the index's type keeps only RunningService)
  const app = await openServiceTestApp(
    bus,
    async (databaseUrl) =>
      (await startTicketsService({ bus, databaseUrl, ...options })) as RunningNestService,
  );
  return { ...app, given: new TicketsFixtures(app.db) };
}

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
  const app = await openTicketsApp(bus, { env: { JWT_SECRET: TEST_JWT_SECRET, ...extraEnv } });
  return { ...app, planQueues, call: requestAs(bus) };
}

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
  const app = await openTicketsApp(bus);
  return { ...app, hideNumbers, request: requestAs(bus) };
}

/**
 * Opens the NATS test app around the file's tests; a test of `run` is a no-op without NATS (openTestBus
 * said why).
 */
export function contactsTagsSuite(
  name: string,
): (title: string, fn: (app: ContactsTagsTestApp) => Promise<void>) => void {
  let app: ContactsTagsTestApp | undefined;
  beforeAll(async () => {
    app = await startContactsTagsTestApp(name);
  });
  afterAll(async () => {
    await app?.close();
  });
  return (title, fn) =>
    it(title, async () => {
      if (!app) return;
      await fn(app);
    });
}
