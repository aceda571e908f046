/** The services behind the gateway; each is also its NATS queue group and its Postgres schema. */
export const ServiceNames = [
  'identity',
  'tickets',
  'connectors',
  'campaigns',
  'reporting',
] as const;
export type ServiceName = (typeof ServiceNames)[number];

/** `quick-message` → `quickMessage`, in types and at run time. */
type CamelCase<T extends string> = T extends `${infer H}-${infer R}`
  ? `${H}${Capitalize<CamelCase<R>>}`
  : T;
const camelCase = (text: string) => text.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
/** The key of one of a record's subjects or events: `quick-message`, `get` → `quickMessageGet`. */
const recordKey = (entity: string, verb: string) =>
  `${camelCase(entity)}${verb[0]!.toUpperCase()}${verb.slice(1)}`;

const RecordVerbs = ['get', 'create', 'update', 'delete'] as const;
type RecordVerb = (typeof RecordVerbs)[number];

/**
 * The get, create, update and delete request subjects of a service's records, keyed `<entity>Get` and
 * so on (the entity in camel case): `<service>.<entity>.<verb>`, spelled once.
 */
const recordSubjects = <S extends ServiceName, E extends string>(service: S, entity: E) =>
  Object.fromEntries(
    RecordVerbs.map((verb) => [recordKey(entity, verb), `${service}.${entity}.${verb}`]),
  ) as { readonly [V in RecordVerb as `${CamelCase<E>}${Capitalize<V>}`]: `${S}.${E}.${V}` };

