import type { DomainEvent } from '../bus/envelope.js';
import type { DomainEventKey, DomainEventPayloads } from '../bus/event-contracts.js';
import { parseEventSubject } from '../bus/subjects.js';
import type { AnnouncementSocketPayload } from '../announcements/announcements.js';
import type { Chat, ChatSocketPayload } from '../chats/chats.js';
import type { QueueIntegrationSocketPayload } from '../queue-integrations/queue-integrations.js';
import { withoutPromptKeys, type PromptSocketPayload } from '../prompts/prompts.js';
import type { FileListSocketPayload } from '../file-lists/file-lists.js';
import type { AppMessageSocketPayload, TicketSocketPayload } from '../tickets/ticket-records.js';
import type { MessageEventData } from '../tickets/ticket-inputs.js';
import { ticketUpdateOf } from '../tickets/ticket-events.js';
import type { ScheduleSocketPayload } from '../schedules/schedules.js';
import type { DashboardSocketPayload } from '../reporting/reporting.js';
import { withoutConnectionToken } from '../connections/connection-records.js';
import { SecretSettingKeys } from '../settings/setting-requests.js';
import type {
  ContactListItemSocketPayload,
  ContactListSocketPayload,
} from '../contact-lists/contact-lists.js';
import type { CampaignReplySocketPayload, CampaignSocketPayload } from '../campaigns/campaigns.js';
import { rooms } from './rooms.js';
import { socketEvent } from './socket-events.js';
import type {
  ImportMessagesSocketPayload,
  SocketEventKey,
  SocketPayloads,
} from './socket-payloads.js';

/** How the gateway turns event `K` into a socket emit, checked against both maps. */
export type EventSocketRoute<K extends DomainEventKey> = {
  [N in SocketEventKey]: {
    /** the socket event: `company-<companyId>-<event>`, or `company-announcement` */
    event: N;
    /** the socket payload built from `event.data` */
    payload: (data: DomainEventPayloads[K]) => SocketPayloads[N];
    /** a second socket event sent with the same payload to the same rooms */
    alsoEvent?: {
      [M in SocketEventKey]: SocketPayloads[N] extends SocketPayloads[M] ? M : never;
    }[SocketEventKey];
    /**
     * when set, the company's admins room gets this payload instead of `payload` (which then carries
     * nothing only admins may read, e.g. a connection's token)
     */
    adminPayload?: (data: DomainEventPayloads[K]) => SocketPayloads[N];
    /** the rooms that receive it; always rooms of `event.companyId` */
    rooms: (event: DomainEvent<DomainEventPayloads[K]>) => string[];
    /** sockets of this session id are skipped (e.g. the new session that caused the event) */
    exceptSessionId?: (event: DomainEvent<DomainEventPayloads[K]>) => string | undefined;
  };
}[SocketEventKey];

/** The user rooms of a chat's members (and of `also`): chat events reach its members only. */
const chatMemberRooms = (companyId: number, chat: Pick<Chat, 'users'>, also: number[] = []) =>
  [...new Set([...chat.users.map((member) => member.userId), ...also])].map((userId) =>
    rooms.user(companyId, userId),
  );

/** A row read without its event's types. */
type AnyEventSocketRoute = {
  event: SocketEventKey;
  alsoEvent?: SocketEventKey;
  payload: (data: unknown) => unknown;
  adminPayload?: (data: unknown) => unknown;
  rooms: (event: DomainEvent) => string[];
  exceptSessionId?: (event: DomainEvent) => string | undefined;
};

/**
 * The event→socket table, keyed by `<service>.<entity>.<action>`. Later issues add a row per event
 * here; events with no row are not sent to sockets.
 */
