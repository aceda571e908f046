import type { RequestContext } from '@sb/contracts';
import type { INestApplicationContext } from '@nestjs/common';
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
import { answerCompanySettings } from './replica-stand-ins.js';

/** startNestService also hands back the Nest app (the index's type keeps only RunningService) */
type NestService = RunningService & { app: INestApplicationContext };

export type ContactsTagsTestApp = ServiceTestApp<NestService> & {
  /** builders of tickets' own records (queues, contacts, tickets, messages, tags) */
  given: TicketsFixtures;
  /** lgpdHideNumber per company, answered by the stand-in for identity */
  hideNumbers: Map<number, boolean>;
  request: RequestAs;
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
  const app = await openServiceTestApp(
    bus,
    async (databaseUrl) => (await startTicketsService({ bus, databaseUrl })) as NestService,
  );
  return { ...app, given: new TicketsFixtures(app.db), hideNumbers, request: requestAs(bus) };
}
