// The request and reply of every bus subject, so a caller's types follow from the subject it names.
import type { z } from 'zod';
import type { HealthReply } from './subjects.js';
import type {
  CompanyEraseReply,
  CompanyEraseRequest,
  TenantEraseRequest,
  CompanyExportRequest,
  CompanyImportRequest,
  TenantExportRequest,
  TenantImportRequest,
  TenantOperationIdParam,
  TenantOperationView,
  TenantPartReport,
  TenantUsageReply,
  TenantUsageRequest,
} from '../tenant-operations/tenant-operations.js';
import type { CompanyFence } from '../tenant-operations/company-fence.js';
import type { RefsCheckReply, RefsCheckRequest } from '../refs/refs.js';
import type {
  AvailableAgentsReply,
  AvailableAgentsRequest,
  UserEditRequest,
} from '../users/requests.js';
import type { UserSetImageRequest, UserPresenceRequest, UserIdRequest } from '../users/requests.js';
import type {
  UserCreateInput,
  UserListItem,
  UserListQuery,
  UserRecord,
  UsersPage,
} from '../users/user-inputs.js';
import type {
  LoginRequest,
  LogoutRequest,
  RefreshRequest,
  RevokedSessionsReply,
} from '../auth/requests.js';
import type { IssuedSession, SessionUser } from '../auth/session.js';
import type { SignupRequest, SignupResult } from '../signup/signup-inputs.js';
import type {
  NotificationSendReply,
  NotificationSendRequest,
  PasswordUpdateInput,
  PasswordUpdateReply,
  ResetRequestInput,
  ResetRequestReply,
  ResetVerifyInput,
  ResetVerifyReply,
} from '../password-reset/password-reset.js';
import type {
  CompaniesPage,
  CompanyCountsReply,
  CompanyCountsRequest,
  CompanyRecordView,
  CompanyIdRequest,
  CompanyInput,
  CompanyListQuery,
  CompanyPlanRequest,
  CompanyPlanView,
  CompanySchedulesRequest,
  CompanySchedulesView,
  CompanyUpdateRequest,
  CompanyView,
  InvoiceView,
} from '../companies/company-inputs.js';
import type {
  PlanIdRequest,
  PlanInput,
  PlanLimitsReply,
  PlanLimitsRequest,
  PlanUpdateRequest,
  PlanView,
} from '../plans/plan-inputs.js';
import type { InvoiceInput, InvoiceUpdateInput } from '../family/family-client.js';
import type { AuditLogPage, AuditLogQuery } from '../audit/audit.js';
import type {
  Chat,
  ChatIdRequest,
  ChatInput,
  ChatListQuery,
  ChatMessage,
  ChatMessagePage,
  ChatMessagesRequest,
  ChatPage,
  ChatSendRequest,
  ChatTypingRequest,
  ChatUpdateRequest,
} from '../chats/chats.js';
import type {
  CompanyRetention,
  CompanySettingOneRequest,
  CompanySettingsRequest,
  SettingEntry,
  SettingUpdateRequest,
} from '../settings/setting-requests.js';
import type {
  Help,
  HelpIdRequest,
  HelpInput,
  HelpListQuery,
  HelpPage,
  HelpUpdateRequest,
} from '../helps/helps.js';
import type {
  Announcement,
  AnnouncementIdRequest,
  AnnouncementInput,
  AnnouncementListQuery,
  AnnouncementMediaReply,
  AnnouncementMediaRequest,
  AnnouncementPage,
  AnnouncementUpdateRequest,
} from '../announcements/announcements.js';
import type {
  ContactBlockInput,
  ContactImportRow,
  ContactInput,
  ContactListQuery,
  ContactPhoneImportInput,
  ContactPickerQuery,
  ContactUpdateInput,
} from '../contacts/contact-inputs.js';
import type {
  ContactErasure,
  ContactIdRequest,
  ContactImportJob,
  ContactPickerItem,
  ContactProfile,
  ContactProfileRequest,
  ContactRecord,
  ContactsPage,
  ContactTagsRequest,
} from '../contacts/contact-records.js';
import type {
  TagInput,
  TagListQuery,
  TagPickerQuery,
  TagSyncInput,
  TagUpdateInput,
} from '../tags/tag-inputs.js';
import type {
  ContactTagsReply,
  TagIdRequest,
  TagRecord,
  TagsPage,
  TagSyncReply,
  TagAudienceReply,
  TagAudienceRequest,
} from '../tags/tag-records.js';
import type {
  ChatbotCreateInput,
  ChatbotOption,
  ChatbotUpdateInput,
  Queue,
  QueueInput,
  QueueUpdateRequest,
} from '../queues/queues.js';
import type {
  QuickMessage,
  QuickMessageInput,
  QuickMessageListItem,
  QuickMessageListQuery,
  QuickMessageMediaReply,
  QuickMessageMediaRequest,
  QuickMessagePage,
  QuickMessageRemoved,
  QuickMessageUpdateRequest,
} from '../quick-messages/quick-messages.js';
import type {
  QueueIntegration,
  QueueIntegrationInput,
  QueueIntegrationListQuery,
  QueueIntegrationPage,
  QueueIntegrationTestInput,
  QueueIntegrationTestResult,
  QueueIntegrationUpdateRequest,
} from '../queue-integrations/queue-integrations.js';
import type {
  Prompt,
  PromptDeleted,
  PromptFields,
  PromptList,
  PromptUpdateRequest,
} from '../prompts/prompts.js';
import type {
  FileListFields,
  FileListMediaRequest,
  FileListPage,
  FileListQuery,
  FileListRecord,
  FileListRemoved,
  FileListSaved,
  FileListUpdateRequest,
} from '../file-lists/file-lists.js';
import type {
  KanbanQuery,
  KanbanTickets,
  MessageEditInput,
  MessageForwardInput,
  MessageListQuery,
  MessageReactionInput,
  MessageSendRequest,
  MessagesPage,
  MessagesRead,
  TicketAccessReply,
  TicketAccessRequest,
  TicketCloseAllInput,
  TicketCreateInput,
  TicketListQuery,
  TicketNoteInput,
  TicketNoteListQuery,
  TicketsPage,
  TicketImages,
  TicketUpdateInput,
} from '../tickets/ticket-inputs.js';
import type {
  MessageRecord,
  TicketLogRecord,
  TicketNoteRecord,
  TicketRecord,
} from '../tickets/ticket-records.js';
import type {
  ExternalSendReply,
  ExternalSendRequest,
  ConnectionByTokenReply,
  ConnectionByTokenRequest,
} from '../external-api/external-api.js';
import type {
  SendToContactCommand,
  SendToContactReply,
  ScheduleIdRequest,
  ScheduleListQuery,
  ScheduleRecord,
  SchedulesPage,
  ScheduleUpdateRequest,
  ScheduleInput,
} from '../schedules/schedules.js';
import type {
  CheckContactCommand,
  CheckContactResult,
  ContactPictureCommand,
  ContactPictureResult,
  EditMessageCommand,
  PhoneContactsCommand,
  PhoneContactsResult,
  ReadMessagesCommand,
  RevokeMessageCommand,
  SendMessageCommand,
  SendMessageResult,
} from '../channels/channel-messages.js';
import type { MessageTemplate, MessageTemplatesRequest } from '../channels/message-templates.js';
import type { ConnectionRecord } from '../connections/connection-records.js';
import type {
  CloseImportedTicketsReply,
  CloseImportedTicketsRequest,
  ConnectionIdRequest,
  ConnectionMediaReply,
  ConnectionMediaRequest,
  ConnectionUpdateRequest,
} from '../connections/connection-inputs.js';
import type {
  FacebookConnectInput,
  FacebookConnectReply,
  MetaWebhookReply,
  MetaWebhookRequest,
} from '../meta/meta-inputs.js';
import type {
  OnDutyIdRequest,
  OnDutyInput,
  OnDutyNowReply,
  OnDutyNowRequest,
  OnDutyRecord,
  OnDutyUpdateRequest,
} from '../on-duty/on-duty.js';
import type {
  CampaignSettingsInput,
  CampaignSettingsValues,
  ContactListChoice,
  ContactListIdRequest,
  ContactListImportReport,
  ContactListImportRequest,
  ContactListInput,
  ContactListItemInput,
  ContactListItemQuery,
  ContactListItemRecord,
  ContactListItemsPage,
  ContactListItemUpdateRequest,
  ContactListsQuery,
  ContactListRecord,
  ContactListsPage,
  ContactListUpdateRequest,
} from '../contact-lists/index.js';
import type {
  CampaignDeleteReply,
  CampaignIdRequest,
  CampaignInput,
  CampaignMediaReply,
  CampaignMediaRequest,
  CampaignRecord,
  CampaignReport,
  CampaignReportQuery,
  CampaignTestSendReply,
  CampaignTestSendRequest,
  CampaignsPage,
  CampaignsQuery,
  CampaignTemplatesQuery,
  CampaignUpdateRequest,
  OptOutNumberRequest,
  OptOutsPage,
  OptOutWordsReply,
  OptOutsQuery,
} from '../campaigns/index.js';

