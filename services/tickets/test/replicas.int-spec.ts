import { randomUUID } from 'node:crypto';
import {
  Subjects as S,
  eventSubject,
  type BusRequest,
  type RequestContext,
  type ServiceName,
  type TicketRecord,
  type TicketsPage,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { RunningService } from '@sb/platform/nest';
import { createTestDatabase, openTestBus, TicketsFixtures } from '@sb/testing';
import pg from 'pg';
import { startTicketsService } from '../src/index.js';
import {
  answerCompanySettings,
  answerConnections,
  answerUserRecords,
  resyncReplicas,
  type FakeUser,
} from './replica-stand-ins.js';

/**
 * The replicas of identity's users and settings and of connectors' connections follow their events over
 * NATS, load again after a gap, and spare accept, transfer and close every bus request.
 */
describe('replicas of identity and connectors (NATS)', () => {
  let bus: Bus | undefined;
  let service: RunningService;
  let db: pg.Pool;
  let given: TicketsFixtures;
  let drop: () => Promise<void>;
  /** the subjects tickets asked on the bus */
  const asked: string[] = [];
  const users = new Map<number, FakeUser>();
  const settings = new Map<string, string>();
  const connection = { id: 10, name: 'Main WA', channel: 'whatsapp', isDefault: true };
  let q1 = 0;
  let q2 = 0;
  let seq = 0;

  const admin: Partial<RequestContext> = { companyId: 1, userId: 1, profile: 'admin' };
  const ana: Partial<RequestContext> = { companyId: 1, userId: 2, profile: 'user' };
  const bruno: Partial<RequestContext> = { companyId: 1, userId: 3, profile: 'user' };

  const call = <T>(subject: string, data: unknown, ctx: Partial<RequestContext>) =>
    bus!.request(subject, {
      ctx: { requestId: randomUUID(), super: false, lang: 'en', ...ctx } as RequestContext,
      data,
    }) as Promise<T>;
  /** what identity or connectors publish after a change */
  const publish = (service: ServiceName, entity: string, action: string, data: unknown) =>
    bus!.publish({
      id: randomUUID(),
      subject: eventSubject(1, service, entity, action),
      companyId: 1,
      occurredAt: new Date().toISOString(),
      data,
    });
  const until = async (check: () => Promise<boolean>, label: string) => {
    for (let i = 0; i < 100; i += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    throw new Error(`timed out waiting until ${label}`);
  };
  const pendingTicket = async (queueId: number) => {
    seq += 1;
    const contact = await given.newContact(1, { name: `Contact ${seq}` });
    const ticket = await given.newTicket(1, {
      contact: contact.id,
      whatsapp: connection.id,
      queue: queueId,
    });
    return ticket.id;
  };
  const pendingIds = async (ctx: Partial<RequestContext>) =>
    (await call<TicketsPage>(S.tickets.ticketList, { status: 'pending' }, ctx)).tickets.map(
      (t) => t.id,
    );

  beforeAll(async () => {
    bus = await openTestBus('nats', 'tickets-replicas-int-spec');
    if (!bus) return;
    const raw = bus;
    // the bus tickets is given counts what it asks; the test's own calls go through `raw`
    const counted: Bus = {
      request: (subject, payload, options) => {
        asked.push(subject);
        return raw.request(subject, payload, options);
      },
      handle: (subject, handler, options) => raw.handle(subject, handler, options),
      publish: (event) => raw.publish(event),
      consume: (options) => raw.consume(options),
      subscribe: (filter, handler) => raw.subscribe(filter, handler),
      close: () => Promise.resolve(),
    };
    const database = await createTestDatabase();
    drop = () => database.drop();
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    service = await startTicketsService({ bus: counted, databaseUrl: database.url });
    given = new TicketsFixtures(db);
    const queue = async (name: string, color: string) =>
      (await given.newQueue(1, { name, color })).id;
    q1 = await queue('Vendas', '#111111');
    q2 = await queue('Suporte', '#222222');
    const base = { allTicket: 'disable' as const, allowGroup: false, farewellMessage: null };
    users.set(1, { ...base, id: 1, name: 'Admin', profile: 'admin', queueIds: [] });
    users.set(2, { ...base, id: 2, name: 'Ana', profile: 'user', queueIds: [q2] });
    users.set(3, { ...base, id: 3, name: 'Bruno', profile: 'user', queueIds: [q1] });
    await answerUserRecords(raw, (companyId) => (companyId === 1 ? [...users.values()] : []));
    await answerCompanySettings(raw, (_companyId, key) => settings.get(key) ?? 'disabled');
    await answerConnections(raw, (companyId) => (companyId === 1 ? [connection] : []));
    await raw.handle(S.identity.userGet, (payload: BusRequest) => {
      const found = users.get((payload.data as { id: number }).id);
      return found ? Promise.resolve(found) : Promise.reject(new Error('no user'));
    });
  });

  afterAll(async () => {
    if (!bus) return;
    await service.close();
    await db.end();
    await bus.close();
    await drop();
  });

  const run = (name: string, fn: () => Promise<void>) =>
    it(name, async () => {
      if (!bus) return; // no NATS: openTestBus said why
      await fn();
    });

  run('sees a user whose queues changed, and a deleted user, right after the event', async () => {
    const id = await pendingTicket(q1);
    expect(await pendingIds(ana)).not.toContain(id);
    expect(await pendingIds(bruno)).toContain(id);

    // identity moves Ana into Vendas: she sees its ticket and may accept it
    users.set(2, { ...users.get(2)!, queueIds: [q1, q2] });
    await publish('identity', 'user', 'updated', {
      user: { ...users.get(2)!, companyId: 1, queues: [] },
      queueIds: [q1, q2],
      online: true,
    });
    await until(async () => (await pendingIds(ana)).includes(id), 'Ana sees the ticket');

    // Bruno is deleted: from the event on he sees nothing of his old queue, and is not asked for again
    users.delete(3);
    await publish('identity', 'user', 'deleted', { userId: 3 });
    await until(async () => !(await pendingIds(bruno)).includes(id), 'Bruno no longer sees it');
    asked.length = 0;
    expect(await pendingIds(bruno)).not.toContain(id);
    expect(asked).toEqual([]);

    const accepted = await call<TicketRecord>(
      S.tickets.ticketUpdate,
      { id, status: 'open', userId: 2 },
      ana,
    );
    expect(accepted).toMatchObject({ status: 'open', userId: 2, user: { name: 'Ana' } });
  });

  run('applies a changed company setting right after the event', async () => {
    const id = await pendingTicket(q1);
    await call(S.tickets.ticketUpdate, { id, status: 'open', userId: 1 }, admin);
    settings.set('requiredTag', 'enabled');
    await publish('identity', 'settings', 'updated', {
      key: 'requiredTag',
      value: 'enabled',
      scope: 'company',
    });
    await until(
      () =>
        call(S.tickets.ticketUpdate, { id, status: 'closed' }, admin).then(
          () => false,
          (err: { code?: string }) => err.code === 'ERR_TICKET_TAG_REQUIRED',
        ),
      'a close without tags is refused',
    );
    settings.delete('requiredTag');
    await publish('identity', 'settings', 'updated', {
      key: 'requiredTag',
      value: 'disabled',
      scope: 'company',
    });
    await until(
      () =>
        call<TicketRecord>(S.tickets.ticketUpdate, { id, status: 'closed' }, admin).then(
          (t) => t.status === 'closed',
          () => false,
        ),
      'the close goes through again',
    );
  });

  run('follows a changed and a deleted connection', async () => {
    const id = await pendingTicket(q1);
    const name = async () =>
      (await call<TicketRecord>(S.tickets.ticketGet, { id }, admin)).whatsapp?.name ?? null;
    expect(await name()).toBe('Main WA');
    Object.assign(connection, { name: 'Vendas WA' });
    await publish('connectors', 'connection', 'updated', { connection: { ...connection } });
    await until(async () => (await name()) === 'Vendas WA', 'the new name shows');
    await publish('connectors', 'connection', 'deleted', { connectionId: connection.id });
    await until(async () => (await name()) === null, 'the connection is gone');
    Object.assign(connection, { name: 'Main WA' });
    await resyncReplicas(service);
    expect(await name()).toBe('Main WA');
  });

  run('loads its replicas again after a gap (changes whose events it missed)', async () => {
    const id = await pendingTicket(q2);
    expect(await pendingIds(ana)).toContain(id);
    // identity changed Ana and a setting while this process got no event
    users.set(2, { ...users.get(2)!, queueIds: [] });
    settings.set('requiredTag', 'enabled');
    expect(await pendingIds(ana)).toContain(id);
    await resyncReplicas(service);
    expect(await pendingIds(ana)).not.toContain(id);
    await call(S.tickets.ticketUpdate, { id, status: 'open', userId: 1 }, admin);
    await expect(
      call(S.tickets.ticketUpdate, { id, status: 'closed' }, admin),
    ).rejects.toMatchObject({ code: 'ERR_TICKET_TAG_REQUIRED' });
    users.set(2, { ...users.get(2)!, queueIds: [q1, q2] });
    settings.delete('requiredTag');
    await resyncReplicas(service);
  });

  run('accepts, transfers and closes without a bus request', async () => {
    const id = await pendingTicket(q1);
    await pendingIds(admin); // the company's replicas are loaded by now
    asked.length = 0;
    await call(S.tickets.ticketUpdate, { id, status: 'open', userId: 1 }, admin);
    expect(asked).toEqual([]);
    const transferred = await call<TicketRecord>(
      S.tickets.ticketUpdate,
      { id, status: 'open', userId: 2, queueId: q1 },
      admin,
    );
    expect(transferred).toMatchObject({ userId: 2, queueId: q1 });
    expect(asked).toEqual([]);
    const closed = await call<TicketRecord>(S.tickets.ticketUpdate, { id, status: 'closed' }, ana);
    expect(closed.status).toBe('closed');
    expect(asked).toEqual([]);
  });
});
