import type { BusRequest, RequestContext } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import type { RunningService } from '@sb/platform/nest';
import {
  IdentityFixtures,
  openServiceTestApp,
  openTestBus,
  requestAs,
  type RequestAs,
  type ServiceTestApp,
  type ServiceTestRig,
  useServiceTestRig,
} from '@sb/testing';
import { hashPassword } from '../src/auth/password-hasher.js';
import { startIdentityService } from '../src/index.js';

export const JWT_SECRET = 'identity-int-spec-secret-0123456789abcdef';
export const ADMIN_EMAIL = 'root@switchboard.test';
export const ADMIN_PASSWORD = 'root-pass-123';

export type BusKind = 'in-process' | 'nats';

/**
 * The bus the integration files run over: NATS, as in production. The in-process bus keeps its contract
 * suite (bus.contract.ts) and the boot smoke test (service-boot.ts), so running every test over both
 * only doubled the time.
 */
export const IntegrationBuses: BusKind[] = ['nats'];

/** A bus of the asked kind; undefined when there is no NATS (natsUrlOrSkip printed why). */
export const openBus = (kind: BusKind, name: string): Promise<Bus | undefined> =>
  openTestBus(kind, name);

export type IdentityTestApp = ServiceTestApp<RunningService> & {
  /** builders of identity's own records (plans, companies, users) */
  given: IdentityFixtures;
  /** a request as `ctx`, anonymous where it says nothing */
  request: RequestAs;
};

/** The super admin the seed creates in company 1. */
export const SEEDED_SUPER: Partial<RequestContext> = {
  companyId: 1,
  userId: 1,
  profile: 'admin',
  super: true,
};

export const anonymous = (): BusRequest['ctx'] => ({
  requestId: 'test',
  companyId: 0,
  userId: 0,
  profile: 'anonymous',
  super: false,
  lang: 'en',
});

/** identity on a fresh database, over the given bus. */
export async function startIdentityTestApp(
  bus: Bus,
  options: { logger?: Logger; env?: Record<string, string> } = {},
): Promise<IdentityTestApp> {
  const app = await openServiceTestApp(bus, (databaseUrl) =>
    startIdentityService({
      bus,
      databaseUrl,
      logger: options.logger,
      env: { JWT_SECRET, ADMIN_EMAIL, ADMIN_PASSWORD, ...options.env },
    }),
  );
  return {
    ...app,
    given: new IdentityFixtures(app.db, hashPassword),
    request: requestAs(bus, anonymous()),
  };
}

/** identity over a bus of `kind` for the tests of a describe block (see useServiceTestRig). */
export const useIdentityTestApp = (kind: BusKind, name: string): ServiceTestRig<IdentityTestApp> =>
  useServiceTestRig(kind, name, (bus) => startIdentityTestApp(bus));