import type {
  DashboardQuery,
  DashboardReply,
  MessagesCountQuery,
  MessagesCountReply,
  MomentsQuery,
  MomentsReply,
  ProjectionRebuildReply,
  TicketsChartQuery,
  TicketsDayReply,
  TicketsUsersReply,
} from '../reporting/reporting.js';
import type {
  ServiceMetricsReply,
  TicketReportPage,
  TicketReportQuery,
} from '../reporting/reports.js';
import type {
  ReportTimeZoneReply,
  SlaTarget,
  SlaTargetQueue,
  SlaTargetRequest,
  SlaTargetsReply,
} from '../reporting/sla-targets.js';

/** One subject's request data and reply data. */
type Contract<Req, Res> = { request: Req; response: Res };
/** A request that carries nothing. */
type NoData = Record<string, never>;
type Id = { id: number };
type Deleted = { id: number };
type Message = { message: string };

/**
 * The get, create, update and delete subjects of one kind of record (`<prefix>.get` …): each answers
 * the record `R` but delete, which answers `Removed`; get and delete name the record by `ById`.
 */
type RecordContracts<P extends string, R, Create, Update, ById = Id, Removed = Deleted> = {
  [V in 'get' | 'create' | 'update' | 'delete' as `${P}.${V}`]: Contract<
    V extends 'create' ? Create : V extends 'update' ? Update : ById,
    V extends 'delete' ? Removed : R
  >;
};

