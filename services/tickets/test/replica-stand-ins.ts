import {
  CompanySettingKeys,
  Subjects,
  type BusRequest,
  type RequestContext,
  type SettingEntry,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { RunningService } from '@sb/platform/nest';
import { ConnectorsDirectory } from '../src/directories/connectors-directory.js';
import { IdentityDirectory } from '../src/directories/identity-directory.js';

// Stand-ins for what tickets' replicas load from identity and connectors, answered from a test's own data.

const companyOf = (payload: BusRequest) => (payload.ctx as RequestContext).companyId;

/** identity.settings.company-list: every company key, valued by `valueOf`. */
export const answerCompanySettings = (
  bus: Bus,
  valueOf: (companyId: number, key: string) => string,
) =>
  bus.handle(Subjects.identity.companySettingsList, (payload: BusRequest) => {
    const companyId = companyOf(payload);
    const entries: SettingEntry[] = CompanySettingKeys.map((key) => ({
      key,
      value: valueOf(companyId, key),
    }));
    return Promise.resolve(entries);
  });

/** identity.user.records: the company's users. */
/** A user record as identity's stand-in answers it (the fields tickets' user replica keeps). */
export type FakeUser = {
  id: number;
  name: string;
  profile: 'admin' | 'user';
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  farewellMessage: string | null;
  queueIds: number[];
};

export const answerUserRecords = (bus: Bus, usersOf: (companyId: number) => unknown[]) =>
  bus.handle(Subjects.identity.userRecords, (payload: BusRequest) =>
    Promise.resolve(usersOf(companyOf(payload))),
  );

/** connectors.connection.list: the company's connections. */
export const answerConnections = (bus: Bus, connectionsOf: (companyId: number) => unknown[]) =>
  bus.handle(Subjects.connectors.connectionList, (payload: BusRequest) =>
    Promise.resolve(connectionsOf(companyOf(payload))),
  );

/** A gap: the service loads its replicas again from the stand-ins (the test changed their data). */
export const resyncReplicas = async (service: RunningService): Promise<void> => {
  const { app } = service as unknown as { app: { get<T>(token: new (...args: never[]) => T): T } };
  await Promise.all([app.get(IdentityDirectory).resync(), app.get(ConnectorsDirectory).resync()]);
};
