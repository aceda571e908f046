import { randomUUID } from 'node:crypto';
import type { SocketFactory } from '@sb/connectors/baileys';
import type { ConnectionRecord, ErrorBody, ScheduleRecord, TicketRecord } from '@sb/contracts';
import { TenantFence } from '@sb/identity';
import { Transactions } from '@sb/platform/db';
import { FakeBaileys } from '@sb/testing';
import type { RunningNestService } from '@sb/platform/nest';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { connectSocket, recordEvents, signAccessToken, sleep } from './support/gateway-harness.js';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';

// Fencing a company (ARCHITECTURE.md §9) over every service: identity's TenantFence fences it as a
// tenant operation's step does; its users get 503 with Retry-After while other companies and super
// users notice nothing; its WhatsApp (Baileys) session stops without logging out, the lease epoch
// moved, and opens again after; a Meta webhook for its connection is stored and held, then applied once after
// the fence lifts; its schedule waits and goes out after.

/** Polls `check` until it answers true (every 50 ms, up to `timeoutMs`). */
const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
};

describe('fencing a company over every service', () => {
  let stack: RunningConversationStack;
  const phone = new FakeBaileys();
  let logouts = 0;
  // the phone's sockets, counting logouts: a fence must never log the phone out
  const whatsappSocketFactory = (async (args: { connectionId: number }) => {
    const socket = (await phone.factory(args)) as { logout: () => Promise<void> };
    socket.logout = async () => {
      logouts += 1;
    };
    return socket;
  }) as unknown as SocketFactory;
  const clients: pg.Client[] = [];
  const sockets: Socket[] = [];

  const db = async (service: 'tickets' | 'connectors' | 'campaigns') => {
    const client = new pg.Client({ connectionString: stack.databaseUrls[service] });
    await client.connect();
    clients.push(client);
    return client;
  };
  const count = async (client: pg.Client, sql: string, params: unknown[] = []) =>
    (await client.query<{ n: number }>(sql, params)).rows[0]!.n;

  beforeAll(async () => {
    stack = await startConversationStack({
      name: 'tenant_fence',
      campaigns: true,
      whatsappSocketFactory,
      // the schedule sender runs here (the stack turns it off by default)
      env: { SCHEDULE_POLL_MS: '100' },
    });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const client of clients) await client.end();
    await stack?.close();
  }, 30_000);

  it('holds the company while fenced and loses nothing once the fence lifts', async () => {
    const { companyId, gatewayUrl } = stack;
    const tickets = await db('tickets');
    const connectors = await db('connectors');
    const campaigns = await db('campaigns');
    const messagesSaying = (body: string) =>
      count(
        tickets,
        'SELECT count(*)::int AS n FROM tickets.messages WHERE company_id = $1 AND body = $2',
        [companyId, body],
      );

    // a contact to schedule for
    const caio = stack.conversation({ number: '5511990002001', name: 'Caio' });
    await caio.run('contact says Olá');
    const ticket: TicketRecord = await caio.ticket.current();
    // a paired WhatsApp (Baileys) session with its keys stored
    const whatsapp = await stack.api<ConnectionRecord>('admin', 'POST', '/whatsapp', {
      name: 'Fenced phone',
      channel: 'whatsapp',
    });
    await until('the Baileys session', async () => Boolean(phone.live(whatsapp.id)));
    const paired = phone.live(whatsapp.id)!;
    paired.emit('connection.update', { connection: 'open' });
    paired.emit('creds.update', {});
    const lease = async () =>
      (
        await connectors.query<{ active: boolean; epoch: string }>(
          'SELECT active, epoch FROM connectors.session_leases WHERE connection_id = $1',
          [whatsapp.id],
        )
      ).rows[0]!;
    const storedKeys = () =>
      count(
        connectors,
        'SELECT count(*)::int AS n FROM connectors.whatsapp_auth_creds WHERE connection_id = $1',
        [whatsapp.id],
      );
    await until('the session keys', async () => (await storedKeys()) === 1);
    const epochBefore = BigInt((await lease()).epoch);

    const socket = await connectSocket(gatewayUrl, {
      token: stack.users.admin.token,
      query: { companyId: String(companyId), userId: String(stack.users.admin.id) },
    });
    sockets.push(socket);
    const heard = recordEvents(socket);

    // a schedule due a few seconds after the fence goes up
    const sendAt = Date.now() + 5_000;
    const schedule = await stack.api<ScheduleRecord>('admin', 'POST', '/schedules', {
      body: 'Scheduled across the fence',
      contactId: ticket.contact.id,
      sendAt: new Date(sendAt).toISOString(),
    });
    const identity = stack.identityStack.identity as RunningNestService;
    const fence = identity.app.get(TenantFence);
    const transactions = identity.app.get(Transactions);
    const operationId = randomUUID();
    await transactions.acrossCompanies((manager) => fence.fence(manager, companyId, operationId));
    // fencing again (a resumed step) changes nothing and announces nothing more
    await transactions.acrossCompanies((manager) => fence.fence(manager, companyId, operationId));

    const adminGet = (path: string) =>
      fetch(`${gatewayUrl}${path}`, {
        headers: { authorization: `Bearer ${stack.users.admin.token}` },
      });
    await until('the gateway to fence the company', async () => {
      return (await adminGet('/tags')).status === 503;
    });
    const refused = await adminGet('/tags');
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as ErrorBody).error).toBe('ERR_COMPANY_MAINTENANCE');
    // its users cannot log in meanwhile either (the same answer, from identity)
    const login = await fetch(`${gatewayUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'agent@tenant-fence.test', password: 'conversation-agent-pw' }),
    });
    expect(login.status).toBe(503);
    expect(login.headers.get('retry-after')).toBe('30');
    expect(((await login.json()) as ErrorBody).error).toBe('ERR_COMPANY_MAINTENANCE');
    // super users and the other companies notice nothing
    const superToken = await signAccessToken({ sub: '1', cid: 1, super: true, profile: 'admin' });
    const superCall = await fetch(`${gatewayUrl}/companies/${companyId}`, {
      headers: { authorization: `Bearer ${superToken}` },
    });
    expect(superCall.status).toBe(200);
    const otherToken = await signAccessToken({ sub: '1', cid: 1, super: false, profile: 'admin' });
    const otherCall = await fetch(`${gatewayUrl}/tags`, {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(otherCall.status).toBe(200);
    await until('the maintenance start on the socket', async () =>
      heard.some(
        (event) =>
          event.event === `company-${companyId}-maintenance` &&
          (event.payload as { action: string }).action === 'start',
      ),
    );
    await until(
      'campaigns to record the fence',
      async () =>
        (await count(campaigns, 'SELECT count(*)::int AS n FROM campaigns.fenced_companies')) === 1,
    );
    expect(Date.now()).toBeLessThan(sendAt);
    await until(
      'connectors to record the fence',
      async () =>
        (await count(connectors, 'SELECT count(*)::int AS n FROM connectors.fenced_companies')) ===
        1,
    );

    // its WhatsApp session stopped without logging out; the epoch moved, so the old socket can
    // never write keys again; the keys stay for the session to open again
    await until('the Baileys session to stop', async () => paired.ended);
    expect(phone.live(whatsapp.id)).toBeUndefined();
    const fencedLease = await lease();
    expect(fencedLease.active).toBe(false);
    expect(BigInt(fencedLease.epoch)).toBeGreaterThan(epochBefore);
    expect(logouts).toBe(0);
    expect(await storedKeys()).toBe(1);

    // a message arrives while fenced: stored and held, not applied
    const inbound = await stack.graph.customerText({
      phoneNumberId: stack.phoneNumberId,
      from: '5511990002001',
      text: 'Written during the fence',
    });
    expect(inbound.status).toBe(200);
    await until(
      'the webhook to be held',
      async () =>
        (await count(
          connectors,
          `SELECT count(*)::int AS n FROM connectors.webhook_deliveries WHERE status = 'held' AND held_by = $1`,
          [companyId],
        )) === 1,
    );
    // the schedule falls due meanwhile and waits
    await sleep(Math.max(0, sendAt - Date.now()) + 1_000);
    expect(await messagesSaying('Written during the fence')).toBe(0);
    const waiting = await campaigns.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM campaigns.schedules WHERE id = $1',
      [schedule.id],
    );
    expect(waiting.rows[0]).toEqual({ status: 'PENDENTE', attempts: 0 });

    // the fence lifts (another operation's unfence first: it changes nothing)
    await transactions.acrossCompanies((manager) =>
      fence.unfence(manager, companyId, randomUUID()),
    );
    await sleep(300);
    expect((await adminGet('/tags')).status).toBe(503);
    await transactions.acrossCompanies((manager) => fence.unfence(manager, companyId, operationId));
    await until('the gateway to open the company again', async () => {
      return (await adminGet('/tags')).status === 200;
    });
    await until('the maintenance end on the socket', async () =>
      heard.some(
        (event) =>
          event.event === `company-${companyId}-maintenance` &&
          (event.payload as { action: string }).action === 'end',
      ),
    );
    // the session opens again, with its keys (no new QR code), under a newer epoch
    await until('the Baileys session to open again', async () => Boolean(phone.live(whatsapp.id)));
    await until(
      'a new lease',
      async () => BigInt((await lease()).epoch) > BigInt(fencedLease.epoch),
    );
    expect(logouts).toBe(0);
    await until(
      'the held message to be applied',
      async () => (await messagesSaying('Written during the fence')) === 1,
    );
    await until('the schedule to go out', async () => {
      const { rows } = await campaigns.query<{ status: string }>(
        'SELECT status FROM campaigns.schedules WHERE id = $1',
        [schedule.id],
      );
      return rows[0]?.status === 'ENVIADA';
    });

    // exactly once: Meta delivering the same message again adds nothing
    await stack.graph.customerText({
      phoneNumberId: stack.phoneNumberId,
      from: '5511990002001',
      text: 'Written during the fence',
      id: inbound.messageId,
    });
    await until(
      'the redelivery to be processed',
      async () =>
        (await count(
          connectors,
          `SELECT count(*)::int AS n FROM connectors.webhook_deliveries WHERE status <> 'done'`,
        )) === 0,
    );
    await sleep(300);
    expect(await messagesSaying('Written during the fence')).toBe(1);
    // the fence events reached the socket once each
    expect(heard.filter((event) => event.event === `company-${companyId}-maintenance`).length).toBe(
      2,
    );
  }, 60_000);
});
