// The data of every domain event, keyed `<service>.<entity>.<action>` as in `DomainEventTypes`, so the
// outbox, the consumers and the gateway's socket table read one payload type per event.
import type { ServiceName } from './subjects.js';
import type { SessionEventData, UserUpdatedEventData } from '../auth/requests.js';
import type { UserCreatedEventData, UserDeletedEventData } from '../users/requests.js';
import type { CompanyDeletedEventData, CompanyEventData } from '../companies/company-inputs.js';
import type { CompanyFenceEventData } from '../tenant-operations/company-fence.js';
import type { SettingsUpdatedEventData } from '../settings/setting-requests.js';
import type { AnnouncementEventData } from '../announcements/announcements.js';
import type { TenantOperationSocketPayload } from '../tenant-operations/tenant-operations.js';
import type {
  ChatDeletedEventData,
  ChatEventData,
  ChatMessageEventData,
  ChatTypingEventData,
} from '../chats/chats.js';
import type {
  InboundMessageEventData,
  MessageAckEventData,
  PresenceEventData,
} from '../channels/channel-messages.js';
import type {
  ConnectionDeletedEventData,
  ConnectionEventData,
} from '../connections/connection-records.js';
import type {
  HistoryImportEventData,
  SessionUpdatedEventData,
} from '../connections/connection-inputs.js';
import type {
  ContactDeletedEventData,
  ContactErasedEventData,
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
} from '../queue-integrations/queue-integrations.js';
import type { PromptDeletedEventData, PromptEventData } from '../prompts/prompts.js';
import type { FileListDeletedEventData, FileListEventData } from '../file-lists/file-lists.js';
import type {
  MessageDeletedEventData,
  MessageEventData,
  TicketDeletedEventData,
  TicketEventData,
  TicketUnreadEventData,
} from '../tickets/ticket-inputs.js';
import type { ScheduleDeletedEventData, ScheduleEventData } from '../schedules/schedules.js';
import type { OnDutyDeletedEventData, OnDutyEventData } from '../on-duty/on-duty.js';
import type { AuditRecordedEventData } from '../audit/audit.js';
import type { FiguresChangedEventData } from '../reporting/reporting.js';
import type {
  CampaignSettingsEventData,
  ContactListDeletedEventData,
  ContactListEventData,
  ContactListItemDeletedEventData,
  ContactListItemEventData,
  ContactListItemsReloadedEventData,
} from '../contact-lists/index.js';
import type {
  CampaignDeletedEventData,
  CampaignEventData,
  CampaignReplyEventData,
} from '../campaigns/index.js';

