import 'reflect-metadata';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  EventSocketRoutes,
  PlanFlags,
  Profiles,
  canSeeTicket,
  eventSubject,
  rooms,
  type DomainEvent,
  type EventSocketRouteKey,
  type ServiceName,
  type TicketFacts,
  type TicketViewer,
  type UserProfile,
} from '@sb/contracts';
import { AccessGuard } from '../auth/access.guard.js';
import type { VerifiedToken } from '../auth/access-token.service.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { gatewayRoutes, routeKey, type GatewayRoute } from '../gateway-routes.js';
import { joinsAdminsRoom } from './event-fanout.js';

/**
 * Every row of the event→socket table reaches no one its record's HTTP route refuses: a plain user's
 * socket never hears a record they get 403 for. The route each row names (`readRoute`) is looked up among
 * the gateway's controllers and asked, through the AccessGuard itself, which callers it lets in; the
 * rooms the row sends to (for each sample event below) may hold only those callers.
 *
 * The check is by profile: plan flags are the company's (every socket of the company shares them) and
 * record rules (a ticket's queue, a chat's members, a personal quick message) are the services' and the
 * rooms', so every caller here carries every plan flag.
 */

type Caller = { name: string; profile: UserProfile; super: boolean };
const callers: Caller[] = [
  ...Profiles.map((profile) => ({ name: profile, profile, super: false })),
  { name: 'super', profile: 'admin', super: true },
];

const cid = 4;

/** A ticket of queue 2 held by user 9 (ticket and message samples). */
const queueTicket = { id: 7, status: 'open', userId: 9, queueId: 2, isGroup: false };

/** The events each row is checked with: every branch of its `rooms` (Record: a new row needs one). */
type Sample = { companyId?: number; data: unknown };
const samples: Record<EventSocketRouteKey, Sample[]> = {
  'identity.user.updated': [{ data: { user: { id: 9 } } }],
  'identity.user.created': [{ data: { user: { id: 9 } } }],
  'identity.user.deleted': [{ data: { userId: 9 } }],
  'identity.settings.updated': [
    { data: { key: 'userRating', value: 'enabled' } },
    { data: { key: 'asaas', value: 'token' } },
    { companyId: 0, data: { key: 'userCreation', value: 'enabled' } },
  ],
  'identity.session.created': [{ data: { sessionId: 's1', userId: 9 } }],
  'identity.company.fenced': [{ data: { companyId: cid, operationId: 'op-1' } }],
  'identity.company.unfenced': [{ data: { companyId: cid, operationId: 'op-1' } }],
  'identity.announcement.created': [{ companyId: 0, data: { record: { id: 1, status: true } } }],
  'identity.announcement.updated': [{ companyId: 0, data: { record: { id: 1, status: false } } }],
  'identity.announcement.deleted': [{ companyId: 0, data: { record: { id: 1 } } }],
  'identity.tenant-operation.updated': [{ companyId: 0, data: { operation: { id: 'o1' } } }],
  'identity.chat.created': [{ data: { record: { users: [{ userId: 9 }, { userId: 10 }] } } }],
  'identity.chat.updated': [{ data: { record: { users: [{ userId: 9 }] }, removedUserIds: [10] } }],
  'identity.chat.deleted': [{ data: { id: 1, memberIds: [9, 10] } }],
  'identity.chat.typing': [{ data: { chatId: 1, user: { id: 9 }, memberIds: [9, 10] } }],
  'identity.chat-message.created': [{ data: { chat: { users: [{ userId: 9 }] } } }],
  'tickets.contact.created': [{ data: { contact: { id: 1 } } }],
  'tickets.contact.updated': [{ data: { contact: { id: 1 } } }],
  'tickets.contact.deleted': [{ data: { contactId: 1 } }],
  'tickets.contact-import.progress': [{ data: { job: { id: 'j1' } } }],
  'tickets.tag.created': [{ data: { tag: { id: 1 } } }],
  'tickets.tag.updated': [{ data: { tag: { id: 1 } } }],
  'tickets.tag.deleted': [{ data: { tagId: 1 } }],
  'tickets.queue.created': [{ data: { queue: { id: 1 } } }],
  'tickets.queue.updated': [{ data: { queue: { id: 1 } } }],
  'tickets.queue.deleted': [{ data: { queueId: 1 } }],
  'tickets.chatbot.created': [{ data: { chatbot: { id: 1 } } }],
  'tickets.chatbot.updated': [{ data: { chatbot: { id: 1 } } }],
  'tickets.chatbot.deleted': [{ data: { chatbotId: 1 } }],
  'tickets.quick-message.created': [
    { data: { record: { id: 1, geral: true, userId: 9 } } },
    { data: { record: { id: 1, geral: false, userId: 9 } } },
  ],
  'tickets.quick-message.updated': [
    { data: { record: { id: 1, geral: true, userId: 9 } } },
    { data: { record: { id: 1, geral: false, userId: 9 } } },
  ],
  'tickets.quick-message.deleted': [{ data: { id: 1 } }],
  'tickets.queue-integration.created': [{ data: { queueIntegration: { id: 1 } } }],
  'tickets.queue-integration.updated': [{ data: { queueIntegration: { id: 1 } } }],
  'tickets.queue-integration.deleted': [{ data: { integrationId: 1 } }],
  'tickets.prompt.created': [{ data: { prompt: { id: 1 } } }],
  'tickets.prompt.updated': [{ data: { prompt: { id: 1 } } }],
  'tickets.prompt.deleted': [{ data: { promptId: 1 } }],
  'tickets.file-list.created': [{ data: { fileList: { id: 1 } } }],
  'tickets.file-list.updated': [{ data: { fileList: { id: 1 } } }],
  'tickets.file-list.deleted': [{ data: { fileListId: 1 } }],
  'tickets.ticket.updated': [{ data: { ticket: queueTicket, previousStatus: 'pending' } }],
  'tickets.ticket.deleted': [{ data: { ticketId: 7, status: 'open' } }],
  'tickets.ticket.unread-reset': [{ data: { ticketId: 7, status: 'open' } }],
  'tickets.message.created': [
    { data: { message: { id: 'm1', body: 'Oi' }, ticket: queueTicket, contact: { id: 1 } } },
  ],
  'tickets.message.updated': [
    { data: { message: { id: 'm1', body: 'Oi' }, ticket: queueTicket, contact: { id: 1 } } },
  ],
  'tickets.message.deleted': [{ data: { messageId: 'm1', ticketId: 7, status: 'open' } }],
  'connectors.connection.created': [{ data: { connection: { id: 1 } } }],
  'connectors.connection.updated': [{ data: { connection: { id: 1 } } }],
  'connectors.connection.deleted': [{ data: { connectionId: 1 } }],
  'connectors.session.updated': [{ data: { session: { id: 1 } } }],
  'connectors.history-import.progress': [{ data: { connectionId: 1, action: 'refresh' } }],
  'campaigns.schedule.created': [{ data: { schedule: { id: 1, userId: 9 } } }],
  'campaigns.schedule.updated': [{ data: { schedule: { id: 1, userId: 9 } } }],
  'campaigns.schedule.deleted': [{ data: { scheduleId: 1, userId: 9 } }],
  'campaigns.contact-list.created': [{ data: { record: { id: 1 } } }],
  'campaigns.contact-list.updated': [{ data: { record: { id: 1 } } }],
  'campaigns.contact-list.deleted': [{ data: { id: 1 } }],
  'campaigns.contact-list-item.created': [{ data: { record: { id: 1 } } }],
  'campaigns.contact-list-item.updated': [{ data: { record: { id: 1 } } }],
  'campaigns.contact-list-item.deleted': [{ data: { id: 1, contactListId: 1 } }],
  'campaigns.contact-list-item.reloaded': [{ data: { contactListId: 1 } }],
  'campaigns.campaign.created': [{ data: { record: { id: 1 } } }],
  'campaigns.campaign.updated': [{ data: { record: { id: 1 } } }],
  'campaigns.campaign.deleted': [{ data: { id: 1 } }],
  'reporting.figures.changed': [{ data: {} }],
  'campaigns.campaign-reply.recorded': [{ data: { campaignId: 1 } }],
};

