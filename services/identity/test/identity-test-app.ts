import { type BusRequest, type RequestContext } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, IdentityFixtures, openTestBus } from '@sb/testing';
import pg from 'pg';
import { hashPassword } from '../src/auth/password-hasher.js';
import { startIdentityService } from '../src/index.js';

export const JWT_SECRET = 'identity-int-spec-secret-0123456789abcdef';
export const ADMIN_EMAIL = 'root@switchboard.test';
export const ADMIN_PASSWORD = 'root-pass-123';

export type BusKind = 'in-process' | 'nats';

/** A bus of the asked kind; undefined when there is no NATS (natsUrlOrSkip printed why). */
export const openBus = (kind: BusKind, name: string): Promise<Bus | undefined> =>
  openTestBus(kind, name);

export type IdentityTestApp = {
  bus: Bus;
  db: pg.Pool;
  /** builders of identity's own records (plans, companies, users) */
  given: IdentityFixtures;
  databaseUrl: string;
  service: RunningService;
  request<T>(subject: string, data: unknown, ctx?: Partial<RequestContext>): Promise<T>;
  close(): Promise<void>;
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
  const database = await createTestDatabase();
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  const service = await startIdentityService({
    bus,
    databaseUrl: database.url,
    logger: options.logger,
    env: { JWT_SECRET, ADMIN_EMAIL, ADMIN_PASSWORD, ...options.env },
  });
  return {
    bus,
    db,
    given: new IdentityFixtures(db, hashPassword),
    databaseUrl: database.url,
    service,
    request: <T>(subject: string, data: unknown, ctx?: Partial<RequestContext>) =>
      bus.request(subject, {
        ctx: ctx ? { ...(anonymous() as unknown as RequestContext), ...ctx } : anonymous(),
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
