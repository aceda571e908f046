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
import type { TicketFacts } from '../tickets/ticket-visibility.js';
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

/** A gateway route as `<METHOD> /<path>`, with the controllers' `:name` parameters. */
export type ReadRoute = `${'GET' | 'POST'} /${string}`;

/** How the gateway turns event `K` into a socket emit, checked against both maps. */
export type EventSocketRoute<K extends DomainEventKey> = {
  [N in SocketEventKey]: {
    /**
     * the HTTP route that reads this event's record: `rooms` may reach no caller its guards refuse
     * (a plain user never hears what they get 403 for); the gateway's event-audience test checks
     * every row against that route's Profiles/RequirePermission/SuperOnly metadata
     */
    readRoute: ReadRoute;
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
    /**
     * ticket and message rows: the ticket the event is about. The gateway then sends `payload` only to the
     * sockets (of any of `rooms`) whose user may see that ticket (`canSeeTicket`). Null for an event that
     * carries ids only (a delete, an unread reset): no content, so every socket of the rooms hears it.
     */
    ticket?: (data: DomainEventPayloads[K]) => TicketFacts | null;
    /** what a socket that may not see the ticket gets instead of nothing (a delete: its lists drop it) */
    hiddenPayload?: (data: DomainEventPayloads[K]) => SocketPayloads[N];
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
  readRoute: ReadRoute;
  event: SocketEventKey;
  alsoEvent?: SocketEventKey;
  payload: (data: unknown) => unknown;
  adminPayload?: (data: unknown) => unknown;
  rooms: (event: DomainEvent) => string[];
  ticket?: (data: unknown) => TicketFacts | null;
  hiddenPayload?: (data: unknown) => unknown;
  exceptSessionId?: (event: DomainEvent) => string | undefined;
};

/**
 * The event→socket table, keyed by `<service>.<entity>.<action>`. Later issues add a row per event
 * here; events with no row are not sent to sockets.
 */
export const EventSocketRoutes = {
  'identity.user.updated': {
    readRoute: 'GET /users/:id',
    event: 'user',
    alsoEvent: 'users',
    payload: (data) => ({ action: 'update', user: data.user }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'identity.user.created': {
    readRoute: 'GET /users/:id',
    event: 'user',
    alsoEvent: 'users',
    payload: (data) => ({ action: 'create', user: data.user }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'identity.user.deleted': {
    readRoute: 'GET /users/:id',
    event: 'user',
    alsoEvent: 'users',
    payload: (data) => ({ action: 'delete', userId: data.userId }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // Platform settings (company 0) reach no room; company settings reach the whole company.
  // the value of a secret setting (billing integration tokens) reaches the admins room only
  'identity.settings.updated': {
    readRoute: 'GET /settings',
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
    readRoute: 'GET /auth/me',
    event: 'auth',
    payload: (data) => ({ action: 'update', user: { id: data.userId } }),
    rooms: (event) => [rooms.user(event.companyId, event.data.userId)],
    exceptSessionId: (event) => event.data.sessionId,
  },
  // A fenced company's users see the maintenance screen at once and leave it when the fence lifts
  'identity.company.fenced': {
    readRoute: 'GET /auth/me',
    event: 'maintenance',
    payload: () => ({ action: 'start' }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'identity.company.unfenced': {
    readRoute: 'GET /auth/me',
    event: 'maintenance',
    payload: () => ({ action: 'end' }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // Announcements are platform-wide (company 0): every authenticated socket hears them. An inactive one is
  // sent as a delete, so its text never reaches the users who may not read it.
  'identity.announcement.created': {
    readRoute: 'GET /announcements',
    event: 'announcement',
    payload: (data): AnnouncementSocketPayload =>
      data.record.status
        ? { action: 'create', record: data.record }
        : { action: 'delete', record: { id: data.record.id } },
    rooms: () => [rooms.platform()],
  },
  'identity.announcement.updated': {
    readRoute: 'GET /announcements',
    event: 'announcement',
    payload: (data): AnnouncementSocketPayload =>
      data.record.status
        ? { action: 'update', record: data.record }
        : { action: 'delete', record: { id: data.record.id } },
    rooms: () => [rooms.platform()],
  },
  'identity.announcement.deleted': {
    readRoute: 'GET /announcements',
    event: 'announcement',
    payload: (data): AnnouncementSocketPayload => ({
      action: 'delete',
      record: { id: data.record.id },
    }),
    rooms: () => [rooms.platform()],
  },
  // tenant operations are the platform's (company 0): super users alone hear their progress
  'identity.tenant-operation.updated': {
    readRoute: 'GET /tenant-operations',
    event: 'tenantOperation',
    payload: (data) => data,
    rooms: () => [rooms.supers()],
  },
  // internal chats (identity): the members' own rooms only, never the company room; a member taken
  // out of a chat hears its update once more, so their list drops it
  'identity.chat.created': {
    readRoute: 'GET /chats/:id',
    event: 'chat',
    payload: (data): ChatSocketPayload => ({ action: 'create', record: data.record }),
    rooms: (event) => chatMemberRooms(event.companyId, event.data.record),
  },
  'identity.chat.updated': {
    readRoute: 'GET /chats/:id',
    event: 'chat',
    payload: (data): ChatSocketPayload => ({ action: 'update', record: data.record }),
    rooms: (event) =>
      chatMemberRooms(event.companyId, event.data.record, event.data.removedUserIds),
  },
  'identity.chat.deleted': {
    readRoute: 'GET /chats/:id',
    event: 'chat',
    payload: (data): ChatSocketPayload => ({ action: 'delete', id: data.id }),
    rooms: (event) => event.data.memberIds.map((id) => rooms.user(event.companyId, id)),
  },
  'identity.chat.typing': {
    readRoute: 'GET /chats/:id',
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
    readRoute: 'GET /chats/:id/messages',
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
    readRoute: 'GET /contacts/:id',
    event: 'contact',
    payload: (data) => ({ action: 'create', contact: data.contact }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.contact.updated': {
    readRoute: 'GET /contacts/:id',
    event: 'contact',
    payload: (data) => ({ action: 'update', contact: data.contact }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.contact.deleted': {
    readRoute: 'GET /contacts/:id',
    event: 'contact',
    payload: (data) => ({ action: 'delete', contactId: data.contactId }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.contact-import.progress': {
    readRoute: 'POST /contacts/import',
    event: 'contact',
    payload: (data) => ({ action: 'import', job: data.job }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.tag.created': {
    readRoute: 'GET /tags/:id',
    event: 'tag',
    payload: (data) => ({ action: 'create', tag: data.tag }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.tag.updated': {
    readRoute: 'GET /tags/:id',
    event: 'tag',
    payload: (data) => ({ action: 'update', tag: data.tag }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.tag.deleted': {
    readRoute: 'GET /tags/:id',
    event: 'tag',
    payload: (data) => ({ action: 'delete', tagId: data.tagId }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // queues, chatbots and quick messages (tickets service)
  'tickets.queue.created': {
    readRoute: 'GET /queue/:id',
    event: 'queue',
    payload: (data) => ({ action: 'create', queue: data.queue }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.queue.updated': {
    readRoute: 'GET /queue/:id',
    event: 'queue',
    payload: (data) => ({ action: 'update', queue: data.queue }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.queue.deleted': {
    readRoute: 'GET /queue/:id',
    event: 'queue',
    payload: (data) => ({ action: 'delete', queueId: data.queueId }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.chatbot.created': {
    readRoute: 'GET /chatbot/:id',
    event: 'chatbot',
    payload: (data) => ({ action: 'create', chatbot: data.chatbot }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.chatbot.updated': {
    readRoute: 'GET /chatbot/:id',
    event: 'chatbot',
    payload: (data) => ({ action: 'update', chatbot: data.chatbot }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.chatbot.deleted': {
    readRoute: 'GET /chatbot/:id',
    event: 'chatbot',
    payload: (data) => ({ action: 'delete', chatbotId: data.chatbotId }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // A personal quick message reaches only its owner; a general one the whole company.
  'tickets.quick-message.created': {
    readRoute: 'GET /quick-messages/:id',
    event: 'quickmessage',
    payload: (data) => ({ action: 'create', record: data.record }),
    rooms: (event) =>
      event.data.record.geral
        ? [rooms.company(event.companyId)]
        : [rooms.user(event.companyId, event.data.record.userId)],
  },
  'tickets.quick-message.updated': {
    readRoute: 'GET /quick-messages/:id',
    event: 'quickmessage',
    payload: (data) => ({ action: 'update', record: data.record }),
    rooms: (event) =>
      event.data.record.geral
        ? [rooms.company(event.companyId)]
        : [rooms.user(event.companyId, event.data.record.userId)],
  },
  'tickets.quick-message.deleted': {
    readRoute: 'GET /quick-messages/:id',
    event: 'quickmessage',
    payload: (data) => ({ action: 'delete', id: data.id }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // queue integrations: admin screens only (the record carries no secret: its private key is masked)
  'tickets.queue-integration.created': {
    readRoute: 'GET /queueIntegration/:id',
    event: 'queueIntegration',
    payload: (data): QueueIntegrationSocketPayload => ({
      action: 'create',
      queueIntegration: data.queueIntegration,
    }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  'tickets.queue-integration.updated': {
    readRoute: 'GET /queueIntegration/:id',
    event: 'queueIntegration',
    payload: (data): QueueIntegrationSocketPayload => ({
      action: 'update',
      queueIntegration: data.queueIntegration,
    }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  'tickets.queue-integration.deleted': {
    readRoute: 'GET /queueIntegration/:id',
    event: 'queueIntegration',
    payload: (data): QueueIntegrationSocketPayload => ({
      action: 'delete',
      integrationId: data.integrationId,
    }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  // AI prompts (tickets service): the whole company lists them for the pickers; a prompt's masked keys
  // reach the admins room only, the others get them blank
  'tickets.prompt.created': {
    readRoute: 'GET /prompt',
    event: 'prompt',
    payload: (data): PromptSocketPayload => ({
      action: 'create',
      prompt: withoutPromptKeys(data.prompt),
    }),
    adminPayload: (data): PromptSocketPayload => ({ action: 'create', prompt: data.prompt }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.prompt.updated': {
    readRoute: 'GET /prompt',
    event: 'prompt',
    payload: (data): PromptSocketPayload => ({
      action: 'update',
      prompt: withoutPromptKeys(data.prompt),
    }),
    adminPayload: (data): PromptSocketPayload => ({ action: 'update', prompt: data.prompt }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'tickets.prompt.deleted': {
    readRoute: 'GET /prompt',
    event: 'prompt',
    payload: (data): PromptSocketPayload => ({ action: 'delete', promptId: data.promptId }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // file lists: admin screens only
  'tickets.file-list.created': {
    readRoute: 'GET /files/:id',
    event: 'file',
    payload: (data): FileListSocketPayload => ({ action: 'create', fileList: data.fileList }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  'tickets.file-list.updated': {
    readRoute: 'GET /files/:id',
    event: 'file',
    payload: (data): FileListSocketPayload => ({ action: 'update', fileList: data.fileList }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  'tickets.file-list.deleted': {
    readRoute: 'GET /files/:id',
    event: 'file',
    payload: (data): FileListSocketPayload => ({
      action: 'delete',
      fileListId: data.fileListId,
    }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  // tickets and messages (tickets service): the status rooms of the lists, the notification room and the
  // open chat; a ticket that changed status also reaches its old status room, whose lists drop it. Every
  // room holds any user of the company, so each row names its ticket and only the sockets whose user may
  // see it hear its content; the others get a delete of an updated ticket (it may have left their
  // queues) and nothing of its messages.
  'tickets.ticket.updated': {
    readRoute: 'GET /tickets/:id',
    event: 'ticket',
    payload: (data): TicketSocketPayload => ({ action: 'update', ticket: data.ticket }),
    ticket: (data) => data.ticket,
    hiddenPayload: (data): TicketSocketPayload => ({ action: 'delete', ticketId: data.ticket.id }),
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
    readRoute: 'GET /tickets/:id',
    event: 'ticket',
    payload: (data): TicketSocketPayload => ({ action: 'delete', ticketId: data.ticketId }),
    ticket: () => null,
    rooms: (event) => [
      rooms.status(event.companyId, event.data.status),
      rooms.notification(event.companyId),
      rooms.ticket(event.companyId, event.data.ticketId),
    ],
  },
  'tickets.ticket.unread-reset': {
    readRoute: 'GET /tickets/:id',
    event: 'ticket',
    payload: (data): TicketSocketPayload => ({ action: 'updateUnread', ticketId: data.ticketId }),
    ticket: () => null,
    rooms: (event) => [
      rooms.status(event.companyId, event.data.status),
      rooms.notification(event.companyId),
      rooms.ticket(event.companyId, event.data.ticketId),
    ],
  },
  // a message that changed its ticket is that ticket's update too (`impliedEvents`)
  'tickets.message.created': {
    readRoute: 'GET /messages/:ticketId',
    event: 'appMessage',
    payload: ({ message, ticket, contact }): AppMessageSocketPayload => ({
      action: 'create',
      message,
      ticket,
      contact,
    }),
    ticket: (data) => data.ticket,
    rooms: (event) => [
      rooms.ticket(event.companyId, event.data.ticket.id),
      rooms.notification(event.companyId),
      rooms.status(event.companyId, event.data.ticket.status),
    ],
  },
  'tickets.message.updated': {
    readRoute: 'GET /messages/:ticketId',
    event: 'appMessage',
    payload: (data): AppMessageSocketPayload => ({ action: 'update', ...data }),
    ticket: (data) => data.ticket,
    rooms: (event) => [
      rooms.ticket(event.companyId, event.data.ticket.id),
      rooms.notification(event.companyId),
    ],
  },
  'tickets.message.deleted': {
    readRoute: 'GET /messages/:ticketId',
    event: 'appMessage',
    payload: (data): AppMessageSocketPayload => ({
      action: 'delete',
      messageId: data.messageId,
      ticketId: data.ticketId,
    }),
    ticket: () => null,
    rooms: (event) => [
      rooms.ticket(event.companyId, event.data.ticketId),
      rooms.notification(event.companyId),
    ],
  },
  // connections and their sessions (connectors service)
  // the external-API token reaches the admins room only; the rest of the company gets the record without it
  'connectors.connection.created': {
    readRoute: 'GET /whatsapp/:id',
    event: 'whatsapp',
    payload: (data) => ({ action: 'update', whatsapp: withoutConnectionToken(data.connection) }),
    adminPayload: (data) => ({ action: 'update', whatsapp: data.connection }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'connectors.connection.updated': {
    readRoute: 'GET /whatsapp/:id',
    event: 'whatsapp',
    payload: (data) => ({ action: 'update', whatsapp: withoutConnectionToken(data.connection) }),
    adminPayload: (data) => ({ action: 'update', whatsapp: data.connection }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'connectors.connection.deleted': {
    readRoute: 'GET /whatsapp/:id',
    event: 'whatsapp',
    payload: (data) => ({ action: 'delete', whatsappId: data.connectionId }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  'connectors.session.updated': {
    readRoute: 'GET /whatsapp/:id',
    event: 'whatsappSession',
    payload: (data) => ({ action: 'update', session: withoutConnectionToken(data.session) }),
    adminPayload: (data) => ({ action: 'update', session: data.session }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // a history import's progress: the connections screen of the whole company follows it
  'connectors.history-import.progress': {
    readRoute: 'GET /whatsapp/:id',
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
    readRoute: 'GET /schedules',
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
    readRoute: 'GET /schedules',
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
    readRoute: 'GET /schedules',
    event: 'schedule',
    payload: (data): ScheduleSocketPayload => ({
      action: 'delete',
      scheduleId: data.scheduleId,
      userId: data.userId,
    }),
    rooms: (event) => [rooms.company(event.companyId)],
  },
  // contact lists and their items (campaigns service): admin screens, so the admins room only (names,
  // numbers and emails of the list's contacts)
  'campaigns.contact-list.created': {
    readRoute: 'GET /contact-lists/:id',
    event: 'ContactList',
    payload: ({ record }): ContactListSocketPayload => ({ action: 'create', record }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  'campaigns.contact-list.updated': {
    readRoute: 'GET /contact-lists/:id',
    event: 'ContactList',
    payload: ({ record }): ContactListSocketPayload => ({ action: 'update', record }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  'campaigns.contact-list.deleted': {
    readRoute: 'GET /contact-lists/:id',
    event: 'ContactList',
    payload: ({ id }): ContactListSocketPayload => ({ action: 'delete', id }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  'campaigns.contact-list-item.created': {
    readRoute: 'GET /contact-list-items/:id',
    event: 'ContactListItem',
    payload: ({ record }): ContactListItemSocketPayload => ({ action: 'create', record }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  'campaigns.contact-list-item.updated': {
    readRoute: 'GET /contact-list-items/:id',
    event: 'ContactListItem',
    payload: ({ record }): ContactListItemSocketPayload => ({ action: 'update', record }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  'campaigns.contact-list-item.deleted': {
    readRoute: 'GET /contact-list-items/:id',
    event: 'ContactListItem',
    payload: ({ id, contactListId }): ContactListItemSocketPayload => ({
      action: 'delete',
      id,
      contactListId,
    }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  'campaigns.contact-list-item.reloaded': {
    readRoute: 'GET /contact-list-items',
    event: 'ContactListItem',
    payload: ({ contactListId }): ContactListItemSocketPayload => ({
      action: 'reload',
      contactListId,
    }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  // campaigns (campaigns service): admin screens (their texts), so the admins room only
  'campaigns.campaign.created': {
    readRoute: 'GET /campaigns/:id',
    event: 'campaign',
    payload: ({ record }): CampaignSocketPayload => ({ action: 'create', record }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  'campaigns.campaign.updated': {
    readRoute: 'GET /campaigns/:id',
    event: 'campaign',
    payload: ({ record }): CampaignSocketPayload => ({ action: 'update', record }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  'campaigns.campaign.deleted': {
    readRoute: 'GET /campaigns/:id',
    event: 'campaign',
    payload: ({ id }): CampaignSocketPayload => ({ action: 'delete', id }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  // the dashboards open in the company read their figures again (only admins see figures)
  'reporting.figures.changed': {
    readRoute: 'GET /dashboard',
    event: 'dashboard',
    payload: (): DashboardSocketPayload => ({ action: 'update' }),
    rooms: (event) => [rooms.admins(event.companyId)],
  },
  // a report open on the campaign patches its counters and the row (no number, no message body); the
  // report is an admin screen
  'campaigns.campaign-reply.recorded': {
    readRoute: 'GET /campaigns/:id/report',
    event: 'campaignReply',
    payload: (data): CampaignReplySocketPayload => data,
    rooms: (event) => [rooms.admins(event.companyId)],
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
  if (key === 'tenantOperation') return socketEvent.tenantOperation;
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

/** A ticket row's audience: the ticket's facts and what the sockets that may not see it get. */
const ticketAudience = (route: AnyEventSocketRoute, data: unknown) => {
  const facts = route.ticket?.(data);
  if (!facts) return {};
  const { status, userId, queueId, isGroup } = facts;
  return {
    ticket: {
      facts: { status, userId, queueId, isGroup },
      ...(route.hiddenPayload ? { hiddenPayload: route.hiddenPayload(data) } : {}),
    },
  };
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
      /** `payload` reaches only the sockets whose user may see this ticket; the others get `hiddenPayload` */
      ticket?: { facts: TicketFacts; hiddenPayload?: unknown };
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
    ...ticketAudience(route, event.data),
  };
};
