import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCampaignsService } from '@sb/campaigns';
import { startConnectorsService } from '@sb/connectors';
import { startReportingService } from '@sb/reporting';
import type { SocketFactory, WhatsappSocket } from '@sb/connectors/baileys';
import { normaliseCall } from '@sb/connectors/baileys';
import { DomainEventTypes, eventSubject, type ServiceName } from '@sb/contracts';
import type {
  AuthResult,
  ConnectionRecord,
  ConnectionUpdateInput,
  Queue,
  QueueInput,
  UserRecord,
} from '@sb/contracts';
import { createInProcessBus } from '@sb/platform/bus';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, ManualClock, type TestDatabase } from '@sb/testing';
import { GraphEmulator } from '@sb/testing/channel-emulator';
import {
  conversation,
  stackRequest,
  type ConversationOptions,
  type ConversationStack,
} from '@sb/testing/conversation';
import { startTicketsService } from '@sb/tickets';
import type { Socket } from 'socket.io-client';
import type { z } from 'zod';
import {
  connectSocket,
  jwtSecret,
  startIdentityStack,
  stopIdentityStack,
  type BusKind,
  type IdentityStack,
} from './gateway-harness.js';

// The whole product for scripted conversations: identity, tickets, connectors and the gateway on fresh
// databases over the in-process bus, the Graph API emulator posting signed webhooks to the gateway, a
// company with an admin and an agent, and one CONNECTED Cloud API connection on the emulator. The
// tickets service reads a ManualClock, so `advance clock 30 min` moves what its rules and jobs see.

/** No WhatsApp (Baileys) is reachable from tests: sockets that stay silent. */
const silentSocket: SocketFactory = async () =>
  ({
    ev: { on: () => undefined },
    user: undefined,
    end: () => undefined,
    logout: async () => undefined,
  }) as unknown as WhatsappSocket;

const inProcess: BusKind = {
  name: 'in-process bus',
  connect: async () => {
    const bus = createInProcessBus({ requestTimeoutMs: 5_000 });
    return { gatewayBus: bus, serviceBus: bus, close: () => bus.close() };
  },
};

/** POST /queue's body as written (defaults optional, chatbot options too), plus who gets the queue. */
export type QueueSetup = Partial<z.input<typeof QueueInput>> & {
  name: string;
  /** give the agent this queue (default true: the agent sees its pending tickets) */
  forAgent?: boolean;
};