export const EventSocketRoutes = {
  'identity.user.updated': {
    event: 'user',
    alsoEvent: 'users',
    payload: (data) => ({ action: 'update', user: data.user }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'identity.user.created': {
    event: 'user',
    alsoEvent: 'users',
    payload: (data) => ({ action: 'create', user: data.user }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'identity.user.deleted': {
    event: 'user',
    alsoEvent: 'users',
    payload: (data) => ({ action: 'delete', userId: data.userId }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // Platform settings (company 0) reach no room; company settings reach the whole company.
  // the value of a secret setting (billing integration tokens) reaches the admins room only
  'identity.settings.updated': {
    event: 'settings',
    payload: (data) => ({
      action: 'update',
      setting: { key: data.key, value: SecretSettingKeys.includes(data.key) ? '' : data.value },
    }),
    adminPayload: (data) => ({ action: 'update', setting: { key: data.key, value: data.value } }),
    rooms: (event) => (event.companyId > 0 ? [rooms.company(event.companyId)] : []),
  },
  // A new login tells the user's other sessions (older tabs and devices) that the account was used elsewhere.
  'identity.session.created': {
    event: 'auth',
    payload: (data) => ({ action: 'update', user: { id: data.userId } }),
    rooms: (event) => [rooms.user(event.companyId, event.data.userId)],
    exceptSessionId: (event) => event.data.sessionId,
  },
  // Announcements are platform-wide (company 0): every authenticated socket hears them. An inactive one is
  // sent as a delete, so its text never reaches the users who may not read it.
  'identity.announcement.created': {
    event: 'announcement',
    payload: (data): AnnouncementSocketPayload =>
      data.record.status
        ? { action: 'create', record: data.record }
        : { action: 'delete', record: { id: data.record.id } },
    rooms: () => [rooms.platform()],
  },
  'identity.announcement.updated': {
    event: 'announcement',
    payload: (data): AnnouncementSocketPayload =>
      data.record.status
        ? { action: 'update', record: data.record }
        : { action: 'delete', record: { id: data.record.id } },
    rooms: () => [rooms.platform()],
  },
  'identity.announcement.deleted': {
    event: 'announcement',
    payload: (data): AnnouncementSocketPayload => ({
      action: 'delete',
      record: { id: data.record.id },
    }),
    rooms: () => [rooms.platform()],
  },
  // internal chats (identity): the members' own rooms only, never the company room; a member taken
  // out of a chat hears its update once more, so their list drops it
  'identity.chat.created': {
    event: 'chat',
    payload: (data): ChatSocketPayload => ({ action: 'create', record: data.record }),
    rooms: (event) => chatMemberRooms(event.companyId, event.data.record),
  },
  'identity.chat.updated': {
    event: 'chat',
    payload: (data): ChatSocketPayload => ({ action: 'update', record: data.record }),
    rooms: (event) =>
      chatMemberRooms(event.companyId, event.data.record, event.data.removedUserIds),
  },
  'identity.chat.deleted': {
    event: 'chat',
    payload: (data): ChatSocketPayload => ({ action: 'delete', id: data.id }),
    rooms: (event) => event.data.memberIds.map((id) => rooms.user(event.companyId, id)),
  },
  'identity.chat.typing': {
    event: 'chat',
    payload: (data): ChatSocketPayload => ({
      action: 'typing',
      chatId: data.chatId,
      user: data.user,
    }),
    rooms: (event) =>
      event.data.memberIds
        .filter((id) => id !== event.data.user.id)
        .map((id) => rooms.user(event.companyId, id)),
  },
  'identity.chat-message.created': {
    event: 'chat',
    payload: (data): ChatSocketPayload => ({
      action: 'new-message',
      newMessage: data.newMessage,
      chat: data.chat,
    }),
    rooms: (event) => chatMemberRooms(event.companyId, event.data.chat),
  },
  // contacts and tags (tickets service)
  'tickets.contact.created': {
    event: 'contact',
    payload: (data) => ({ action: 'create', contact: data.contact }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.contact.updated': {
    event: 'contact',
    payload: (data) => ({ action: 'update', contact: data.contact }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.contact.deleted': {
    event: 'contact',
    payload: (data) => ({ action: 'delete', contactId: data.contactId }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.contact-import.progress': {
    event: 'contact',
    payload: (data) => ({ action: 'import', job: data.job }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.tag.created': {
    event: 'tag',
    payload: (data) => ({ action: 'create', tag: data.tag }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.tag.updated': {
    event: 'tag',
    payload: (data) => ({ action: 'update', tag: data.tag }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.tag.deleted': {
    event: 'tag',
    payload: (data) => ({ action: 'delete', tagId: data.tagId }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // queues, chatbots and quick messages (tickets service)
  'tickets.queue.created': {
    event: 'queue',
    payload: (data) => ({ action: 'create', queue: data.queue }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.queue.updated': {
    event: 'queue',
    payload: (data) => ({ action: 'update', queue: data.queue }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.queue.deleted': {
    event: 'queue',
    payload: (data) => ({ action: 'delete', queueId: data.queueId }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.chatbot.created': {
    event: 'chatbot',
    payload: (data) => ({ action: 'create', chatbot: data.chatbot }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.chatbot.updated': {
    event: 'chatbot',
    payload: (data) => ({ action: 'update', chatbot: data.chatbot }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.chatbot.deleted': {
    event: 'chatbot',
    payload: (data) => ({ action: 'delete', chatbotId: data.chatbotId }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // A personal quick message reaches only its owner; a general one the whole company.
  'tickets.quick-message.created': {
    event: 'quickmessage',
    payload: (data) => ({ action: 'create', record: data.record }),
    rooms: (event) =>
      event.data.record.geral
        ? [rooms.company(event.companyId)]
        : [rooms.user(event.companyId, event.data.record.userId)],
  },
  'tickets.quick-message.updated': {
    event: 'quickmessage',
    payload: (data) => ({ action: 'update', record: data.record }),
    rooms: (event) =>
      event.data.record.geral
        ? [rooms.company(event.companyId)]
        : [rooms.user(event.companyId, event.data.record.userId)],
  },
  'tickets.quick-message.deleted': {
    event: 'quickmessage',
    payload: (data) => ({ action: 'delete', id: data.id }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // queue integrations: the record carries no secret (its private key is masked)
  'tickets.queue-integration.created': {
    event: 'queueIntegration',
    payload: (data): QueueIntegrationSocketPayload => ({
      action: 'create',
      queueIntegration: data.queueIntegration,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.queue-integration.updated': {
    event: 'queueIntegration',
    payload: (data): QueueIntegrationSocketPayload => ({
      action: 'update',
      queueIntegration: data.queueIntegration,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.queue-integration.deleted': {
    event: 'queueIntegration',
    payload: (data): QueueIntegrationSocketPayload => ({
      action: 'delete',
      integrationId: data.integrationId,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // AI prompts and file lists (tickets service): the whole company; a prompt's masked keys reach the
  // admins room only, the others get them blank
  'tickets.prompt.created': {
    event: 'prompt',
    payload: (data): PromptSocketPayload => ({
      action: 'create',
      prompt: withoutPromptKeys(data.prompt),
    }),
    adminPayload: (data): PromptSocketPayload => ({ action: 'create', prompt: data.prompt }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.prompt.updated': {
    event: 'prompt',
    payload: (data): PromptSocketPayload => ({
      action: 'update',
      prompt: withoutPromptKeys(data.prompt),
    }),
    adminPayload: (data): PromptSocketPayload => ({ action: 'update', prompt: data.prompt }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.prompt.deleted': {
    event: 'prompt',
    payload: (data): PromptSocketPayload => ({ action: 'delete', promptId: data.promptId }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.file-list.created': {
    event: 'file',
    payload: (data): FileListSocketPayload => ({ action: 'create', fileList: data.fileList }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.file-list.updated': {
    event: 'file',
    payload: (data): FileListSocketPayload => ({ action: 'update', fileList: data.fileList }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.file-list.deleted': {
    event: 'file',
    payload: (data): FileListSocketPayload => ({
      action: 'delete',
      fileListId: data.fileListId,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // tickets and messages (tickets service): the status rooms of the lists, the notification room and the
  // open chat; a ticket that changed status also reaches its old status room, whose lists drop it
  'tickets.ticket.updated': {
    event: 'ticket',
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
  },
  'tickets.ticket.deleted': {
    event: 'ticket',
    payload: (data): TicketSocketPayload => ({ action: 'delete', ticketId: data.ticketId }),
    rooms: (event) => [
      rooms.status(event.companyId, event.data.status),
      rooms.notification(event.companyId),
      rooms.ticket(event.companyId, event.data.ticketId),
    ],
  },
  'tickets.ticket.unread-reset': {
    event: 'ticket',
    payload: (data): TicketSocketPayload => ({ action: 'updateUnread', ticketId: data.ticketId }),
    rooms: (event) => [
      rooms.status(event.companyId, event.data.status),
      rooms.notification(event.companyId),
      rooms.ticket(event.companyId, event.data.ticketId),
    ],
  },
  // a message that changed its ticket is that ticket's update too (`impliedEvents`)
  'tickets.message.created': {
    event: 'appMessage',
    payload: ({ message, ticket, contact }): AppMessageSocketPayload => ({
      action: 'create',
      message,
      ticket,
      contact,
    }),
    rooms: (event) => [
      rooms.ticket(event.companyId, event.data.ticket.id),
      rooms.notification(event.companyId),
      rooms.status(event.companyId, event.data.ticket.status),
    ],
  },
  'tickets.message.updated': {
    event: 'appMessage',
    payload: (data): AppMessageSocketPayload => ({ action: 'update', ...data }),
    rooms: (event) => [
      rooms.ticket(event.companyId, event.data.ticket.id),
      rooms.notification(event.companyId),
    ],
  },
  'tickets.message.deleted': {
    event: 'appMessage',
    payload: (data): AppMessageSocketPayload => ({
      action: 'delete',
      messageId: data.messageId,
      ticketId: data.ticketId,
    }),
    rooms: (event) => [
      rooms.ticket(event.companyId, event.data.ticketId),
      rooms.notification(event.companyId),
    ],
  },
  // connections and their sessions (connectors service)
  // the external-API token reaches the admins room only; the rest of the company gets the record without it
  'connectors.connection.created': {
    event: 'whatsapp',
    payload: (data) => ({ action: 'update', whatsapp: withoutConnectionToken(data.connection) }),
    adminPayload: (data) => ({ action: 'update', whatsapp: data.connection }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'connectors.connection.updated': {
    event: 'whatsapp',
    payload: (data) => ({ action: 'update', whatsapp: withoutConnectionToken(data.connection) }),
    adminPayload: (data) => ({ action: 'update', whatsapp: data.connection }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'connectors.connection.deleted': {
    event: 'whatsapp',
    payload: (data) => ({ action: 'delete', whatsappId: data.connectionId }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'connectors.session.updated': {
    event: 'whatsappSession',
    payload: (data) => ({ action: 'update', session: withoutConnectionToken(data.session) }),
    adminPayload: (data) => ({ action: 'update', session: data.session }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // a history import's progress: the connections screen of the whole company follows it
  'connectors.history-import.progress': {
    event: 'importMessages',
    payload: (data): ImportMessagesSocketPayload => ({
      action: data.action,
      whatsappId: data.connectionId,
      ...(data.status ? { status: data.status } : {}),
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // schedules (campaigns service): the whole company hears that a schedule changed, without its body or
  // contact (an agent reads only their own); each list refetches what its reader may see
  'campaigns.schedule.created': {
    event: 'schedule',
    payload: ({ schedule }): ScheduleSocketPayload => ({
      action: 'create',
      scheduleId: schedule.id,
      userId: schedule.userId,
      status: schedule.status,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'campaigns.schedule.updated': {
    event: 'schedule',
    payload: ({ schedule }): ScheduleSocketPayload => ({
      action: 'update',
      scheduleId: schedule.id,
      userId: schedule.userId,
      status: schedule.status,
      error: schedule.error,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'campaigns.schedule.deleted': {
    event: 'schedule',
    payload: (data): ScheduleSocketPayload => ({
      action: 'delete',
      scheduleId: data.scheduleId,
      userId: data.userId,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // contact lists and their items (campaigns service): admin screens of the company
  'campaigns.contact-list.created': {
    event: 'ContactList',
    payload: ({ record }): ContactListSocketPayload => ({ action: 'create', record }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'campaigns.contact-list.updated': {
    event: 'ContactList',
    payload: ({ record }): ContactListSocketPayload => ({ action: 'update', record }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'campaigns.contact-list.deleted': {
    event: 'ContactList',
    payload: ({ id }): ContactListSocketPayload => ({ action: 'delete', id }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'campaigns.contact-list-item.created': {
    event: 'ContactListItem',
    payload: ({ record }): ContactListItemSocketPayload => ({ action: 'create', record }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'campaigns.contact-list-item.updated': {
    event: 'ContactListItem',
    payload: ({ record }): ContactListItemSocketPayload => ({ action: 'update', record }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'campaigns.contact-list-item.deleted': {
    event: 'ContactListItem',
    payload: ({ id, contactListId }): ContactListItemSocketPayload => ({
      action: 'delete',
      id,
      contactListId,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'campaigns.contact-list-item.reloaded': {
    event: 'ContactListItem',
    payload: ({ contactListId }): ContactListItemSocketPayload => ({
      action: 'reload',
      contactListId,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // campaigns (campaigns service): admin screens of the company, and the report's refresh
  'campaigns.campaign.created': {
    event: 'campaign',
    payload: ({ record }): CampaignSocketPayload => ({ action: 'create', record }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'campaigns.campaign.updated': {
    event: 'campaign',
    payload: ({ record }): CampaignSocketPayload => ({ action: 'update', record }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'campaigns.campaign.deleted': {
    event: 'campaign',
    payload: ({ id }): CampaignSocketPayload => ({ action: 'delete', id }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // the dashboards open in the company read their figures again (only admins see figures)
  'reporting.figures.changed': {
    event: 'dashboard',
    payload: (): DashboardSocketPayload => ({ action: 'update' }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  // a report open on the campaign patches its counters and the row (no number, no message body)
  'campaigns.campaign-reply.recorded': {
    event: 'campaignReply',
    payload: (data): CampaignReplySocketPayload => data,
    rooms: (event) => [rooms.company(event.companyId)],
  },
} satisfies { [K in DomainEventKey]?: EventSocketRoute<K> };

export type EventSocketRouteKey = keyof typeof EventSocketRoutes;

/** `<service>.<entity>.<action>` of an event subject (undefined when it is not an event subject). */
export const eventRouteKey = (subject: string): string | undefined => {
  const parts = parseEventSubject(subject);
  return parts ? `${parts.service}.${parts.entity}.${parts.action}` : undefined;
};

/** The wire name of a socket event of the map for a company's event. */
const socketEventName = (companyId: number, key: SocketEventKey): string => {
  if (key === 'announcement') return socketEvent.announcement;
  if (key === 'users') return socketEvent.users;
  return socketEvent.company(companyId, key);
};

/**
 * The events an event stands for besides itself, each sent to the sockets as if it had been published:
 * a message that changed its ticket (one bus event) is also that ticket's `ticket` update.
 */
export const impliedEvents = (event: DomainEvent): DomainEvent[] => {
  if (eventRouteKey(event.subject) !== 'tickets.message.created') return [];
  const update = ticketUpdateOf(event as DomainEvent<MessageEventData>);
  return update ? [update] : [];
};

/** What to emit for an event, or undefined when the event has no socket route. */
export const resolveEventSocket = (
  event: DomainEvent,
):
  | {
      event: string;
      /** the same payload, to the same rooms, under this name too */
      alsoEvent?: string;
      payload: unknown;
      rooms: string[];
      exceptSessionId?: string;
      /** sent to `rooms.admins(companyId)` instead of `payload` */
      adminPayload?: unknown;
    }
  | undefined => {
  const key = eventRouteKey(event.subject);
  if (!key || !Object.hasOwn(EventSocketRoutes, key)) return undefined;
  const route = EventSocketRoutes[key as EventSocketRouteKey] as unknown as AnyEventSocketRoute;
  const exceptSessionId = route.exceptSessionId?.(event);
  return {
    event: socketEventName(event.companyId, route.event),
    ...(route.alsoEvent ? { alsoEvent: socketEventName(event.companyId, route.alsoEvent) } : {}),
    payload: route.payload(event.data),
    rooms: route.rooms(event),
    ...(exceptSessionId ? { exceptSessionId } : {}),
    ...(route.adminPayload ? { adminPayload: route.adminPayload(event.data) } : {}),
  };
};
