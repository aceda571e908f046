import { eventSubject, type DomainEvent, type TicketViewer } from '@sb/contracts';
import { planSocketEmit, sessionRoom, splitByTicket } from './event-fanout.js';

const event = <T>(companyId: number, entity: string, action: string, data: T): DomainEvent<T> => ({
  id: 'e1',
  subject: eventSubject(companyId, 'identity', entity, action),
  companyId,
  occurredAt: new Date(0).toISOString(),
  data,
});

describe('planSocketEmit (the event → socket route table)', () => {
  it("sends a connection's token to the admins room only; the company room gets it blanked", () => {
    const connection = { id: 9, name: 'Cloud', token: 'ext-api-token' };
    const plan = planSocketEmit({
      ...event(3, 'connection', 'updated', { connection }),
      subject: eventSubject(3, 'connectors', 'connection', 'updated'),
    });
    expect(plan).toEqual({
      event: 'company-3-whatsapp',
      payload: { action: 'update', whatsapp: { ...connection, token: null } },
      rooms: ['c:3'],
      // admins sit in the company room too: they get only their own copy
      except: ['c:3:admins'],
      dropped: [],
      admin: { room: 'c:3:admins', payload: { action: 'update', whatsapp: connection } },
    });
    expect(JSON.stringify(plan!.payload)).not.toContain('ext-api-token');
  });

  it("sends a prompt's masked keys to the admins room, blank to the rest of the company", () => {
    const prompt = { id: 2, name: 'Bot', apiKey: 'sk-...cdef', voiceKey: 'az-...1234' };
    const plan = planSocketEmit({
      ...event(3, 'prompt', 'updated', { prompt }),
      subject: eventSubject(3, 'tickets', 'prompt', 'updated'),
    });
    expect(plan?.payload).toEqual({
      action: 'update',
      prompt: { ...prompt, apiKey: '', voiceKey: '' },
    });
    expect(plan?.admin?.payload).toEqual({ action: 'update', prompt });
  });

  it('sends session updates and secret settings in full to the admins room only', () => {
    const session = { id: 9, status: 'CONNECTED', token: 'ext-api-token' };
    const sessionPlan = planSocketEmit({
      ...event(3, 'session', 'updated', { session }),
      subject: eventSubject(3, 'connectors', 'session', 'updated'),
    });
    expect(sessionPlan?.payload).toEqual({
      action: 'update',
      session: { ...session, token: null },
    });
    expect(sessionPlan?.admin?.payload).toEqual({ action: 'update', session });
    const secret = planSocketEmit(
      event(3, 'settings', 'updated', { key: 'asaas', value: 'tok', scope: 'company' }),
    );
    expect(secret?.payload).toEqual({ action: 'update', setting: { key: 'asaas', value: '' } });
    expect(secret?.admin?.payload).toEqual({
      action: 'update',
      setting: { key: 'asaas', value: 'tok' },
    });
    const plain = planSocketEmit(
      event(3, 'settings', 'updated', { key: 'userRating', value: 'enabled', scope: 'company' }),
    );
    expect(plain?.payload).toEqual({
      action: 'update',
      setting: { key: 'userRating', value: 'enabled' },
    });
  });

  it('sends user.updated to the company room as company-<cid>-user and users', () => {
    const user = { id: 4, name: 'Ana' };
    expect(planSocketEmit(event(3, 'user', 'updated', { user }))).toEqual({
      event: 'company-3-user',
      alsoEvent: 'users',
      payload: { action: 'update', user },
      rooms: ['c:3'],
      except: [],
      dropped: [],
    });
  });

  it("sends session.created to the user's room except the new session's own sockets", () => {
    const plan = planSocketEmit(event(3, 'session', 'created', { sessionId: 's-9', userId: 4 }));
    expect(plan).toMatchObject({
      event: 'company-3-auth',
      payload: { action: 'update', user: { id: 4 } },
      rooms: ['c:3:user:4'],
      except: [sessionRoom('s-9')],
    });
  });

  it('ignores events without a socket route and non-event subjects', () => {
    expect(
      planSocketEmit(event(3, 'session', 'revoked', { sessionId: 's', userId: 4 })),
    ).toBeUndefined();
    expect(
      planSocketEmit({ ...event(3, 'user', 'updated', {}), subject: 'identity.auth.login' }),
    ).toBeUndefined();
  });

  it('drops rooms of another company, and the platform room for a company event', () => {
    const wrongRow = () => ({
      event: 'company-3-ticket',
      payload: {},
      rooms: ['c:3:ticket:1', 'c:4', 'c:31', 'platform', 'c:3:ticket:1'],
    });
    expect(planSocketEmit(event(3, 'ticket', 'updated', {}), wrongRow)).toMatchObject({
      rooms: ['c:3:ticket:1'],
      dropped: ['c:4', 'c:31', 'platform'],
    });
  });

  it('lets platform-wide events of company 0 reach the platform room only', () => {
    const announcement = () => ({
      event: 'company-announcement',
      payload: {},
      rooms: ['platform', 'c:2'],
    });
    expect(planSocketEmit(event(0, 'announcement', 'created', {}), announcement)).toMatchObject({
      rooms: ['platform'],
      dropped: ['c:2'],
    });
  });
});