export type RunningConversationStack = ConversationStack & {
  identityStack: IdentityStack;
  tickets: RunningService;
  connectors: RunningService;
  companyId: number;
  /** a new contact's conversation with the connection's number */
  conversation(options: ConversationOptions): ReturnType<typeof conversation>;
  /** POST /queue as the admin (with its chatbot options), given to the agent unless `forAgent: false` */
  createQueue(setup: QueueSetup): Promise<Queue>;
  /** PUT /whatsapp/:id as the admin (greeting, queues, hours, rating, inactivity, integration…) */
  updateConnection(fields: ConnectionUpdateInput): Promise<ConnectionRecord>;
  /** PUT /companySettings as the admin (one key at a time, as the settings page does) */
  setCompanySetting(column: string, data: string): Promise<void>;
  /** stops the tickets service and starts it again on the same database (what survives a restart) */
  restartTickets(): Promise<void>;
  /**
   * The user opens the web app (a socket on the gateway), so identity marks them online, as the
   * router's "available agents" need; resolves once identity says so. Closed with the stack.
   */
  goOnline(actor: 'admin' | 'agent'): Promise<void>;
  /** the connection's WhatsApp Business Account id (`graph.setTemplates` sets its templates) */
  businessAccountId: string;
  /** the campaigns service (on-duty staff, schedules), when started with `campaigns: true` */
  campaigns?: RunningService;
  /** each started service's database (a test reads what the API does not show) */
  databaseUrls: Partial<Record<ServiceName, string>>;
  /** where the media store (disk) keeps its objects */
  mediaDir: string;
  /** any JSON call as the admin or the agent; throws on ≥ 300 */
  api<T>(actor: 'admin' | 'agent', method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
};

export type ConversationStackOptions = {
  /** database name prefix (one per test file) */
  name: string;
  /** where the manual clock starts (default: now) */
  start?: Date;
  /** more env for every service (e.g. a feature's knobs) */
  env?: Record<string, string>;
  /** more env for the tickets service only */
  ticketsEnv?: Record<string, string>;
  /** the agent sees tickets without a queue (allTicket; default true, as a company without queues needs) */
  agentAllTicket?: boolean;
  /** also start the campaigns service (on-duty staff for the plantão alerts, schedules) */
  campaigns?: boolean;
  /** the Baileys sockets (default: silent ones; FakeBaileys' factory to play a phone) */
  whatsappSocketFactory?: SocketFactory;
  /** also start the reporting service (dashboard, reports): every service behind the gateway */
  reporting?: boolean;
};

const appSecret = 'conversation-app-secret';
const phone = {
  phoneNumberId: '8880001',
  accessToken: 'conversation-cloud-token',
  // its WhatsApp Business Account: the message templates (the emulator's defaults unless set)
  businessAccountId: '8880009',
};

export const startConversationStack = async (
  options: ConversationStackOptions,
): Promise<RunningConversationStack> => {
  const clock = new ManualClock(options.start ?? new Date());
  const domain = `${options.name.replace(/[^a-z0-9]+/gi, '-')}.test`;
  const root = { email: `root@${domain}`, password: 'conversation-root-pw' };
  const graph = await new GraphEmulator({
    appSecret,
    phoneNumbers: [
      {
        phoneNumberId: phone.phoneNumberId,
        accessToken: phone.accessToken,
        displayPhoneNumber: '15550008888',
        verifiedName: 'Conversation Co',
        businessAccountId: phone.businessAccountId,
      },
    ],
  }).start();
  const mediaDir = await mkdtemp(join(tmpdir(), 'sb-conversation-'));
  const env = {
    JWT_SECRET: jwtSecret,
    ADMIN_EMAIL: root.email,
    ADMIN_PASSWORD: root.password,
    AUTH_RATE_LIMIT: '0',
    MEDIA_DIR: mediaDir,
    META_APP_SECRET: appSecret,
    META_VERIFY_TOKEN: 'conversation-verify',
    META_GRAPH_URL: graph.graphUrl,
    META_WEBHOOK_POLL_MS: '50',
    ...options.env,
  };
  const ticketsEnv = { ...env, TICKETS_JOBS_POLL_MS: '50', ...options.ticketsEnv };
  let ticketsDb: TestDatabase | undefined;
  let connectorsDb: TestDatabase | undefined;
  let campaignsDb: TestDatabase | undefined;
  let campaigns: RunningService | undefined;
  let reportingDb: TestDatabase | undefined;
  let reporting: RunningService | undefined;
  const sockets: Socket[] = [];
  let tickets: RunningService | undefined;
  let connectors: RunningService | undefined;
  let identityStack: IdentityStack | undefined;
  let serviceBus: Parameters<typeof startTicketsService>[0]['bus'] | undefined;
  const startTickets = async () => {
    tickets = await startTicketsService({
      bus: serviceBus!,
      databaseUrl: ticketsDb!.url,
      env: ticketsEnv,
      clock,
    });
  };
  const close = async () => {
    for (const socket of sockets) socket.close();
    await identityStack?.gateway.close();
    await tickets?.close();
    await connectors?.close();
    await campaigns?.close();
    await reporting?.close();
    if (identityStack) await stopIdentityStack({ ...identityStack, gateway: undefined });
    await ticketsDb?.drop();
    await connectorsDb?.drop();
    await campaignsDb?.drop();
    await reportingDb?.drop();
    await graph.close();
    await rm(mediaDir, { recursive: true, force: true });
  };
  try {
    ticketsDb = await createTestDatabase(`${options.name}_tickets`);
    connectorsDb = await createTestDatabase(`${options.name}_connectors`);
    if (options.campaigns) campaignsDb = await createTestDatabase(`${options.name}_campaigns`);
    if (options.reporting) reportingDb = await createTestDatabase(`${options.name}_reporting`);
    identityStack = await startIdentityStack(inProcess, {
      database: options.name,
      env,
      beforeGateway: async (buses) => {
        connectors = await startConnectorsService(
          { bus: buses.serviceBus, databaseUrl: connectorsDb!.url, env },
          { whatsappSocketFactory: options.whatsappSocketFactory ?? silentSocket },
        );
        serviceBus = buses.serviceBus;
        await startTickets();
        if (campaignsDb) {
          campaigns = await startCampaignsService({
            bus: buses.serviceBus,
            databaseUrl: campaignsDb.url,
            env: { SCHEDULE_POLL_MS: '0', ...env },
          });
        }
        if (reportingDb) {
          reporting = await startReportingService({
            bus: buses.serviceBus,
            databaseUrl: reportingDb.url,
            env,
          });
        }
      },
    });
    const gatewayUrl = identityStack.gateway.url;
    graph.setWebhookUrl(`${gatewayUrl}/webhooks/meta`);

    const call = async <T>(token: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${gatewayUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    };
    const login = async (email: string, password: string) => {
      const res = await fetch(`${gatewayUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (res.status >= 300) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
      return (await res.json()) as AuthResult;
    };

    // a company of its own, with its admin, and an agent the admin creates
    const superSession = await login(root.email, root.password);
    const adminEmail = `admin@${domain}`;
    await call(superSession.token, 'POST', '/companies', {
      name: `Conversation Co ${options.name}`,
      email: adminEmail,
      password: 'conversation-admin-pw',
      planId: superSession.user.company.planId,
    });
    const admin = await login(adminEmail, 'conversation-admin-pw');
    await call<UserRecord>(admin.token, 'POST', '/users', {
      name: 'Ana Agent',
      email: `agent@${domain}`,
      password: 'conversation-agent-pw',
      profile: 'user',
      allTicket: options.agentAllTicket === false ? 'disable' : 'enable',
    });
    const agent = await login(`agent@${domain}`, 'conversation-agent-pw');

    // the Cloud API connection: the connector checks the credentials on the emulator, then CONNECTED
    let connection = await call<ConnectionRecord>(admin.token, 'POST', '/whatsapp', {
      name: 'Conversation Cloud',
      channel: 'whatsappapi',
      isDefault: true,
      credentials: phone,
    });
    for (let i = 0; i < 100 && connection.status !== 'CONNECTED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      connection = await call<ConnectionRecord>(admin.token, 'GET', `/whatsapp/${connection.id}`);
    }
    if (connection.status !== 'CONNECTED') {
      throw new Error(`the Cloud API connection stayed ${connection.status}`);
    }

    let queueCount = 0;
    const stack: RunningConversationStack = {
      gatewayUrl,
      graph,
      phoneNumberId: phone.phoneNumberId,
      connectionId: connection.id,
      businessAccountId: phone.businessAccountId,
      clock,
      users: {
        admin: { id: admin.user.id, name: admin.user.name, token: admin.token },
        agent: { id: agent.user.id, name: agent.user.name, token: agent.token },
      },
      identityStack,
      databaseUrls: {
        identity: identityStack.database.url,
        tickets: ticketsDb.url,
        connectors: connectorsDb.url,
        ...(campaignsDb ? { campaigns: campaignsDb.url } : {}),
        ...(reportingDb ? { reporting: reportingDb.url } : {}),
      },
      mediaDir,
      tickets: tickets!,
      connectors: connectors!,
      companyId: admin.user.companyId,
      conversation: (conversationOptions) => conversation(stack, conversationOptions),
      api: (actor, method, path, body) => stackRequest(stack, actor, method, path, body),
      // The Graph emulator cannot place calls: publish what the connectors' sink publishes for a Baileys
      // call (normaliseCall's event); Baileys' call → normaliseCall is covered by the driver's unit tests.
      // The event carries the stack's connection channel (whatsappapi), so the call lands in the chat
      // of the contact's messages, as a Baileys connection's calls and messages do.
      placeCall: async ({ from, video }) => {
        const call = normaliseCall(connection.id, {
          id: randomUUID(),
          from: `${from}@s.whatsapp.net`,
          status: 'offer',
          date: clock.now(),
          isVideo: video,
        });
        if (!call) throw new Error('normaliseCall ignored the call');
        const data = { ...call, channel: connection.channel };
        const received = DomainEventTypes.connectors.messageReceived;
        const companyId = admin.user.companyId;
        await serviceBus!.publish({
          id: randomUUID(),
          subject: eventSubject(companyId, received.service, received.entity, received.action),
          companyId,
          occurredAt: new Date().toISOString(),
          data,
        });
      },
      ...(campaigns ? { campaigns } : {}),
      goOnline: async (actor) => {
        const user = stack.users[actor];
        sockets.push(await connectSocket(gatewayUrl, { token: user.token }));
        // the socket's first heartbeat reaches identity asynchronously
        for (let i = 0; i < 100; i++) {
          const record = await call<UserRecord>(admin.token, 'GET', `/users/${user.id}`);
          if (record.online) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error(`identity never marked the ${actor} online`);
      },
      restartTickets: async () => {
        await tickets?.close();
        tickets = undefined;
        await startTickets();
        stack.tickets = tickets!;
      },
      createQueue: async ({ forAgent = true, ...setup }) => {
        // queue colours are unique per company: each queue without one gets the next
        queueCount += 1;
        const queue = await call<Queue>(admin.token, 'POST', '/queue', {
          color: `#3366${queueCount.toString(16).padStart(2, '0')}`,
          ...setup,
        });
        if (forAgent) {
          const current = await call<UserRecord>(admin.token, 'GET', `/users/${agent.user.id}`);
          await call(admin.token, 'PUT', `/users/${agent.user.id}`, {
            queueIds: [...new Set([...current.queueIds, queue.id])],
          });
        }
        return queue;
      },
      updateConnection: (fields) =>
        call<ConnectionRecord>(admin.token, 'PUT', `/whatsapp/${connection.id}`, fields),
      setCompanySetting: async (column, data) => {
        await call(admin.token, 'PUT', '/companySettings', { column, data });
      },
      close,
    };
    return stack;
  } catch (err) {
    await close();
    throw err;
  }
};
