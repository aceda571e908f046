import type { DomainEvent } from '../bus/envelope.js';
import { DomainEventTypes, eventSubject } from '../bus/subjects.js';
import type { SessionUser } from '../auth/session.js';
import {
  EventSocketRoutes,
  eventRouteKey,
  impliedEvents,
  resolveEventSocket,
} from './event-socket-routes.js';
import { roomCompanyId, rooms } from './rooms.js';
import {
  ClientSocketEvents,
  CompanySocketEventNames,
  SocketHandshakeQuery,
  UserStatusPayload,
  socketEvent,
} from './socket-events.js';

const event = <D>(
  companyId: number,
  type: {
    service: 'identity' | 'tickets' | 'reporting' | 'campaigns';
    entity: string;
    action: string;
  },
  data: D,
): DomainEvent<D> => ({
  id: 'e1',
  subject: eventSubject(companyId, type.service, type.entity, type.action),
  companyId,
  occurredAt: '2024-01-01T00:00:00.000Z',
  data,
});

describe('socket events', () => {
  it('builds company event names', () => {
    expect(socketEvent.company(7, 'ticket')).toBe('company-7-ticket');
    expect(socketEvent.company(7, 'appMessage')).toBe('company-7-appMessage');
    expect(socketEvent.company(12, 'tag')).toBe('company-12-tag');
    expect(socketEvent.announcement).toBe('company-announcement');
  });

  it('covers every event of spec 1 §7 and BEHAVIOUR.md §10', () => {
    for (const name of [
      'ticket',
      'appMessage',
      'contact',
      'whatsapp',
      'whatsappSession',
      'presence',
      'queue',
      'user',
      'auth',
      'campaign',
      'chat',
      'queueIntegration',
      'ContactList',
      'ContactListItem',
      'quickmessage',
      'chatbot',
      'help',
      'settings',
      'tag',
      'schedule',
      'file',
      'importMessages',
    ]) {
      expect(CompanySocketEventNames).toContain(name);
    }
  });

  it('names the client events', () => {
    expect(Object.values(ClientSocketEvents).sort()).toEqual([
      'chatTyping',
      'joinChatBox',
      'joinNotification',
      'joinTickets',
      'userStatus',
    ]);
  });

  it('parses the handshake query into ids', () => {
    expect(SocketHandshakeQuery.parse({ companyId: '3', userId: '15' })).toEqual({
      companyId: 3,
      userId: 15,
    });
    expect(SocketHandshakeQuery.safeParse({ companyId: 'abc', userId: '1' }).success).toBe(false);
    expect(SocketHandshakeQuery.safeParse({ companyId: '0', userId: '1' }).success).toBe(false);
    expect(SocketHandshakeQuery.safeParse({ userId: '1' }).success).toBe(false);
  });

  it('reads the userStatus payload, online by default', () => {
    expect(UserStatusPayload.parse({})).toEqual({ online: true });
    expect(UserStatusPayload.parse({ online: false })).toEqual({ online: false });
  });
});

describe('rooms', () => {
  it('scopes every room by company', () => {
    expect(rooms.company(4)).toBe('c:4');
    expect(rooms.user(4, 9)).toBe('c:4:user:9');
    expect(rooms.ticket(4, 31)).toBe('c:4:ticket:31');
    expect(rooms.status(4, 'pending')).toBe('c:4:status:pending');
    expect(rooms.notification(4)).toBe('c:4:notification');
  });

  it('tells the company of a room', () => {
    expect(roomCompanyId(rooms.user(4, 9))).toBe(4);
    expect(roomCompanyId(rooms.company(41))).toBe(41);
    expect(roomCompanyId(rooms.platform())).toBeUndefined();
    expect(roomCompanyId('c:x')).toBeUndefined();
  });
});

