// What each socket event carries to the web app: the gateway's event table is checked against it, and
// the web app's listeners read their payload type from it.
import type { MaintenanceSocketPayload } from '../tenant-operations/company-fence.js';
import type { AnnouncementSocketPayload } from '../announcements/announcements.js';
import type { TenantOperationSocketPayload } from '../tenant-operations/tenant-operations.js';
import type { ChatSocketPayload } from '../chats/chats.js';
import type { SessionUser } from '../auth/session.js';
import type { ConnectionRecord } from '../connections/connection-records.js';
import type { ImportProgress } from '../connections/connection-inputs.js';
import type { ContactImportJob, ContactRecord } from '../contacts/contact-records.js';
import type { FileListSocketPayload } from '../file-lists/file-lists.js';
import type { PromptSocketPayload } from '../prompts/prompts.js';
import type { QueueIntegrationSocketPayload } from '../queue-integrations/queue-integrations.js';
import type { DashboardSocketPayload } from '../reporting/reporting.js';
import type { ChatbotOption, Queue } from '../queues/queues.js';
import type { QuickMessage } from '../quick-messages/quick-messages.js';
import type { ScheduleSocketPayload } from '../schedules/schedules.js';
import type {
  ContactListItemSocketPayload,
  ContactListSocketPayload,
} from '../contact-lists/contact-lists.js';
import type { CampaignReplySocketPayload, CampaignSocketPayload } from '../campaigns/campaigns.js';
import type { SettingKey } from '../settings/setting-definitions.js';
import type { TagRecord } from '../tags/tag-records.js';
import type { AppMessageSocketPayload, TicketSocketPayload } from '../tickets/ticket-records.js';
import type { UserRecord } from '../users/user-inputs.js';
import type {
  ClientSocketEvents,
  CompanySocketEventName,
  CompanySocketEvent,
  UserStatusPayload,
} from './socket-events.js';

export type UserSocketPayload =
  | { action: 'update'; user: SessionUser }
  | { action: 'create'; user: UserRecord }
  | { action: 'delete'; userId: number };
/** A login elsewhere: the user's other sessions end. */
export type AuthSocketPayload = { action: 'update'; user: { id: number } };
export type SettingsSocketPayload = {
  action: 'update';
  setting: { key: SettingKey; value: string };
};
export type ContactSocketPayload =
  | { action: 'create' | 'update'; contact: ContactRecord }
  | { action: 'delete'; contactId: number }
  | { action: 'import'; job: ContactImportJob };
export type TagSocketPayload =
  { action: 'create' | 'update'; tag: TagRecord } | { action: 'delete'; tagId: number };
export type QueueSocketPayload =
  { action: 'create' | 'update'; queue: Queue } | { action: 'delete'; queueId: number };
export type ChatbotSocketPayload =
  { action: 'create' | 'update'; chatbot: ChatbotOption } | { action: 'delete'; chatbotId: number };
export type QuickMessageSocketPayload =
  { action: 'create' | 'update'; record: QuickMessage } | { action: 'delete'; id: number };
export type ConnectionSocketPayload =
  { action: 'update'; whatsapp: ConnectionRecord } | { action: 'delete'; whatsappId: number };
export type ConnectionSessionSocketPayload = { action: 'update'; session: ConnectionRecord };
/** `company-<id>-importMessages`: history import progress (`this` of `all` messages), then `refresh`. */
export type ImportMessagesSocketPayload = {
  action: 'update' | 'refresh';
  whatsappId: number;
  status?: ImportProgress;
};

/**
 * Every per-company socket event (`company-<id>-<name>`) to its payload, and `announcement` (the
 * platform-wide `company-announcement`). Names no table row sends yet carry `unknown`.
 */
export type SocketPayloads = {
  ticket: TicketSocketPayload;
  appMessage: AppMessageSocketPayload;
  contact: ContactSocketPayload;
  whatsapp: ConnectionSocketPayload;
  whatsappSession: ConnectionSessionSocketPayload;
  presence: unknown;
  queue: QueueSocketPayload;
  user: UserSocketPayload;
  auth: AuthSocketPayload;
  campaign: CampaignSocketPayload;
  campaignReply: CampaignReplySocketPayload;
  chat: ChatSocketPayload;
  queueIntegration: QueueIntegrationSocketPayload;
  ContactList: ContactListSocketPayload;
  ContactListItem: ContactListItemSocketPayload;
  quickmessage: QuickMessageSocketPayload;
  chatbot: ChatbotSocketPayload;
  help: unknown;
  settings: SettingsSocketPayload;
  tag: TagSocketPayload;
  schedule: ScheduleSocketPayload;
  file: FileListSocketPayload;
  prompt: PromptSocketPayload;
  importMessages: ImportMessagesSocketPayload;
  dashboard: DashboardSocketPayload;
  maintenance: MaintenanceSocketPayload;
  announcement: AnnouncementSocketPayload;
  users: UserSocketPayload;
  tenantOperation: TenantOperationSocketPayload;
};

/** A socket event of the map: a company event name, `announcement`, `users` or `tenantOperation`. */
export type SocketEventKey = keyof SocketPayloads;

/** The events the gateway emits to the web app, with their payloads (socket.io's listen map). */
export type ServerToClientEvents = {
  [N in CompanySocketEventName as CompanySocketEvent<N>]: (payload: SocketPayloads[N]) => void;
} & {
  'company-announcement': (payload: AnnouncementSocketPayload) => void;
  users: (payload: UserSocketPayload) => void;
  'tenant-operation': (payload: TenantOperationSocketPayload) => void;
};

/** The events the web app emits to the gateway, with their arguments (socket.io's emit map). */
export type ClientToServerEvents = {
  [ClientSocketEvents.joinNotification]: () => void;
  /** the ticket id */
  [ClientSocketEvents.joinChatBox]: (ticketId: string) => void;
  /** a ticket status */
  [ClientSocketEvents.joinTickets]: (status: string) => void;
  [ClientSocketEvents.userStatus]: (payload: UserStatusPayload) => void;
  /** a member is typing in this chat */
  [ClientSocketEvents.chatTyping]: (payload: { chatId: number }) => void;
};