/** Request subjects: `<service>.<resource>.<verb>`. Never write one as a string elsewhere. */
export const Subjects = {
  identity: {
    health: 'identity.health.check',
    // this service's rows and objects of one company (ARCHITECTURE.md §9)
    tenantErase: 'identity.tenant.erase',
    // the rows and bytes of each company in this service (storage per company)
    tenantUsage: 'identity.tenant.usage',
    // its part of a company's bundle: written to storage, ids reserved, rows written
    tenantExport: 'identity.tenant.export',
    tenantReserve: 'identity.tenant.reserve',
    tenantImport: 'identity.tenant.import',
    // which ids of a request are not records of the caller's company (the gateway's ownership check)
    refsCheck: 'identity.refs.check',
    login: 'identity.auth.login',
    refresh: 'identity.auth.refresh',
    logout: 'identity.auth.logout',
    me: 'identity.auth.me',
    signup: 'identity.auth.signup',
    passwordResetRequest: 'identity.password-reset.request',
    passwordResetVerify: 'identity.password-reset.verify',
    passwordResetComplete: 'identity.password-reset.complete',
    revokedSessions: 'identity.session.revoked-list',
    userUpdate: 'identity.user.update',
    companyCreate: 'identity.company.create',
    companyUpdate: 'identity.company.update',
    companyDelete: 'identity.company.delete',
    // the companies fenced now (a gateway or service starting later learns the current fences)
    companyFencedList: 'identity.company.fenced-list',
    tenantOperationList: 'identity.tenant-operation.list',
    tenantOperationGet: 'identity.tenant-operation.get',
    tenantOperationExport: 'identity.tenant-operation.export',
    tenantOperationImport: 'identity.tenant-operation.import',
    // an export's company unfenced (a move that will not go on); a running export stops
    tenantOperationAbort: 'identity.tenant-operation.abort',
    companyPage: 'identity.company.page',
    companyListAll: 'identity.company.list',
    companyGet: 'identity.company.get',
    companySchedules: 'identity.company.schedules',
    companySchedulesGet: 'identity.company.schedules-get',
    companyPlan: 'identity.company.plan',
    planListPublic: 'identity.plan.list-public',
    planListAll: 'identity.plan.list',
    planCreate: 'identity.plan.create',
    planUpdate: 'identity.plan.update',
    planDelete: 'identity.plan.delete',
    planLimits: 'identity.plan.limits',
    invoiceList: 'identity.invoice.list',
    // the family's invoice screens: one invoice (an admin's own, any for the super user), super writes
    ...recordSubjects('identity', 'invoice'),
    userList: 'identity.user.list',
    userPickerList: 'identity.user.picker-list',
    // every user of the caller's company in full (the tickets service's replica)
    userRecords: 'identity.user.records',
    userGet: 'identity.user.get',
    userCreate: 'identity.user.create',
    userDelete: 'identity.user.delete',
    userSetImage: 'identity.user.set-image',
    userPresence: 'identity.user.presence',
    // who may take a ticket of these queues now: members, online, within their working hours
    userAvailableAgents: 'identity.user.available-agents',
    auditList: 'identity.audit.list',
    settingsList: 'identity.settings.list',
    settingsUpdate: 'identity.settings.update',
    companySettingsList: 'identity.settings.company-list',
    companySettingOne: 'identity.settings.company-one',
    // the companies that keep messages for a limited time (tickets' retention job; services only)
    settingsRetentionList: 'identity.settings.retention-list',
    helpList: 'identity.help.list',
    helpListAll: 'identity.help.list-all',
    helpCreate: 'identity.help.create',
    helpUpdate: 'identity.help.update',
    helpDelete: 'identity.help.delete',
    announcementList: 'identity.announcement.list',
    ...recordSubjects('identity', 'announcement'),
    announcementMediaSet: 'identity.announcement.media-set',
    announcementMediaClear: 'identity.announcement.media-clear',
    // internal chats between the company's users
    chatList: 'identity.chat.list',
    ...recordSubjects('identity', 'chat'),
    chatMessages: 'identity.chat.messages',
    chatSend: 'identity.chat.send',
    chatRead: 'identity.chat.read',
    chatTyping: 'identity.chat.typing',
  },
  tickets: {
    health: 'tickets.health.check',
    // this service's rows and objects of one company (ARCHITECTURE.md §9)
    tenantErase: 'tickets.tenant.erase',
    // the rows and bytes of each company in this service (storage per company)
    tenantUsage: 'tickets.tenant.usage',
    // its part of a company's bundle: written to storage, ids reserved, rows written
    tenantExport: 'tickets.tenant.export',
    tenantReserve: 'tickets.tenant.reserve',
    tenantImport: 'tickets.tenant.import',
    // which ids of a request are not records of the caller's company (the gateway's ownership check)
    refsCheck: 'tickets.refs.check',
    // contacts and tags
    contactList: 'tickets.contact.list',
    contactPicker: 'tickets.contact.picker',
    ...recordSubjects('tickets', 'contact'),
    contactBlock: 'tickets.contact.block',
    // POST /contacts/:id/erase: the contact, its conversation and files (LGPD), admins only
    contactErase: 'tickets.contact.erase',
    contactToggleDisableBot: 'tickets.contact.toggle-disable-bot',
    contactToggleAcceptAudio: 'tickets.contact.toggle-accept-audio',
    contactProfile: 'tickets.contact.profile',
    contactTags: 'tickets.contact.tags',
    contactImportOne: 'tickets.contact.import-one',
    contactImportStart: 'tickets.contact.import-start',
    // POST /contacts/import and /contacts/import/chats: the phone's contacts or chats, via connectors
    contactImportPhone: 'tickets.contact.import-phone',
    contactImportChats: 'tickets.contact.import-chats',
    tagList: 'tickets.tag.list',
    tagPicker: 'tickets.tag.picker',
    tagKanban: 'tickets.tag.kanban',
    ...recordSubjects('tickets', 'tag'),
    tagSync: 'tickets.tag.sync',
    // a campaign to a tag (campaigns service): the tag's contacts reachable by number
    tagAudience: 'tickets.tag.audience',
    // queues, chatbots and quick messages
    queueList: 'tickets.queue.list',
    // the count of each company's queues (identity's companies screen, super only)
    queueCount: 'tickets.queue.count',
    ...recordSubjects('tickets', 'queue'),
    ...recordSubjects('tickets', 'chatbot'),
    quickMessagePage: 'tickets.quick-message.page',
    quickMessageList: 'tickets.quick-message.list',
    ...recordSubjects('tickets', 'quick-message'),
    quickMessageMediaSet: 'tickets.quick-message.media-set',
    quickMessageMediaDelete: 'tickets.quick-message.media-delete',
    // queue integrations: Dialogflow, n8n, webhooks and Typebot (spec 3 §2.14)
    queueIntegrationPage: 'tickets.queue-integration.page',
    ...recordSubjects('tickets', 'queue-integration'),
    queueIntegrationTestSession: 'tickets.queue-integration.test-session',
    // AI prompts and file lists (spec 3 §2.15, §2.16)
    promptList: 'tickets.prompt.list',
    ...recordSubjects('tickets', 'prompt'),
    fileListPage: 'tickets.file-list.page',
    ...recordSubjects('tickets', 'file-list'),
    fileListMediaSet: 'tickets.file-list.media-set',
    // tickets, messages, notes, logs and kanban
    ticketList: 'tickets.ticket.list',
    ticketGet: 'tickets.ticket.get',
    ticketGetByUuid: 'tickets.ticket.get-by-uuid',
    ticketCreate: 'tickets.ticket.create',
    ticketUpdate: 'tickets.ticket.update',
    ticketDelete: 'tickets.ticket.delete',
    ticketCloseAll: 'tickets.ticket.close-all',
    ticketCanAccess: 'tickets.ticket.can-access',
    ticketLogList: 'tickets.ticket-log.list',
    messageList: 'tickets.message.list',
    // POST /messages/:ticketId/read: the open chat keeps its ticket read while messages arrive
    messageRead: 'tickets.message.read',
    messageSend: 'tickets.message.send',
    messageDelete: 'tickets.message.delete',
    messageEdit: 'tickets.message.edit',
    messageForward: 'tickets.message.forward',
    messageReact: 'tickets.message.react',
    messageImages: 'tickets.message.images',
    ticketNoteList: 'tickets.ticket-note.list',
    ticketNoteGet: 'tickets.ticket-note.get',
    ticketNoteCreate: 'tickets.ticket-note.create',
    ticketNoteDelete: 'tickets.ticket-note.delete',
    kanbanList: 'tickets.kanban.list',
    ticketTagAdd: 'tickets.ticket-tag.add',
    ticketTagsClear: 'tickets.ticket-tag.clear',
    // POST /closedimported/:id (via connectors): close the tickets a connection's history import opened
    ticketCloseImported: 'tickets.ticket.close-imported',
    // the external messages API (spec 3 §2.18): contact, ticket, send and the daily count
    externalSend: 'tickets.external-api.send',
    // a schedule's body to its contact through the default connection (the campaigns sender)
    messageSendToContact: 'tickets.message.send-to-contact',
  },
  connectors: {
    health: 'connectors.health.check',
    // this service's rows and objects of one company (ARCHITECTURE.md §9)
    tenantErase: 'connectors.tenant.erase',
    // the rows and bytes of each company in this service (storage per company)
    tenantUsage: 'connectors.tenant.usage',
    // its part of a company's bundle: written to storage, ids reserved, rows written
    tenantExport: 'connectors.tenant.export',
    tenantReserve: 'connectors.tenant.reserve',
    tenantImport: 'connectors.tenant.import',
    // which ids of a request are not records of the caller's company (the gateway's ownership check)
    refsCheck: 'connectors.refs.check',
    // a text through the company's default connection (password reset codes)
    notificationSend: 'connectors.notification.send',
    // channel commands (types in contracts/channels/channel-messages.ts)
    messageSend: 'connectors.message.send',
    messageRevoke: 'connectors.message.revoke',
    messageEdit: 'connectors.message.edit',
    messageRead: 'connectors.message.read',
    contactCheck: 'connectors.contact.check',
    contactPicture: 'connectors.contact.picture',
    // the phone's address book or chat list (PhoneContactsCommand)
    contactList: 'connectors.contact.list',
    // the approved message templates of a Cloud API connection (MessageTemplatesRequest)
    templateList: 'connectors.template.list',
    // connections
    connectionList: 'connectors.connection.list',
    // the count of each company's connections (identity's companies screen, super only)
    connectionCount: 'connectors.connection.count',
    ...recordSubjects('connectors', 'connection'),
    connectionSetMedia: 'connectors.connection.set-media',
    sessionStart: 'connectors.session.start',
    sessionRenew: 'connectors.session.renew',
    sessionDisconnect: 'connectors.session.disconnect',
    restartAll: 'connectors.connection.restart-all',
    closeImported: 'connectors.connection.close-imported',
    // webhooks and the external messages API
    // a Meta webhook the gateway verified (X-Hub-Signature-256): stored durably, then processed
    webhookMeta: 'connectors.webhook.meta',
    // the connection a bearer token of POST /api/messages/send names (anonymous caller)
    connectionByToken: 'connectors.connection.by-token',
    // POST /facebook: one connection per page (and its Instagram account) of a Facebook user
    facebookConnect: 'connectors.facebook.connect',
  },
  campaigns: {
    health: 'campaigns.health.check',
    // this service's rows and objects of one company (ARCHITECTURE.md §9)
    tenantErase: 'campaigns.tenant.erase',
    // the rows and bytes of each company in this service (storage per company)
    tenantUsage: 'campaigns.tenant.usage',
    // its part of a company's bundle: written to storage, ids reserved, rows written
    tenantExport: 'campaigns.tenant.export',
    tenantReserve: 'campaigns.tenant.reserve',
    tenantImport: 'campaigns.tenant.import',
    // scheduled messages (spec 3 §2.8)
    scheduleList: 'campaigns.schedule.list',
    ...recordSubjects('campaigns', 'schedule'),
    // on-duty staff (spec 3 §2.17) and who is on duty at a time (the tickets service's alerts)
    onDutyList: 'campaigns.on-duty.list',
    ...recordSubjects('campaigns', 'on-duty'),
    onDutyNow: 'campaigns.on-duty.now',
    // which ids of a request are not records of the caller's company (the gateway's ownership check)
    refsCheck: 'campaigns.refs.check',
    // contact lists and their items (spec 3 §2.5, §2.6)
    contactListList: 'campaigns.contact-list.list',
    contactListChoices: 'campaigns.contact-list.choices',
    ...recordSubjects('campaigns', 'contact-list'),
    contactListImport: 'campaigns.contact-list.import',
    contactListItemList: 'campaigns.contact-list-item.list',
    ...recordSubjects('campaigns', 'contact-list-item'),
    // campaign settings (spec 3 §2.3)
    campaignSettingsGet: 'campaigns.campaign-settings.get',
    campaignSettingsSave: 'campaigns.campaign-settings.save',
    // campaigns (spec 3 §2.2, §2.4)
    campaignList: 'campaigns.campaign.list',
    ...recordSubjects('campaigns', 'campaign'),
    campaignCancel: 'campaigns.campaign.cancel',
    campaignRestart: 'campaigns.campaign.restart',
    // "start now": due at once (POST /campaigns/:id/start)
    campaignStart: 'campaigns.campaign.start',
    campaignMediaSet: 'campaigns.campaign.media-set',
    campaignMediaDelete: 'campaigns.campaign.media-delete',
    campaignReport: 'campaigns.campaign.report',
    // GET /campaigns/templates: a Cloud API connection's approved templates, for the campaign dialog
    campaignTemplateList: 'campaigns.campaign.templates',
    campaignTestSend: 'campaigns.campaign.test-send',
    optOutList: 'campaigns.opt-out.list',
    optOutDelete: 'campaigns.opt-out.delete',
    // the company's opt-out words (tickets runs no bot for a message that is one)
    optOutWords: 'campaigns.opt-out.words',
  },
  reporting: {
    health: 'reporting.health.check',
    // this service's rows and objects of one company (ARCHITECTURE.md §9)
    tenantErase: 'reporting.tenant.erase',
    // the rows and bytes of each company in this service (storage per company)
    tenantUsage: 'reporting.tenant.usage',
    // its part of a company's bundle: written to storage, ids reserved, rows written
    tenantExport: 'reporting.tenant.export',
    tenantReserve: 'reporting.tenant.reserve',
    tenantImport: 'reporting.tenant.import',
    // spec 2 §7 "Dashboard and moments"
    dashboard: 'reporting.dashboard.get',
    ticketsUsers: 'reporting.dashboard.tickets-users',
    ticketsDay: 'reporting.dashboard.tickets-day',
    moments: 'reporting.dashboard.moments',
    messagesCount: 'reporting.messages.count',
    // spec 2 §2 Dashboard reports (tickets, group tickets, duration, NPS answers)
    ticketReport: 'reporting.reports.tickets',
    serviceMetrics: 'reporting.reports.metrics',
    // the SLA panel's first-response target per queue (admins)
    slaTargetList: 'reporting.sla-target.list',
    slaTargetSet: 'reporting.sla-target.set',
    slaTargetDelete: 'reporting.sla-target.delete',
    // the zone the company's figures are read in (Tempo Real's days in the browser)
    timeZone: 'reporting.time-zone.get',
    // super user: replay the event stream into fresh projection tables
    rebuild: 'reporting.projection.rebuild',
  },
} as const;

