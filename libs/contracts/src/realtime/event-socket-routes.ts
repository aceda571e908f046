import type { DomainEvent } from '../bus/envelope.js';
import { parseEventSubject } from '../bus/subjects.js';
import type { SessionEventData, UserUpdatedEventData } from '../auth/requests.js';
import type {
  AnnouncementEventData,
  AnnouncementSocketPayload,
} from '../announcements/announcements.js';
import type { SettingsUpdatedEventData } from '../settings/setting-requests.js';
import type { UserCreatedEventData, UserDeletedEventData } from '../users/requests.js';
import { rooms } from './rooms.js';
import { socketEvent } from './socket-events.js';

/** How the gateway turns one domain event into a socket emit. */
export type EventSocketRoute<D = unknown> = {
  /** the socket event name for the event's company */
  socketEvent: (companyId: number) => string;
  /** the socket payload built from `event.data` */
  payload: (data: D) => unknown;
  /** the rooms that receive it; always rooms of `event.companyId` */
  rooms: (event: DomainEvent<D>) => string[];
  /** sockets of this session id are skipped (e.g. the new session that caused the event) */
  exceptSessionId?: (event: DomainEvent<D>) => string | undefined;
};

/** Typed row builder, so each entry checks its payload against its event data. */
export const defineEventSocketRoute = <D>(route: EventSocketRoute<D>): EventSocketRoute<D> => route;

/**
 * The event→socket table, keyed by `<service>.<entity>.<action>`. Later issues add a row per event
 * here; events with no row are not sent to sockets.
 */
export const EventSocketRoutes = {
  'identity.user.updated': defineEventSocketRoute<UserUpdatedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'user'),
    payload: (data) => ({ action: 'update', user: data.user }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'identity.user.created': defineEventSocketRoute<UserCreatedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'user'),
    payload: (data) => ({ action: 'create', user: data.user }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'identity.user.deleted': defineEventSocketRoute<UserDeletedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'user'),
    payload: (data) => ({ action: 'delete', userId: data.userId }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  // Platform settings (company 0) reach no room; company settings reach the whole company.
  'identity.settings.updated': defineEventSocketRoute<SettingsUpdatedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'settings'),
    payload: (data) => ({ action: 'update', setting: { key: data.key, value: data.value } }),
    rooms: (event) => (event.companyId > 0 ? [rooms.company(event.companyId)] : []),
  }),
  // A new login tells the user's other sessions (older tabs and devices) that the account was used elsewhere.
  'identity.session.created': defineEventSocketRoute<SessionEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'auth'),
    payload: (data) => ({ action: 'update', user: { id: data.userId } }),
    rooms: (event) => [rooms.user(event.companyId, event.data.userId)],
    exceptSessionId: (event) => event.data.sessionId,
  }),
  // Announcements are platform-wide (company 0): every authenticated socket hears them. An inactive one is
  // sent as a delete, so its text never reaches the users who may not read it.
  'identity.announcement.created': defineEventSocketRoute<AnnouncementEventData>({
    socketEvent: () => socketEvent.announcement,
    payload: (data): AnnouncementSocketPayload =>
      data.record.status
        ? { action: 'create', record: data.record }
        : { action: 'delete', record: { id: data.record.id } },
    rooms: () => [rooms.platform()],
  }),
  'identity.announcement.updated': defineEventSocketRoute<AnnouncementEventData>({
    socketEvent: () => socketEvent.announcement,
    payload: (data): AnnouncementSocketPayload =>
      data.record.status
        ? { action: 'update', record: data.record }
        : { action: 'delete', record: { id: data.record.id } },
    rooms: () => [rooms.platform()],
  }),
  'identity.announcement.deleted': defineEventSocketRoute<AnnouncementEventData>({
    socketEvent: () => socketEvent.announcement,
    payload: (data): AnnouncementSocketPayload => ({
      action: 'delete',
      record: { id: data.record.id },
    }),
    rooms: () => [rooms.platform()],
  }),
} as const satisfies Record<string, EventSocketRoute<never>>;

export type EventSocketRouteKey = keyof typeof EventSocketRoutes;

/** `<service>.<entity>.<action>` of an event subject (undefined when it is not an event subject). */
export const eventRouteKey = (subject: string): string | undefined => {
  const parts = parseEventSubject(subject);
  return parts ? `${parts.service}.${parts.entity}.${parts.action}` : undefined;
};

/** What to emit for an event, or undefined when the event has no socket route. */
export const resolveEventSocket = (
  event: DomainEvent,
): { event: string; payload: unknown; rooms: string[]; exceptSessionId?: string } | undefined => {
  const key = eventRouteKey(event.subject);
  if (!key || !Object.hasOwn(EventSocketRoutes, key)) return undefined;
  const route = EventSocketRoutes[key as EventSocketRouteKey] as EventSocketRoute<unknown>;
  const exceptSessionId = route.exceptSessionId?.(event);
  return {
    event: route.socketEvent(event.companyId),
    payload: route.payload(event.data),
    rooms: route.rooms(event),
    ...(exceptSessionId ? { exceptSessionId } : {}),
  };
};