/** The subjects of the records served with the usual get, create, update and delete. */
type RecordSubjects =
  // identity
  RecordContracts<'identity.invoice', InvoiceView, InvoiceInput, InvoiceUpdateInput & Id> &
    RecordContracts<
      'identity.announcement',
      Announcement,
      AnnouncementInput,
      AnnouncementUpdateRequest,
      AnnouncementIdRequest,
      Announcement
    > &
    RecordContracts<
      'identity.chat',
      Chat,
      ChatInput,
      ChatUpdateRequest,
      ChatIdRequest,
      { id: number }
    > &
    // tickets
    RecordContracts<
      'tickets.contact',
      ContactRecord,
      ContactInput,
      ContactUpdateInput & Id,
      ContactIdRequest
    > &
    RecordContracts<
      'tickets.tag',
      TagRecord,
      z.infer<typeof TagInput>,
      z.infer<typeof TagUpdateInput> & Id,
      TagIdRequest
    > &
    RecordContracts<'tickets.queue', Queue, QueueInput, QueueUpdateRequest> &
    RecordContracts<'tickets.chatbot', ChatbotOption, ChatbotCreateInput, ChatbotUpdateInput & Id> &
    RecordContracts<
      'tickets.quick-message',
      QuickMessage,
      QuickMessageInput,
      QuickMessageUpdateRequest,
      Id,
      QuickMessageRemoved
    > &
    RecordContracts<
      'tickets.queue-integration',
      QueueIntegration,
      QueueIntegrationInput,
      QueueIntegrationUpdateRequest
    > &
    RecordContracts<
      'tickets.prompt',
      Prompt,
      PromptFields,
      PromptUpdateRequest,
      Id,
      PromptDeleted
    > &
    RecordContracts<'tickets.ticket', TicketRecord, TicketCreateInput, TicketUpdateInput & Id> &
    // connectors
    RecordContracts<
      'connectors.connection',
      ConnectionRecord,
      unknown,
      ConnectionUpdateRequest,
      ConnectionIdRequest
    > &
    // campaigns
    RecordContracts<
      'campaigns.schedule',
      ScheduleRecord,
      ScheduleInput,
      ScheduleUpdateRequest,
      ScheduleIdRequest
    > &
    RecordContracts<
      'campaigns.on-duty',
      OnDutyRecord,
      OnDutyInput,
      OnDutyUpdateRequest,
      OnDutyIdRequest
    > &
    RecordContracts<
      'campaigns.contact-list',
      ContactListRecord,
      ContactListInput,
      ContactListUpdateRequest,
      ContactListIdRequest
    > &
    RecordContracts<
      'campaigns.contact-list-item',
      ContactListItemRecord,
      ContactListItemInput,
      ContactListItemUpdateRequest,
      ContactListIdRequest
    > &
    RecordContracts<
      'campaigns.campaign',
      CampaignRecord,
      CampaignInput,
      CampaignUpdateRequest,
      CampaignIdRequest,
      CampaignDeleteReply
    >;