export const healthSubject = (service: ServiceName) => Subjects[service].health;
export const tenantEraseSubject = (service: ServiceName) => Subjects[service].tenantErase;
export const tenantUsageSubject = (service: ServiceName) => Subjects[service].tenantUsage;
export const tenantExportSubject = (service: ServiceName) => Subjects[service].tenantExport;
export const tenantReserveSubject = (service: ServiceName) => Subjects[service].tenantReserve;
export const tenantImportSubject = (service: ServiceName) => Subjects[service].tenantImport;
/** Where the services at work on one step of a tenant operation say they are alive (`TenantStepAlive`). */
export const tenantStepAliveSubject = (stepRunId: string) =>
  `identity.tenant-operation.alive.${stepRunId}`;

/** The JetStream stream that keeps every domain event. */
export const EventStream = { name: 'EVENTS', subjects: 'evt.>' } as const;

/** `evt.<companyId>.<service>.<entity>.<action>`; companyId 0 is for platform-wide events. */
export const eventSubject = (
  companyId: number,
  service: ServiceName,
  entity: string,
  action: string,
): string => `evt.${companyId}.${service}.${entity}.${action}`;

/** One domain event's parts, as literal types. */
type EventParts<S extends ServiceName, E extends string, A extends string> = {
  readonly service: S;
  readonly entity: E;
  readonly action: A;
};
const RecordActions = ['created', 'updated', 'deleted'] as const;
type RecordAction = (typeof RecordActions)[number];