/** Whether the AccessGuard lets this caller through the route (with every plan flag). */
const guardLets = (route: GatewayRoute, caller: Caller): boolean => {
  const token = {
    sub: '9',
    userId: 9,
    cid,
    profile: caller.profile,
    super: caller.super,
    sid: 's1',
    lang: 'en',
    flags: [...PlanFlags],
    due: new Date(Date.now() + 86_400_000).toISOString(),
  } satisfies VerifiedToken;
  const req = { sb: { token } } as unknown as GatewayRequest;
  const context = {
    getType: () => 'http',
    getHandler: () => route.handler,
    getClass: () => route.controller,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
  try {
    return new AccessGuard(new Reflector()).canActivate(context);
  } catch {
    return false;
  }
};

/** Whether a socket of this caller can be in the room (the admins and super rooms are narrower). */
const mayBeIn = (room: string, companyId: number, caller: Caller): boolean => {
  if (room === rooms.supers()) return caller.super;
  return room === rooms.admins(companyId) ? joinsAdminsRoom(caller) : true;
};

type Row = {
  readRoute: string;
  rooms: (event: DomainEvent) => string[];
  payload: (data: unknown) => unknown;
  alsoEvent?: unknown;
  adminPayload?: unknown;
  ticket?: (data: unknown) => TicketFacts | null;
  hiddenPayload?: (data: unknown) => unknown;
};

/** Rooms any user of the company joins for the ticket screens: what reaches them is a ticket's. */
const ticketRoom = (room: string, companyId: number) =>
  room === rooms.notification(companyId) ||
  room.startsWith(`${rooms.status(companyId, '')}`) ||
  room.startsWith(`${rooms.ticket(companyId, '')}`);

/** Keys a payload without record content may carry (ids and what happened). */
const idKeys = ['action', 'ticketId', 'messageId'];

const viewer = (over: Partial<TicketViewer>): TicketViewer => ({
  userId: 20,
  admin: false,
  allTicket: false,
  allowGroup: false,
  queueIds: [],
  ...over,
});

describe('socket event audiences (every row of the event→socket table)', () => {
  const routes = new Map(gatewayRoutes().map((route) => [routeKey(route), route]));
  const rows = Object.entries(EventSocketRoutes) as [EventSocketRouteKey, Row][];

  it('finds the gateway routes', () => {
    expect(routes.get('GET /contact-list-items/:id')).toBeDefined();
    expect(routes.size).toBeGreaterThan(150);
  });

  it.each(rows)('%s reaches only callers its record route lets in', (key, row) => {
    const route = routes.get(row.readRoute);
    if (!route) throw new Error(`${key}: no gateway route ${row.readRoute}`);
    const readers = callers.filter((caller) => guardLets(route, caller)).map((c) => c.name);
    const [service, entity, action] = key.split('.') as [ServiceName, string, string];
    const list = samples[key];
    expect(list.length).toBeGreaterThan(0);
    for (const sample of list) {
      const companyId = sample.companyId ?? cid;
      const event: DomainEvent = {
        id: 'e1',
        subject: eventSubject(companyId, service, entity, action),
        companyId,
        occurredAt: new Date(0).toISOString(),
        data: sample.data,
      };
      const targets = row.rooms(event);
      // the admins' own payload goes to the admins room
      if (row.adminPayload && companyId > 0) targets.push(rooms.admins(companyId));
      const hearers = callers
        .filter((caller) => targets.some((room) => mayBeIn(room, companyId, caller)))
        .map((c) => c.name);
      expect({ key, rooms: targets, hearers: hearers.filter((h) => !readers.includes(h)) }).toEqual(
        { key, rooms: targets, hearers: [] },
      );
    }
  });

  it.each(rows)(
    '%s reaches the ticket rooms only with the ticket it is about (who may see it)',
    (key, row) => {
      const [service, entity, action] = key.split('.') as [ServiceName, string, string];
      for (const sample of samples[key]) {
        const companyId = sample.companyId ?? cid;
        const event: DomainEvent = {
          id: 'e1',
          subject: eventSubject(companyId, service, entity, action),
          companyId,
          occurredAt: new Date(0).toISOString(),
          data: sample.data,
        };
        const ticketRooms = row.rooms(event).filter((room) => ticketRoom(room, companyId));
        // rooms every user joins: a row that reaches them must name its ticket
        if (!ticketRooms.length) {
          expect({ key, ticket: row.ticket }).toEqual({ key, ticket: undefined });
          continue;
        }
        expect({ key, names: typeof row.ticket }).toEqual({ key, names: 'function' });
        // the gateway's filtered fan-out sends one payload under one name, never an admins' copy
        expect({ key, alsoEvent: row.alsoEvent, admin: row.adminPayload }).toEqual({ key });
        const facts = row.ticket!(sample.data);
        if (facts === null) {
          // an event about a ticket that carries only ids: no content for anyone to read
          const payload = row.payload(sample.data) as Record<string, unknown>;
          expect({ key, keys: Object.keys(payload).filter((k) => !idKeys.includes(k)) }).toEqual({
            key,
            keys: [],
          });
          continue;
        }
        expect({ key, facts }).toEqual({ key, facts: queueTicket });
        // who hears its content: those canSeeTicket lets in, as GET /tickets/:id and /messages do
        const hears = (v: TicketViewer) => canSeeTicket(v, facts);
        expect(hears(viewer({ admin: true }))).toBe(true);
        expect(hears(viewer({ queueIds: [2] }))).toBe(true);
        expect(hears(viewer({ userId: 9 }))).toBe(true);
        expect(hears(viewer({ queueIds: [5], allTicket: true, allowGroup: true }))).toBe(false);
        // what the others may get instead carries ids only
        if (row.hiddenPayload) {
          const hidden = row.hiddenPayload(sample.data) as Record<string, unknown>;
          expect(Object.keys(hidden).filter((k) => !idKeys.includes(k))).toEqual([]);
        }
      }
    },
  );

  it('sends the admin screens to the admins room only', () => {
    const event = (key: EventSocketRouteKey): DomainEvent => {
      const [service, entity, action] = key.split('.') as [ServiceName, string, string];
      return {
        id: 'e1',
        subject: eventSubject(cid, service, entity, action),
        companyId: cid,
        occurredAt: new Date(0).toISOString(),
        data: samples[key][0]!.data,
      };
    };
    for (const key of [
      'campaigns.contact-list-item.created',
      'campaigns.contact-list.updated',
      'campaigns.campaign.created',
      'campaigns.campaign-reply.recorded',
      'tickets.queue-integration.updated',
      'tickets.file-list.created',
    ] as const) {
      expect({ key, rooms: (EventSocketRoutes[key] as Row).rooms(event(key)) }).toEqual({
        key,
        rooms: [rooms.admins(cid)],
      });
    }
  });
});