/** The other subjects, each written out. */
type OtherSubjects = {
  // identity
  'identity.health.check': Contract<NoData, HealthReply>;
  'identity.tenant.erase': Contract<TenantEraseRequest, TenantPartReport>;
  'identity.tenant.export': Contract<TenantExportRequest, TenantPartReport>;
  'identity.tenant.reserve': Contract<TenantImportRequest, TenantPartReport>;
  'identity.tenant.import': Contract<TenantImportRequest, TenantPartReport>;
  'identity.tenant.usage': Contract<TenantUsageRequest, TenantUsageReply>;
  'identity.refs.check': Contract<RefsCheckRequest, RefsCheckReply>;
  'identity.auth.login': Contract<LoginRequest, IssuedSession>;
  'identity.auth.refresh': Contract<RefreshRequest, IssuedSession>;
  'identity.auth.logout': Contract<LogoutRequest, Record<string, never>>;
  'identity.auth.me': Contract<NoData, SessionUser>;
  'identity.auth.signup': Contract<SignupRequest, SignupResult>;
  'identity.password-reset.request': Contract<ResetRequestInput, ResetRequestReply>;
  'identity.password-reset.verify': Contract<ResetVerifyInput, ResetVerifyReply>;
  'identity.password-reset.complete': Contract<PasswordUpdateInput, PasswordUpdateReply>;
  'identity.session.revoked-list': Contract<NoData, RevokedSessionsReply>;
  'identity.user.update': Contract<UserEditRequest, SessionUser>;
  'identity.company.create': Contract<CompanyInput, CompanyView>;
  'identity.company.update': Contract<CompanyUpdateRequest, CompanyView>;
  'identity.company.delete': Contract<CompanyEraseRequest, CompanyEraseReply>;
  'identity.company.fenced-list': Contract<NoData, CompanyFence[]>;
  'identity.tenant-operation.list': Contract<NoData, TenantOperationView[]>;
  'identity.tenant-operation.get': Contract<TenantOperationIdParam, TenantOperationView>;
  'identity.tenant-operation.export': Contract<CompanyExportRequest, TenantOperationView>;
  'identity.tenant-operation.import': Contract<CompanyImportRequest, TenantOperationView>;
  'identity.tenant-operation.abort': Contract<TenantOperationIdParam, TenantOperationView>;
  'identity.company.page': Contract<CompanyListQuery, CompaniesPage>;
  'identity.company.list': Contract<NoData, CompanyView[]>;
  'identity.company.get': Contract<CompanyIdRequest, CompanyRecordView>;
  'identity.company.schedules': Contract<CompanySchedulesRequest, CompanyView>;
  'identity.company.schedules-get': Contract<CompanyIdRequest, CompanySchedulesView>;
  'identity.company.plan': Contract<CompanyPlanRequest, CompanyPlanView>;
  'identity.plan.list-public': Contract<NoData, PlanView[]>;
  'identity.plan.list': Contract<NoData, PlanView[]>;
  'identity.plan.create': Contract<PlanInput, PlanView>;
  'identity.plan.update': Contract<PlanUpdateRequest, PlanView>;
  'identity.plan.delete': Contract<PlanIdRequest, Deleted>;
  'identity.plan.limits': Contract<PlanLimitsRequest, PlanLimitsReply>;
  'identity.invoice.list': Contract<NoData, InvoiceView[]>;
  'identity.user.list': Contract<UserListQuery, UsersPage>;
  'identity.user.picker-list': Contract<NoData, UserListItem[]>;
  'identity.user.records': Contract<NoData, UserRecord[]>;
  'identity.user.get': Contract<UserIdRequest, UserRecord>;
  'identity.user.create': Contract<UserCreateInput, UserRecord>;
  'identity.user.delete': Contract<UserIdRequest, Record<string, never>>;
  'identity.user.set-image': Contract<UserSetImageRequest, SessionUser>;
  'identity.user.presence': Contract<UserPresenceRequest, { online: boolean }>;
  'identity.user.available-agents': Contract<AvailableAgentsRequest, AvailableAgentsReply>;
  'identity.audit.list': Contract<Partial<AuditLogQuery>, AuditLogPage>;
  'identity.settings.list': Contract<NoData, SettingEntry[]>;
  'identity.settings.update': Contract<SettingUpdateRequest, SettingEntry>;
  'identity.settings.company-list': Contract<CompanySettingsRequest, SettingEntry[]>;
  'identity.settings.company-one': Contract<CompanySettingOneRequest, SettingEntry>;
  'identity.settings.retention-list': Contract<NoData, CompanyRetention[]>;
  'identity.help.list': Contract<HelpListQuery, HelpPage>;
  'identity.help.list-all': Contract<NoData, Help[]>;
  'identity.help.create': Contract<HelpInput, Help>;
  'identity.help.update': Contract<HelpUpdateRequest, Help>;
  'identity.help.delete': Contract<HelpIdRequest, Deleted>;
  'identity.announcement.list': Contract<AnnouncementListQuery, AnnouncementPage>;
  'identity.announcement.media-set': Contract<AnnouncementMediaRequest, AnnouncementMediaReply>;
  'identity.announcement.media-clear': Contract<AnnouncementIdRequest, AnnouncementMediaReply>;
  'identity.chat.list': Contract<ChatListQuery, ChatPage>;
  'identity.chat.messages': Contract<ChatMessagesRequest, ChatMessagePage>;
  'identity.chat.send': Contract<ChatSendRequest, ChatMessage>;
  'identity.chat.read': Contract<ChatIdRequest, Chat>;
  'identity.chat.typing': Contract<ChatTypingRequest, { ok: true }>;
  // tickets: contacts and tags
  'tickets.health.check': Contract<NoData, HealthReply>;
  'tickets.tenant.erase': Contract<TenantEraseRequest, TenantPartReport>;
  'tickets.tenant.export': Contract<TenantExportRequest, TenantPartReport>;
  'tickets.tenant.reserve': Contract<TenantImportRequest, TenantPartReport>;
  'tickets.tenant.import': Contract<TenantImportRequest, TenantPartReport>;
  'tickets.tenant.usage': Contract<TenantUsageRequest, TenantUsageReply>;
  'tickets.refs.check': Contract<RefsCheckRequest, RefsCheckReply>;
  'tickets.contact.list': Contract<ContactListQuery, ContactsPage>;
  'tickets.contact.picker': Contract<z.infer<typeof ContactPickerQuery>, ContactPickerItem[]>;
  'tickets.contact.block': Contract<z.infer<typeof ContactBlockInput> & Id, ContactRecord>;
  'tickets.contact.toggle-disable-bot': Contract<ContactIdRequest, ContactRecord>;
  'tickets.contact.erase': Contract<ContactIdRequest, ContactErasure>;
  'tickets.contact.toggle-accept-audio': Contract<ContactIdRequest, ContactRecord>;
  'tickets.contact.profile': Contract<ContactProfileRequest, ContactProfile>;
  'tickets.contact.tags': Contract<ContactTagsRequest, ContactTagsReply>;
  'tickets.contact.import-one': Contract<ContactImportRow, ContactRecord>;
  'tickets.contact.import-start': Contract<{ rows: ContactImportRow[] }, ContactImportJob>;
  'tickets.contact.import-phone': Contract<ContactPhoneImportInput, ContactImportJob>;
  'tickets.contact.import-chats': Contract<ContactPhoneImportInput, ContactImportJob>;
  'tickets.tag.list': Contract<TagListQuery, TagsPage>;
  'tickets.tag.picker': Contract<z.infer<typeof TagPickerQuery>, TagRecord[]>;
  'tickets.tag.kanban': Contract<NoData, TagRecord[]>;
  'tickets.tag.sync': Contract<z.infer<typeof TagSyncInput>, TagSyncReply>;
  'tickets.tag.audience': Contract<TagAudienceRequest, TagAudienceReply>;
  // tickets: queues, chatbots and quick messages
  'tickets.queue.list': Contract<NoData, Queue[]>;
  'tickets.queue.count': Contract<CompanyCountsRequest, CompanyCountsReply>;
  'tickets.quick-message.page': Contract<QuickMessageListQuery, QuickMessagePage>;
  'tickets.quick-message.list': Contract<NoData, QuickMessageListItem[]>;
  'tickets.quick-message.media-set': Contract<QuickMessageMediaRequest, QuickMessageMediaReply>;
  'tickets.quick-message.media-delete': Contract<Id, QuickMessageMediaReply>;
  // tickets: queue integrations, prompts and file lists
  'tickets.queue-integration.page': Contract<QueueIntegrationListQuery, QueueIntegrationPage>;
  'tickets.queue-integration.test-session': Contract<
    QueueIntegrationTestInput,
    QueueIntegrationTestResult
  >;
  'tickets.prompt.list': Contract<NoData, PromptList>;
  'tickets.file-list.page': Contract<z.infer<typeof FileListQuery>, FileListPage>;
  'tickets.file-list.get': Contract<Id, FileListRecord>;
  'tickets.file-list.create': Contract<FileListFields, FileListSaved>;
  'tickets.file-list.update': Contract<FileListUpdateRequest, FileListSaved>;
  'tickets.file-list.delete': Contract<Id, FileListRemoved>;
  'tickets.file-list.media-set': Contract<FileListMediaRequest, FileListSaved>;
  // tickets: tickets, messages, notes, logs and kanban
  'tickets.ticket.list': Contract<TicketListQuery, TicketsPage>;
  'tickets.ticket.get-by-uuid': Contract<{ uuid: string }, TicketRecord>;
  'tickets.ticket.close-all': Contract<TicketCloseAllInput, { count: number }>;
  'tickets.ticket.can-access': Contract<TicketAccessRequest, TicketAccessReply>;
  'tickets.ticket-log.list': Contract<{ ticketId: number }, TicketLogRecord[]>;
  'tickets.message.list': Contract<MessageListQuery & { ticketId: number }, MessagesPage>;
  'tickets.message.read': Contract<{ ticketId: number }, MessagesRead>;
  'tickets.message.send': Contract<MessageSendRequest, MessageRecord[]>;
  'tickets.message.delete': Contract<{ id: string }, { id: string }>;
  'tickets.message.edit': Contract<
    z.infer<typeof MessageEditInput> & { id: string },
    MessageRecord
  >;
  /** one copy for `messageId`, the list of copies for `messageIds` */
  'tickets.message.forward': Contract<MessageForwardInput, MessageRecord | MessageRecord[]>;
  'tickets.message.react': Contract<MessageReactionInput & { id: string }, MessageRecord>;
  'tickets.message.images': Contract<{ ticketId: number }, TicketImages>;
  'tickets.ticket-note.list': Contract<z.infer<typeof TicketNoteListQuery>, TicketNoteRecord[]>;
  'tickets.ticket-note.get': Contract<Id, TicketNoteRecord>;
  'tickets.ticket-note.create': Contract<TicketNoteInput, TicketNoteRecord>;
  'tickets.ticket-note.delete': Contract<Id, Deleted>;
  'tickets.kanban.list': Contract<KanbanQuery, KanbanTickets>;
  'tickets.ticket-tag.add': Contract<{ ticketId: number; tagId: number }, TicketRecord>;
  'tickets.ticket-tag.clear': Contract<{ ticketId: number }, TicketRecord>;
  'tickets.ticket.close-imported': Contract<CloseImportedTicketsRequest, CloseImportedTicketsReply>;
  'tickets.external-api.send': Contract<ExternalSendRequest, ExternalSendReply>;
  'tickets.message.send-to-contact': Contract<SendToContactCommand, SendToContactReply>;
  // connectors
  'connectors.health.check': Contract<NoData, HealthReply>;
  'connectors.tenant.erase': Contract<TenantEraseRequest, TenantPartReport>;
  'connectors.tenant.export': Contract<TenantExportRequest, TenantPartReport>;
  'connectors.tenant.reserve': Contract<TenantImportRequest, TenantPartReport>;
  'connectors.tenant.import': Contract<TenantImportRequest, TenantPartReport>;
  'connectors.tenant.usage': Contract<TenantUsageRequest, TenantUsageReply>;
  'connectors.refs.check': Contract<RefsCheckRequest, RefsCheckReply>;
  'connectors.notification.send': Contract<NotificationSendRequest, NotificationSendReply>;
  'connectors.message.send': Contract<SendMessageCommand, SendMessageResult>;
  'connectors.message.revoke': Contract<RevokeMessageCommand, { ok: true }>;
  'connectors.message.edit': Contract<EditMessageCommand, { ok: true }>;
  'connectors.message.read': Contract<ReadMessagesCommand, { ok: true }>;
  'connectors.contact.check': Contract<CheckContactCommand, CheckContactResult>;
  'connectors.contact.picture': Contract<ContactPictureCommand, ContactPictureResult>;
  'connectors.contact.list': Contract<PhoneContactsCommand, PhoneContactsResult>;
  'connectors.template.list': Contract<MessageTemplatesRequest, MessageTemplate[]>;
  'connectors.connection.list': Contract<{ session?: number }, ConnectionRecord[]>;
  'connectors.connection.count': Contract<CompanyCountsRequest, CompanyCountsReply>;
  // the raw body: connectors validates it against the channel's own schema
  'connectors.connection.set-media': Contract<ConnectionMediaRequest, ConnectionMediaReply>;
  'connectors.session.start': Contract<ConnectionIdRequest, Message>;
  'connectors.session.renew': Contract<ConnectionIdRequest, Message>;
  'connectors.session.disconnect': Contract<ConnectionIdRequest, Message>;
  'connectors.connection.restart-all': Contract<NoData, Message>;
  'connectors.connection.close-imported': Contract<ConnectionIdRequest, CloseImportedTicketsReply>;
  'connectors.webhook.meta': Contract<MetaWebhookRequest, MetaWebhookReply>;
  'connectors.connection.by-token': Contract<ConnectionByTokenRequest, ConnectionByTokenReply>;
  'connectors.facebook.connect': Contract<FacebookConnectInput, FacebookConnectReply>;
  // campaigns
  'campaigns.health.check': Contract<NoData, HealthReply>;
  'campaigns.tenant.erase': Contract<TenantEraseRequest, TenantPartReport>;
  'campaigns.tenant.export': Contract<TenantExportRequest, TenantPartReport>;
  'campaigns.tenant.reserve': Contract<TenantImportRequest, TenantPartReport>;
  'campaigns.tenant.import': Contract<TenantImportRequest, TenantPartReport>;
  'campaigns.tenant.usage': Contract<TenantUsageRequest, TenantUsageReply>;
  'campaigns.schedule.list': Contract<ScheduleListQuery, SchedulesPage>;
  'campaigns.on-duty.list': Contract<NoData, OnDutyRecord[]>;
  'campaigns.on-duty.now': Contract<OnDutyNowRequest, OnDutyNowReply>;
  'campaigns.refs.check': Contract<RefsCheckRequest, RefsCheckReply>;
  'campaigns.contact-list.list': Contract<ContactListsQuery, ContactListsPage>;
  'campaigns.contact-list.choices': Contract<NoData, ContactListChoice[]>;
  'campaigns.contact-list.import': Contract<ContactListImportRequest, ContactListImportReport>;
  'campaigns.contact-list-item.list': Contract<ContactListItemQuery, ContactListItemsPage>;
  'campaigns.campaign-settings.get': Contract<NoData, CampaignSettingsValues>;
  'campaigns.campaign-settings.save': Contract<CampaignSettingsInput, CampaignSettingsValues>;
  'campaigns.campaign.list': Contract<CampaignsQuery, CampaignsPage>;
  'campaigns.campaign.cancel': Contract<CampaignIdRequest, CampaignRecord>;
  'campaigns.campaign.restart': Contract<CampaignIdRequest, CampaignRecord>;
  'campaigns.campaign.start': Contract<CampaignIdRequest, CampaignRecord>;
  'campaigns.campaign.media-set': Contract<CampaignMediaRequest, CampaignMediaReply>;
  'campaigns.campaign.media-delete': Contract<CampaignIdRequest, CampaignMediaReply>;
  'campaigns.campaign.report': Contract<CampaignReportQuery, CampaignReport>;
  'campaigns.campaign.templates': Contract<CampaignTemplatesQuery, MessageTemplate[]>;
  'campaigns.campaign.test-send': Contract<CampaignTestSendRequest, CampaignTestSendReply>;
  'campaigns.opt-out.list': Contract<OptOutsQuery, OptOutsPage>;
  'campaigns.opt-out.delete': Contract<OptOutNumberRequest, { number: string }>;
  'campaigns.opt-out.words': Contract<NoData, OptOutWordsReply>;
  // reporting
  'reporting.health.check': Contract<NoData, HealthReply>;
  'reporting.tenant.erase': Contract<TenantEraseRequest, TenantPartReport>;
  'reporting.tenant.export': Contract<TenantExportRequest, TenantPartReport>;
  'reporting.tenant.reserve': Contract<TenantImportRequest, TenantPartReport>;
  'reporting.tenant.import': Contract<TenantImportRequest, TenantPartReport>;
  'reporting.tenant.usage': Contract<TenantUsageRequest, TenantUsageReply>;
  'reporting.dashboard.get': Contract<DashboardQuery, DashboardReply>;
  'reporting.dashboard.tickets-users': Contract<TicketsChartQuery, TicketsUsersReply>;
  'reporting.dashboard.tickets-day': Contract<TicketsChartQuery, TicketsDayReply>;
  'reporting.dashboard.moments': Contract<MomentsQuery, MomentsReply>;
  'reporting.messages.count': Contract<MessagesCountQuery, MessagesCountReply>;
  'reporting.reports.tickets': Contract<TicketReportQuery, TicketReportPage>;
  'reporting.reports.metrics': Contract<TicketReportQuery, ServiceMetricsReply>;
  'reporting.sla-target.list': Contract<NoData, SlaTargetsReply>;
  'reporting.sla-target.set': Contract<SlaTargetRequest, SlaTarget>;
  'reporting.sla-target.delete': Contract<SlaTargetQueue, SlaTargetQueue>;
  'reporting.time-zone.get': Contract<NoData, ReportTimeZoneReply>;
  'reporting.projection.rebuild': Contract<NoData, ProjectionRebuildReply>;
};

/**
 * Every request subject (the values of `Subjects`) to its request and reply. A subject added to
 * `Subjects` without a row here fails the check below.
 */
export type BusContracts = RecordSubjects & OtherSubjects;

/** A request subject of the map. */
export type BusSubject = keyof BusContracts;
/** What a request on `S` carries (unknown for a subject outside the map, e.g. a test's own). */
export type BusRequestData<S extends string> = S extends BusSubject
  ? BusContracts[S]['request']
  : unknown;
/** What a request on `S` answers (unknown for a subject outside the map). */
export type BusResponseData<S extends string> = S extends BusSubject
  ? BusContracts[S]['response']
  : unknown;
