import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { io, type Socket } from 'socket.io-client';
import { Subjects, type AccessTokenClaims, type DomainEvent, type RefOwner } from '@sb/contracts';
import { startGateway, type RunningGateway } from '@sb/gateway';
import { startIdentityService } from '@sb/identity';
import { createInProcessBus, type Bus } from '@sb/platform/bus';
import type { RunningService } from '@sb/platform/nest';
import {
  createTestDatabase,
  dropTestNatsNamespace,
  natsUrlOrSkip,
  openTestBus,
  testNatsNamespace,
  type TestDatabase,
} from '@sb/testing';

export const jwtSecret = 'gateway-api-test-secret-0123456789';
export const webOrigin = 'http://web.test:3000';

/** One bus for the gateway and one for the services (the same object in process, two NATS connections). */
export type BusPair = { gatewayBus: Bus; serviceBus: Bus; close(): Promise<void> };

/**
 * The bus the API tests run over: NATS, as in production, when a server is reachable; the in-process bus
 * otherwise. Each behaviour runs once: `bus.contract.ts` holds the two buses to the same behaviour, so
 * running every API test over both (as before) only doubled the suite's time.
 */
export type BusKind = { name: string; connect(): Promise<BusPair> };

const inProcessKind: BusKind = {
  name: 'in-process bus',
  connect: async () => {
    const bus = createInProcessBus({ requestTimeoutMs: 5_000 });
    return { gatewayBus: bus, serviceBus: bus, close: () => bus.close() };
  },
};

export const busKinds = async (): Promise<BusKind[]> => {
  const natsUrl = await natsUrlOrSkip();
  if (!natsUrl) return [inProcessKind];
  return [
    {
      name: 'NATS',
      connect: async () => {
        // both buses in one namespace of this test file, apart from other files on the shared server
        const namespace = testNatsNamespace('gateway');
        const gatewayBus = (await openTestBus('nats', 'gateway', { namespace }))!;
        const serviceBus = (await openTestBus('nats', 'services', { namespace }))!;
        return {
          gatewayBus,
          serviceBus,
          close: async () => {
            await gatewayBus.close();
            await serviceBus.close();
            await dropTestNatsNamespace(natsUrl, namespace);
          },
        };
      },
    },
  ];
};

/**
 * Stand-ins for the ownership check of services a stack does not run (the gateway asks the owner of
 * every id a body names): every id is taken as the caller's company's.
 */
export const standInRefsChecks = async (bus: Bus, owners: RefOwner[]): Promise<void> => {
  for (const owner of owners)
    await bus.handle(Subjects[owner].refsCheck, async () => ({ missing: {} }));
};

/** The real identity on a fresh database behind a gateway on a random port, over one bus kind. */
export type IdentityStack = {
  database: TestDatabase;
  buses: BusPair;
  identity: RunningService;
  gateway: RunningGateway;
};

export const startIdentityStack = async (
  kind: BusKind,
  options: {
    database: string;
    env: Record<string, string>;
    /** more gateway options (storage, botVerifier, …) */
    gateway?: Partial<Parameters<typeof startGateway>[0]>;
    /** runs once identity is up, before the gateway (e.g. stand-ins for other services) */
    beforeGateway?: (buses: BusPair) => Promise<void>;
  },
): Promise<IdentityStack> => {
  const database = await createTestDatabase(options.database);
  const buses = await kind.connect();
  const identity = await startIdentityService({
    bus: buses.serviceBus,
    databaseUrl: database.url,
    env: options.env,
  });
  await options.beforeGateway?.(buses);
  const gateway = await startGateway({
    bus: buses.gatewayBus,
    port: 0,
    host: '127.0.0.1',
    webOrigins: [webOrigin],
    env: options.env,
    ...options.gateway,
  });
  await gateway.revokedSessionsLoaded;
  return { database, buses, identity, gateway };
};

/** Stops what startIdentityStack started (any part may be missing after a failed start). */
export const stopIdentityStack = async (stack: Partial<IdentityStack>) => {
  await stack.gateway?.close();
  await stack.identity?.close();
  await stack.buses?.close();
  await stack.database?.drop();
};

export const futureIso = (days = 30) => new Date(Date.now() + days * 86_400_000).toISOString();

export const signAccessToken = (
  claims: Partial<AccessTokenClaims> = {},
  options: { expiresAt?: number; secret?: string } = {},
): Promise<string> => {
  const payload: AccessTokenClaims = {
    sub: '10',
    cid: 2,
    profile: 'admin',
    super: false,
    sid: randomUUID(),
    lang: 'en',
    flags: [],
    due: futureIso(),
    ...claims,
  };
  return new SignJWT({ ...payload })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(options.expiresAt ?? Math.floor(Date.now() / 1000) + 900)
    .sign(new TextEncoder().encode(options.secret ?? jwtSecret));
};

export const event = <T>(companyId: number, subject: string, data: T): DomainEvent<T> => ({
  id: randomUUID(),
  subject: `evt.${companyId}.${subject}`,
  companyId,
  occurredAt: new Date().toISOString(),
  data,
});

/** A socket.io client that resolves once connected, or rejects with the connect_error. */
export const connectSocket = (
  url: string,
  options: { token?: string; query?: Record<string, string>; tokenInQuery?: boolean } = {},
): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(options.token && !options.tokenInQuery ? { auth: { token: options.token } } : {}),
      query: {
        ...(options.tokenInQuery && options.token ? { token: options.token } : {}),
        ...options.query,
      },
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });

/** Emits a client event and waits for the gateway's ack. */
export const emitWithAck = (socket: Socket, name: string, ...args: unknown[]) =>
  socket.timeout(5_000).emitWithAck(name, ...args) as Promise<{ ok: boolean; error?: string }>;

/** Collects every socket event a socket receives. */
export const recordEvents = (socket: Socket) => {
  const received: { event: string; payload: unknown }[] = [];
  socket.onAny((name: string, payload: unknown) => received.push({ event: name, payload }));
  return received;
};

export const waitFor = async (check: () => boolean, timeoutMs = 5_000, what = 'condition') => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call to the gateway with a bearer token, the body (when given) as JSON. */
export const requestAs = (
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> =>
  fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** A response's JSON body, loosely typed for assertions (fetch types it as unknown). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = (res: Response): Promise<any> => res.json();
