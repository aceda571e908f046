import type { DomainEvent } from '../bus/envelope.js';
import { parseEventSubject } from '../bus/subjects.js';
import type { SessionEventData, UserUpdatedEventData } from '../auth/requests.js';
import type {
  AnnouncementEventData,
  AnnouncementSocketPayload,
} from '../announcements/announcements.js';
import type { SettingsUpdatedEventData } from '../settings/setting-requests.js';
import type { UserCreatedEventData, UserDeletedEventData } from '../users/requests.js';
import type {
  ContactDeletedEventData,
  ContactEventData,
  ContactImportEventData,
} from '../contacts/contact-records.js';
import type { TagDeletedEventData, TagEventData } from '../tags/tag-records.js';
import type {
  ChatbotDeletedEventData,
  ChatbotEventData,
  QueueDeletedEventData,
  QueueEventData,
} from '../queues/queues.js';
import type {
  QuickMessageDeletedEventData,
  QuickMessageEventData,
} from '../quick-messages/quick-messages.js';
import type {
  QueueIntegrationDeletedEventData,
  QueueIntegrationEventData,
  QueueIntegrationSocketPayload,
} from '../queue-integrations/queue-integrations.js';
import type { ConnectionDeletedEventData, ConnectionEventData } from '../channels/connections.js';
import type {
  PromptDeletedEventData,
  PromptEventData,
  PromptSocketPayload,
} from '../prompts/prompts.js';
import type {
  FileListDeletedEventData,
  FileListEventData,
  FileListSocketPayload,
} from '../file-lists/file-lists.js';
import type {
  MessageDeletedEventData,
  MessageEventData,
  TicketDeletedEventData,
  TicketEventData,
  TicketUnreadEventData,
} from '../tickets/ticket-inputs.js';
import type { AppMessageSocketPayload, TicketSocketPayload } from '../tickets/ticket-records.js';
import type { SessionUpdatedEventData } from '../connections/connection-inputs.js';
import type {
  ScheduleDeletedEventData,
  ScheduleEventData,
  ScheduleSocketPayload,
} from '../schedules/schedules.js';
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
  // contacts and tags (tickets service)
  'tickets.contact.created': defineEventSocketRoute<ContactEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'contact'),
    payload: (data) => ({ action: 'create', contact: data.contact }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.contact.updated': defineEventSocketRoute<ContactEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'contact'),
    payload: (data) => ({ action: 'update', contact: data.contact }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.contact.deleted': defineEventSocketRoute<ContactDeletedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'contact'),
    payload: (data) => ({ action: 'delete', contactId: data.contactId }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.contact-import.progress': defineEventSocketRoute<ContactImportEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'contact'),
    payload: (data) => ({ action: 'import', job: data.job }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.tag.created': defineEventSocketRoute<TagEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'tag'),
    payload: (data) => ({ action: 'create', tag: data.tag }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.tag.updated': defineEventSocketRoute<TagEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'tag'),
    payload: (data) => ({ action: 'update', tag: data.tag }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.tag.deleted': defineEventSocketRoute<TagDeletedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'tag'),
    payload: (data) => ({ action: 'delete', tagId: data.tagId }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  // queues, chatbots and quick messages (tickets service)
  'tickets.queue.created': defineEventSocketRoute<QueueEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'queue'),
    payload: (data) => ({ action: 'create', queue: data.queue }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.queue.updated': defineEventSocketRoute<QueueEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'queue'),
    payload: (data) => ({ action: 'update', queue: data.queue }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.queue.deleted': defineEventSocketRoute<QueueDeletedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'queue'),
    payload: (data) => ({ action: 'delete', queueId: data.queueId }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.chatbot.created': defineEventSocketRoute<ChatbotEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'chatbot'),
    payload: (data) => ({ action: 'create', chatbot: data.chatbot }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.chatbot.updated': defineEventSocketRoute<ChatbotEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'chatbot'),
    payload: (data) => ({ action: 'update', chatbot: data.chatbot }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.chatbot.deleted': defineEventSocketRoute<ChatbotDeletedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'chatbot'),
    payload: (data) => ({ action: 'delete', chatbotId: data.chatbotId }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  // A personal quick message reaches only its owner; a general one the whole company.
  'tickets.quick-message.created': defineEventSocketRoute<QuickMessageEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'quickmessage'),
    payload: (data) => ({ action: 'create', record: data.record }),
    rooms: (event) =>
      event.data.record.geral
        ? [rooms.company(event.companyId)]
        : [rooms.user(event.companyId, event.data.record.userId)],
  }),
  'tickets.quick-message.updated': defineEventSocketRoute<QuickMessageEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'quickmessage'),
    payload: (data) => ({ action: 'update', record: data.record }),
    rooms: (event) =>
      event.data.record.geral
        ? [rooms.company(event.companyId)]
        : [rooms.user(event.companyId, event.data.record.userId)],
  }),
  'tickets.quick-message.deleted': defineEventSocketRoute<QuickMessageDeletedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'quickmessage'),
    payload: (data) => ({ action: 'delete', id: data.id }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  // queue integrations: the record carries no secret (its private key is masked)
  'tickets.queue-integration.created': defineEventSocketRoute<QueueIntegrationEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'queueIntegration'),
    payload: (data): QueueIntegrationSocketPayload => ({
      action: 'create',
      queueIntegration: data.queueIntegration,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.queue-integration.updated': defineEventSocketRoute<QueueIntegrationEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'queueIntegration'),
    payload: (data): QueueIntegrationSocketPayload => ({
      action: 'update',
      queueIntegration: data.queueIntegration,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.queue-integration.deleted': defineEventSocketRoute<QueueIntegrationDeletedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'queueIntegration'),
    payload: (data): QueueIntegrationSocketPayload => ({
      action: 'delete',
      integrationId: data.integrationId,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  // AI prompts (keys masked) and file lists (tickets service): the whole company
  'tickets.prompt.created': defineEventSocketRoute<PromptEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'prompt'),
    payload: (data): PromptSocketPayload => ({ action: 'create', prompt: data.prompt }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.prompt.updated': defineEventSocketRoute<PromptEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'prompt'),
    payload: (data): PromptSocketPayload => ({ action: 'update', prompt: data.prompt }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.prompt.deleted': defineEventSocketRoute<PromptDeletedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'prompt'),
    payload: (data): PromptSocketPayload => ({ action: 'delete', promptId: data.promptId }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.file-list.created': defineEventSocketRoute<FileListEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'file'),
    payload: (data): FileListSocketPayload => ({ action: 'create', fileList: data.fileList }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.file-list.updated': defineEventSocketRoute<FileListEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'file'),
    payload: (data): FileListSocketPayload => ({ action: 'update', fileList: data.fileList }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'tickets.file-list.deleted': defineEventSocketRoute<FileListDeletedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'file'),
    payload: (data): FileListSocketPayload => ({
      action: 'delete',
      fileListId: data.fileListId,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  // tickets and messages (tickets service): the status rooms of the lists, the notification room and the
  // open chat; a ticket that changed status also reaches its old status room, whose lists drop it
  'tickets.ticket.updated': defineEventSocketRoute<TicketEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'ticket'),
    payload: (data): TicketSocketPayload => ({ action: 'update', ticket: data.ticket }),
    rooms: (event) => {
      const { ticket, previousStatus } = event.data;
      const cid = event.companyId;
      const targets = [
        rooms.status(cid, ticket.status),
        rooms.notification(cid),
        rooms.ticket(cid, ticket.id),
      ];
      if (previousStatus && previousStatus !== ticket.status)
        targets.push(rooms.status(cid, previousStatus));
      return targets;
    },
  }),
  'tickets.ticket.deleted': defineEventSocketRoute<TicketDeletedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'ticket'),
    payload: (data): TicketSocketPayload => ({ action: 'delete', ticketId: data.ticketId }),
    rooms: (event) => [
      rooms.status(event.companyId, event.data.status),
      rooms.notification(event.companyId),
      rooms.ticket(event.companyId, event.data.ticketId),
    ],
  }),
  'tickets.ticket.unread-reset': defineEventSocketRoute<TicketUnreadEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'ticket'),
    payload: (data): TicketSocketPayload => ({ action: 'updateUnread', ticketId: data.ticketId }),
    rooms: (event) => [
      rooms.status(event.companyId, event.data.status),
      rooms.notification(event.companyId),
      rooms.ticket(event.companyId, event.data.ticketId),
    ],
  }),
  'tickets.message.created': defineEventSocketRoute<MessageEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'appMessage'),
    payload: (data): AppMessageSocketPayload => ({ action: 'create', ...data }),
    rooms: (event) => [
      rooms.ticket(event.companyId, event.data.ticket.id),
      rooms.notification(event.companyId),
      rooms.status(event.companyId, event.data.ticket.status),
    ],
  }),
  'tickets.message.updated': defineEventSocketRoute<MessageEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'appMessage'),
    payload: (data): AppMessageSocketPayload => ({ action: 'update', ...data }),
    rooms: (event) => [
      rooms.ticket(event.companyId, event.data.ticket.id),
      rooms.notification(event.companyId),
    ],
  }),
  'tickets.message.deleted': defineEventSocketRoute<MessageDeletedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'appMessage'),
    payload: (data): AppMessageSocketPayload => ({
      action: 'delete',
      messageId: data.messageId,
      ticketId: data.ticketId,
    }),
    rooms: (event) => [
      rooms.ticket(event.companyId, event.data.ticketId),
      rooms.notification(event.companyId),
    ],
  }),
  // connections and their sessions (connectors service)
  'connectors.connection.created': defineEventSocketRoute<ConnectionEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'whatsapp'),
    payload: (data) => ({ action: 'update', whatsapp: data.connection }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'connectors.connection.updated': defineEventSocketRoute<ConnectionEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'whatsapp'),
    payload: (data) => ({ action: 'update', whatsapp: data.connection }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'connectors.connection.deleted': defineEventSocketRoute<ConnectionDeletedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'whatsapp'),
    payload: (data) => ({ action: 'delete', whatsappId: data.connectionId }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'connectors.session.updated': defineEventSocketRoute<SessionUpdatedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'whatsappSession'),
    payload: (data) => ({ action: 'update', session: data.session }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  // schedules (campaigns service): the whole company hears that a schedule changed, without its body or
  // contact (an agent reads only their own); each list refetches what its reader may see
  'campaigns.schedule.created': defineEventSocketRoute<ScheduleEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'schedule'),
    payload: ({ schedule }): ScheduleSocketPayload => ({
      action: 'create',
      scheduleId: schedule.id,
      userId: schedule.userId,
      status: schedule.status,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'campaigns.schedule.updated': defineEventSocketRoute<ScheduleEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'schedule'),
    payload: ({ schedule }): ScheduleSocketPayload => ({
      action: 'update',
      scheduleId: schedule.id,
      userId: schedule.userId,
      status: schedule.status,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  }),
  'campaigns.schedule.deleted': defineEventSocketRoute<ScheduleDeletedEventData>({
    socketEvent: (cid) => socketEvent.company(cid, 'schedule'),
    payload: (data): ScheduleSocketPayload => ({
      action: 'delete',
      scheduleId: data.scheduleId,
      userId: data.userId,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
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
