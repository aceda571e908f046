import type { Bus } from '@sb/platform/bus';
import type { RunningNestService } from '@sb/platform/nest';
import { createTestDatabase, openTestBus } from '@sb/testing';
import { CampaignsDirectory } from '../src/directories/campaigns-directory.js';
import { ConnectorsDirectory } from '../src/directories/connectors-directory.js';
import { IdentityDirectory } from '../src/directories/identity-directory.js';
import { startTicketsService } from '../src/index.js';
import { AutomationJobs } from '../src/tickets/core/automation-jobs.repository.js';
import { TicketRecords } from '../src/tickets/core/ticket-records.js';
import { TicketsRepository } from '../src/tickets/core/tickets.repository.js';

/**
 * The core's shared providers exist once in the running service (one module registers each, the
 * others import it), and each directory subscribes once to the events that make its cache stale.
 */
describe('ticket core', () => {
  let bus: Bus;
  let service: RunningNestService;
  let drop: () => Promise<void>;
  const subscribed: string[] = [];

  beforeAll(async () => {
    bus = (await openTestBus('in-process', 'tickets-core-int-spec'))!;
    const subscribe = bus.subscribe.bind(bus);
    bus.subscribe = ((subject: string, ...rest: unknown[]) => {
      subscribed.push(subject);
      return (subscribe as (...args: unknown[]) => ReturnType<Bus['subscribe']>)(subject, ...rest);
    }) as Bus['subscribe'];
    const database = await createTestDatabase();
    drop = () => database.drop();
    service = (await startTicketsService({
      bus,
      databaseUrl: database.url,
      env: { JWT_SECRET: 'tickets-core-int-spec-0123456789abcdef' },
    })) as RunningNestService;
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    await bus?.close();
    await drop?.();
  });

  /** The modules of the running service that register `token` among their own providers. */
  const registeredIn = (token: unknown): number => {
    const { container } = service.app as unknown as {
      container: { getModules(): Map<string, { providers: Map<unknown, unknown> }> };
    };
    return [...container.getModules().values()].filter((module) => module.providers.has(token))
      .length;
  };

  it.each([
    IdentityDirectory,
    ConnectorsDirectory,
    CampaignsDirectory,
    TicketsRepository,
    TicketRecords,
    AutomationJobs,
  ])('%p is registered by one module only', (provider) => {
    expect(registeredIn(provider)).toBe(1);
  });

  it('subscribes once to each event that makes a directory stale', () => {
    const count = (subject: string) => subscribed.filter((s) => s === subject).length;
    for (const action of ['created', 'updated', 'deleted'])
      expect(count(`evt.*.connectors.connection.${action}`)).toBe(1);
    expect(count('evt.*.identity.settings.updated')).toBe(1);
    expect(count('evt.*.identity.company.updated')).toBe(1);
  });
});