describe('ticket and message events (who may see the ticket)', () => {
  const ticket = { id: 7, status: 'pending', userId: null, queueId: 2, isGroup: false };
  const ticketEvent = <T>(entity: string, action: string, data: T): DomainEvent<T> => ({
    ...event(3, entity, action, data),
    subject: eventSubject(3, 'tickets', entity, action),
  });
  const viewer = (userId: number, over: Partial<TicketViewer> = {}): TicketViewer => ({
    userId,
    admin: false,
    allTicket: false,
    allowGroup: false,
    queueIds: [],
    ...over,
  });
  const sockets = [
    { id: 'admin', viewer: viewer(1, { admin: true }) },
    { id: 'queue-2', viewer: viewer(2, { queueIds: [2] }) },
    { id: 'queue-5', viewer: viewer(3, { queueIds: [5] }) },
    { id: 'no-queue', viewer: viewer(4, { allTicket: true }) },
  ];

  it("plans a message's content for who may see its ticket, and nothing for the others", () => {
    const plan = planSocketEmit(
      ticketEvent('message', 'created', { message: { id: 'm1' }, ticket, contact: { id: 1 } }),
    );
    expect(plan?.ticket).toEqual({
      facts: { status: 'pending', userId: null, queueId: 2, isGroup: false },
    });
    expect(splitByTicket(sockets, plan!.ticket!.facts)).toEqual({
      seers: ['admin', 'queue-2'],
      others: ['queue-5', 'no-queue'],
    });
  });

  it('plans a delete of an updated ticket for the sockets that may not see it', () => {
    const plan = planSocketEmit(ticketEvent('ticket', 'updated', { ticket }));
    expect(plan?.payload).toEqual({ action: 'update', ticket });
    expect(plan?.ticket?.hiddenPayload).toEqual({ action: 'delete', ticketId: 7 });
    // the ticket reaches the holder, wherever its queue
    const held = { ...ticket, status: 'open', userId: 3, queueId: 9 };
    expect(splitByTicket(sockets, { ...held, status: 'open' })).toEqual({
      seers: ['admin', 'queue-5'],
      others: ['queue-2', 'no-queue'],
    });
    // a ticket without a queue: allTicket
    expect(splitByTicket(sockets, { ...ticket, status: 'pending', queueId: null }).seers).toEqual([
      'admin',
      'no-queue',
    ]);
  });

  it('sends id-only events (no content) to the whole room', () => {
    for (const plan of [
      planSocketEmit(ticketEvent('ticket', 'deleted', { ticketId: 7, status: 'open' })),
      planSocketEmit(ticketEvent('ticket', 'unread-reset', { ticketId: 7, status: 'open' })),
      planSocketEmit(ticketEvent('message', 'deleted', { messageId: 'm', ticketId: 7 })),
    ]) {
      expect(plan?.rooms.length).toBeGreaterThan(0);
      expect(plan?.ticket).toBeUndefined();
    }
  });
});