/**
 * The created, updated and deleted events of a service's records, keyed `<entity>Created` and so on
 * (the entity in camel case): the events every record of a CRUD screen publishes, spelled once.
 */
const recordEvents = <S extends ServiceName, E extends string>(service: S, entity: E) =>
  Object.fromEntries(
    RecordActions.map((action) => [recordKey(entity, action), { service, entity, action }]),
  ) as { readonly [A in RecordAction as `${CamelCase<E>}${Capitalize<A>}`]: EventParts<S, E, A> };

/** The domain events published so far, as the parts `Outbox.add` and `eventSubject` take. */
export const DomainEventTypes = {
  identity: {
    sessionCreated: { service: 'identity', entity: 'session', action: 'created' },
    sessionRevoked: { service: 'identity', entity: 'session', action: 'revoked' },
    userUpdated: { service: 'identity', entity: 'user', action: 'updated' },
    ...recordEvents('identity', 'company'),
    // a tenant operation fenced the company (a consistent cut) and lifted the fence
    companyFenced: { service: 'identity', entity: 'company', action: 'fenced' },
    companyUnfenced: { service: 'identity', entity: 'company', action: 'unfenced' },
    userCreated: { service: 'identity', entity: 'user', action: 'created' },
    userDeleted: { service: 'identity', entity: 'user', action: 'deleted' },
    settingsUpdated: { service: 'identity', entity: 'settings', action: 'updated' },
    ...recordEvents('identity', 'announcement'),
    ...recordEvents('identity', 'chat'),
    // live only (published, never stored): a member is typing
    chatTyping: { service: 'identity', entity: 'chat', action: 'typing' },
    chatMessageCreated: { service: 'identity', entity: 'chat-message', action: 'created' },
    auditRecorded: { service: 'identity', entity: 'audit', action: 'recorded' },
    // a tenant operation's progress, for super's screen (live only: the operation's row is the record)
    tenantOperationUpdated: { service: 'identity', entity: 'tenant-operation', action: 'updated' },
  },
  connectors: {
    messageReceived: { service: 'connectors', entity: 'message', action: 'received' },
    messageAck: { service: 'connectors', entity: 'message', action: 'ack' },
    presenceUpdated: { service: 'connectors', entity: 'presence', action: 'updated' },
    ...recordEvents('connectors', 'connection'),
    // the QR / status changes of a session (company-<id>-whatsappSession)
    sessionUpdated: { service: 'connectors', entity: 'session', action: 'updated' },
    // a Baileys history import's progress (company-<id>-importMessages)
    historyImportProgress: { service: 'connectors', entity: 'history-import', action: 'progress' },
    auditRecorded: { service: 'connectors', entity: 'audit', action: 'recorded' },
  },
  tickets: {
    // contacts and tags
    ...recordEvents('tickets', 'contact'),
    contactErased: { service: 'tickets', entity: 'contact', action: 'erased' },
    contactImportProgress: { service: 'tickets', entity: 'contact-import', action: 'progress' },
    ...recordEvents('tickets', 'tag'),
    // queues, chatbots and quick messages
    ...recordEvents('tickets', 'queue'),
    ...recordEvents('tickets', 'chatbot'),
    ...recordEvents('tickets', 'quick-message'),
    ...recordEvents('tickets', 'queue-integration'),
    // AI prompts and file lists
    ...recordEvents('tickets', 'prompt'),
    ...recordEvents('tickets', 'file-list'),
    // tickets, messages, notes, logs and kanban
    ticketUpdated: { service: 'tickets', entity: 'ticket', action: 'updated' },
    ticketDeleted: { service: 'tickets', entity: 'ticket', action: 'deleted' },
    ticketUnreadReset: { service: 'tickets', entity: 'ticket', action: 'unread-reset' },
    ...recordEvents('tickets', 'message'),
    auditRecorded: { service: 'tickets', entity: 'audit', action: 'recorded' },
  },
  reporting: {
    auditRecorded: { service: 'reporting', entity: 'audit', action: 'recorded' },
    figuresChanged: { service: 'reporting', entity: 'figures', action: 'changed' },
  },
  campaigns: {
    ...recordEvents('campaigns', 'schedule'),
    ...recordEvents('campaigns', 'on-duty'),
    ...recordEvents('campaigns', 'contact-list'),
    ...recordEvents('campaigns', 'contact-list-item'),
    contactListItemsReloaded: {
      service: 'campaigns',
      entity: 'contact-list-item',
      action: 'reloaded',
    },
    campaignSettingsUpdated: {
      service: 'campaigns',
      entity: 'campaign-settings',
      action: 'updated',
    },
    ...recordEvents('campaigns', 'campaign'),
    campaignReplyRecorded: { service: 'campaigns', entity: 'campaign-reply', action: 'recorded' },
  },
} as const satisfies Partial<
  Record<ServiceName, Record<string, { service: ServiceName; entity: string; action: string }>>
>;

/** Splits an event subject back into its parts (undefined when it is not one). */
export const parseEventSubject = (subject: string) => {
  const [prefix, company, service, entity, action] = subject.split('.');
  if (prefix !== 'evt' || !company || !service || !entity || !action) return undefined;
  return { companyId: Number(company), service: service as ServiceName, entity, action };
};

export type HealthReply = { service: ServiceName; status: 'ok'; version: string };
