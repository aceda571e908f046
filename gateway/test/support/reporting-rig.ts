import { startReportingService } from '@sb/reporting';
import { Subjects, type AuthResult, type RefsCheckRequest } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, type TestDatabase } from '@sb/testing';
import {
  json,
  jwtSecret,
  startIdentityStack,
  stopIdentityStack,
  type busKinds,
  type IdentityStack,
} from './gateway-harness.js';

/** The callers of a reporting API test: a plain user and an admin of company 1, another company's admin. */
export type ReportingRole = 'user' | 'admin' | 'otherAdmin';

export type ReportingRig = {
  stack: IdentityStack;
  tokens: Record<ReportingRole | 'super', string>;
  ids: Record<ReportingRole, number>;
  /** 'anonymous' sends no token */
  call: (
    role: ReportingRole | 'super' | 'anonymous',
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<Response>;
  ok: <T>(res: Response) => Promise<T>;
  stop: () => Promise<void>;
};

/** Queue ids below this are company 1's in the rig, the others any other company's. */
export const OtherCompanyQueues = 1_000;

/**
 * tickets does not run in the rig: its ownership check of queue ids is played by a stand-in that
 * gives company 1 the ids below OtherCompanyQueues and every other company the rest.
 */
const standInQueueOwners = async (bus: Bus) => {
  await bus.handle<RefsCheckRequest>(Subjects.tickets.refsCheck, async ({ ctx, data }) => {
    const own = (id: number) => (ctx.companyId === 1) === id < OtherCompanyQueues;
    const queues = (data.refs.queue ?? []).map(Number).filter((id) => !own(id));
    return { missing: queues.length ? { queue: queues } : {} };
  });
};

/**
 * The gateway with the real identity (whose user events feed the reporting projections) and reporting,
 * and the three callers of the permission walk, named after `name`.
 */
export async function startReportingRig(
  kind: Awaited<ReturnType<typeof busKinds>>[number],
  name: string,
): Promise<ReportingRig> {
  const root = { email: `root@${name}.test`, password: `${name}-root-pw` };
  const env = {
    JWT_SECRET: jwtSecret,
    ADMIN_EMAIL: root.email,
    ADMIN_PASSWORD: root.password,
    AUTH_RATE_LIMIT: '0',
  };
  const reportingDb: TestDatabase = await createTestDatabase(`gateway_${name}_reporting`);
  let reporting: RunningService | undefined;
  const stack = await startIdentityStack(kind, {
    database: `gateway_${name}`,
    env,
    beforeGateway: async (buses) => {
      await standInQueueOwners(buses.serviceBus);
      reporting = await startReportingService({
        bus: buses.serviceBus,
        databaseUrl: reportingDb.url,
        env,
      });
    },
  });
  const tokens = {} as ReportingRig['tokens'];
  const ids = {} as ReportingRig['ids'];
  const url = (path: string) => `${stack.gateway.url}${path}`;
  const call: ReportingRig['call'] = (role, method, path, body) =>
    fetch(url(path), {
      method,
      headers: {
        ...(role === 'anonymous' ? {} : { authorization: `Bearer ${tokens[role]}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const ok = async <T>(res: Response): Promise<T> => {
    if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
    return (await json(res)) as T;
  };
  const login = async (email: string, password: string): Promise<AuthResult> =>
    ok<AuthResult>(
      await fetch(url('/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }),
    );

  const superSession = await login(root.email, root.password);
  tokens.super = superSession.token;
  await ok(
    await call('super', 'POST', '/companies', {
      name: `${name} Other Co`,
      email: `other-admin@${name}.test`,
      password: 'other-pass-1',
      planId: superSession.user.company.planId,
    }),
  );
  const other = await login(`other-admin@${name}.test`, 'other-pass-1');
  tokens.otherAdmin = other.token;
  ids.otherAdmin = other.user.id;
  for (const profile of ['admin', 'user'] as const) {
    await ok(
      await call('super', 'POST', '/users', {
        name: `Dashboard ${profile}`,
        email: `${profile}@${name}.test`,
        password: 'dashboard-pass-1',
        profile,
      }),
    );
    const session = await login(`${profile}@${name}.test`, 'dashboard-pass-1');
    tokens[profile] = session.token;
    ids[profile] = session.user.id;
  }
  return {
    stack,
    tokens,
    ids,
    call,
    ok,
    stop: async () => {
      await reporting?.close();
      await stopIdentityStack(stack ?? {});
      await reportingDb.drop();
    },
  };
}

/**
 * The permission walk: each role's status on GET `path` ('2xx' any success), bodies of surprises. The
 * super user passes every check and a call without a token is 401, on every path.
 */
export async function walkPermissions(
  rig: ReportingRig,
  path: string,
  expected: [ReportingRole, '2xx' | 403][],
): Promise<void> {
  const always: [ReportingRole | 'super' | 'anonymous', '2xx' | 401 | 403][] = [
    ['super', '2xx'],
    ['anonymous', 401],
  ];
  for (const [role, want] of [...expected, ...always]) {
    const res = await rig.call(role, 'GET', path);
    const body = await res.text();
    const got = res.status >= 200 && res.status < 300 ? '2xx' : res.status;
    expect({ role, status: got, body: got === want ? '' : body }).toEqual({
      role,
      status: want,
      body: '',
    });
  }
}