describe('event socket routes', () => {
  const user = { id: 9, name: 'Ana' } as SessionUser;

  it('keys routes by <service>.<entity>.<action>', () => {
    expect(eventRouteKey('evt.4.identity.user.updated')).toBe('identity.user.updated');
    expect(eventRouteKey('identity.auth.login')).toBeUndefined();
    expect(Object.keys(EventSocketRoutes)).toEqual(
      expect.arrayContaining(['identity.user.updated', 'identity.session.created']),
    );
  });

  it("sends user updates to the whole company, also as spec 2 §7's global users event", () => {
    expect(resolveEventSocket(event(4, DomainEventTypes.identity.userUpdated, { user }))).toEqual({
      event: 'company-4-user',
      alsoEvent: 'users',
      payload: { action: 'update', user },
      rooms: ['c:4'],
    });
  });

  it('sends a new session to the other sessions of the same user only', () => {
    const created = event(4, DomainEventTypes.identity.sessionCreated, {
      sessionId: 's2',
      userId: 9,
    });
    expect(resolveEventSocket(created)).toEqual({
      event: 'company-4-auth',
      payload: { action: 'update', user: { id: 9 } },
      rooms: ['c:4:user:9'],
      exceptSessionId: 's2',
    });
  });

  it("sends a change of the figures to the company's admins only", () => {
    expect(resolveEventSocket(event(4, DomainEventTypes.reporting.figuresChanged, {}))).toEqual({
      event: 'company-4-dashboard',
      payload: { action: 'update' },
      rooms: ['c:4:admins'],
    });
  });

  it('tells the company a schedule failed, and why, without its body or contact', () => {
    const schedule = {
      id: 9,
      userId: 3,
      status: 'ERRO',
      error: 'ERR_OUTSIDE_SERVICE_WINDOW',
      body: 'secret',
      contact: { id: 1, name: 'Ana', number: '5511999990000' },
    };
    expect(
      resolveEventSocket(event(4, DomainEventTypes.campaigns.scheduleUpdated, { schedule })),
    ).toEqual({
      event: 'company-4-schedule',
      payload: {
        action: 'update',
        scheduleId: 9,
        userId: 3,
        status: 'ERRO',
        error: 'ERR_OUTSIDE_SERVICE_WINDOW',
      },
      rooms: ['c:4'],
    });
  });

  it('keeps every room inside the event company', () => {
    const resolved = [
      resolveEventSocket(event(8, DomainEventTypes.identity.userUpdated, { user })),
      resolveEventSocket(
        event(8, DomainEventTypes.identity.sessionCreated, { sessionId: 's', userId: 1 }),
      ),
    ];
    for (const result of resolved) {
      for (const room of result?.rooms ?? []) expect(roomCompanyId(room)).toBe(8);
    }
  });

  it("reads a message that changed its ticket as that ticket's update too, with the status it left", () => {
    const ticket = { id: 7, status: 'pending', userId: null, queueId: 2, isGroup: false };
    const message = { id: 'm1', body: 'Oi' };
    const contact = { id: 3, name: 'Cris' };
    const created = event(4, DomainEventTypes.tickets.messageCreated, {
      message,
      ticket,
      contact,
      ticketChange: { previousStatus: 'closed' },
    });
    expect(resolveEventSocket(created)?.payload).toEqual({
      action: 'create',
      message,
      ticket,
      contact,
    });
    const [update, ...more] = impliedEvents(created);
    expect(more).toEqual([]);
    expect(update).toEqual({
      ...created,
      subject: 'evt.4.tickets.ticket.updated',
      data: { ticket, previousStatus: 'closed' },
    });
    expect(resolveEventSocket(update!)).toEqual({
      event: 'company-4-ticket',
      payload: { action: 'update', ticket },
      rooms: ['c:4:status:pending', 'c:4:notification', 'c:4:ticket:7', 'c:4:status:closed'],
      // its content only to who may see the ticket; the others drop it from their lists
      ticket: {
        facts: { status: 'pending', userId: null, queueId: 2, isGroup: false },
        hiddenPayload: { action: 'delete', ticketId: 7 },
      },
    });
    // a message that left its ticket as it was (a private note), and other events, stand for nothing else
    expect(impliedEvents({ ...created, data: { message, ticket, contact } })).toEqual([]);
    expect(impliedEvents(event(4, DomainEventTypes.identity.userUpdated, { user }))).toEqual([]);
  });

  it('ignores events with no route', () => {
    const revoked = event(4, DomainEventTypes.identity.sessionRevoked, {
      sessionId: 's',
      userId: 9,
    });
    expect(resolveEventSocket(revoked)).toBeUndefined();
    expect(
      resolveEventSocket({ ...revoked, subject: 'evt.4.identity.toString.x' }),
    ).toBeUndefined();
    expect(resolveEventSocket({ ...revoked, subject: 'nonsense' })).toBeUndefined();
  });
});