/** Every domain event (the rows of `DomainEventTypes`) to the data it carries. */
export type DomainEventPayloads = {
  'identity.session.created': SessionEventData;
  'identity.session.revoked': SessionEventData;
  'identity.user.created': UserCreatedEventData;
  'identity.user.updated': UserUpdatedEventData;
  'identity.user.deleted': UserDeletedEventData;
  'identity.company.created': CompanyEventData;
  'identity.company.updated': CompanyEventData;
  'identity.company.deleted': CompanyDeletedEventData;
  'identity.company.fenced': CompanyFenceEventData;
  'identity.company.unfenced': CompanyFenceEventData;
  'identity.settings.updated': SettingsUpdatedEventData;
  'identity.announcement.created': AnnouncementEventData;
  'identity.announcement.updated': AnnouncementEventData;
  'identity.announcement.deleted': AnnouncementEventData;
  'identity.tenant-operation.updated': TenantOperationSocketPayload;
  'identity.chat.created': ChatEventData;
  'identity.chat.updated': ChatEventData;
  'identity.chat.deleted': ChatDeletedEventData;
  'identity.chat.typing': ChatTypingEventData;
  'identity.chat-message.created': ChatMessageEventData;
  'connectors.message.received': InboundMessageEventData;
  'connectors.message.ack': MessageAckEventData;
  'connectors.presence.updated': PresenceEventData;
  'connectors.connection.created': ConnectionEventData;
  'connectors.connection.updated': ConnectionEventData;
  'connectors.connection.deleted': ConnectionDeletedEventData;
  'connectors.session.updated': SessionUpdatedEventData;
  'connectors.history-import.progress': HistoryImportEventData;
  'tickets.contact.created': ContactEventData;
  'tickets.contact.updated': ContactEventData;
  'tickets.contact.deleted': ContactDeletedEventData;
  'tickets.contact.erased': ContactErasedEventData;
  'tickets.contact-import.progress': ContactImportEventData;
  'tickets.tag.created': TagEventData;
  'tickets.tag.updated': TagEventData;
  'tickets.tag.deleted': TagDeletedEventData;
  'tickets.queue.created': QueueEventData;
  'tickets.queue.updated': QueueEventData;
  'tickets.queue.deleted': QueueDeletedEventData;
  'tickets.chatbot.created': ChatbotEventData;
  'tickets.chatbot.updated': ChatbotEventData;
  'tickets.chatbot.deleted': ChatbotDeletedEventData;
  'tickets.quick-message.created': QuickMessageEventData;
  'tickets.quick-message.updated': QuickMessageEventData;
  'tickets.quick-message.deleted': QuickMessageDeletedEventData;
  'tickets.queue-integration.created': QueueIntegrationEventData;
  'tickets.queue-integration.updated': QueueIntegrationEventData;
  'tickets.queue-integration.deleted': QueueIntegrationDeletedEventData;
  'tickets.prompt.created': PromptEventData;
  'tickets.prompt.updated': PromptEventData;
  'tickets.prompt.deleted': PromptDeletedEventData;
  'tickets.file-list.created': FileListEventData;
  'tickets.file-list.updated': FileListEventData;
  'tickets.file-list.deleted': FileListDeletedEventData;
  'tickets.ticket.updated': TicketEventData;
  'tickets.ticket.deleted': TicketDeletedEventData;
  'tickets.ticket.unread-reset': TicketUnreadEventData;
  'tickets.message.created': MessageEventData;
  'tickets.message.updated': MessageEventData;
  'tickets.message.deleted': MessageDeletedEventData;
  'campaigns.schedule.created': ScheduleEventData;
  'campaigns.schedule.updated': ScheduleEventData;
  'campaigns.schedule.deleted': ScheduleDeletedEventData;
  'campaigns.on-duty.created': OnDutyEventData;
  'campaigns.on-duty.updated': OnDutyEventData;
  'campaigns.on-duty.deleted': OnDutyDeletedEventData;
  // admin and super actions, consumed by identity into the audit log
  'identity.audit.recorded': AuditRecordedEventData;
  'connectors.audit.recorded': AuditRecordedEventData;
  'tickets.audit.recorded': AuditRecordedEventData;
  'reporting.audit.recorded': AuditRecordedEventData;
  'reporting.figures.changed': FiguresChangedEventData;
  'campaigns.contact-list.created': ContactListEventData;
  'campaigns.contact-list.updated': ContactListEventData;
  'campaigns.contact-list.deleted': ContactListDeletedEventData;
  'campaigns.contact-list-item.created': ContactListItemEventData;
  'campaigns.contact-list-item.updated': ContactListItemEventData;
  'campaigns.contact-list-item.deleted': ContactListItemDeletedEventData;
  'campaigns.contact-list-item.reloaded': ContactListItemsReloadedEventData;
  'campaigns.campaign-settings.updated': CampaignSettingsEventData;
  'campaigns.campaign.created': CampaignEventData;
  'campaigns.campaign.updated': CampaignEventData;
  'campaigns.campaign.deleted': CampaignDeletedEventData;
  'campaigns.campaign-reply.recorded': CampaignReplyEventData;
};

/** `<service>.<entity>.<action>` of a domain event. */
export type DomainEventKey = keyof DomainEventPayloads;
/** The data of event `K`. */
export type DomainEventData<K extends DomainEventKey> = DomainEventPayloads[K];

type Parts<K extends DomainEventKey> = K extends `${infer S}.${infer E}.${infer A}`
  ? { service: S & ServiceName; entity: E; action: A }
  : never;

/**
 * One event as the outbox takes it: its name parts (spread from `DomainEventTypes` or written out)
 * decide the type of `data`.
 */
export type DomainEventEntry<K extends DomainEventKey = DomainEventKey> = K extends DomainEventKey
  ? Parts<K> & { companyId: number; data: DomainEventPayloads[K] }
  : never;
