/** The services behind the gateway; each is also its NATS queue group and its Postgres schema. */
export const ServiceNames = [
  'identity',
  'tickets',
  'connectors',
  'campaigns',
  'reporting',
] as const;
export type ServiceName = (typeof ServiceNames)[number];

/** Request subjects: `<service>.<resource>.<verb>`. Never write one as a string elsewhere. */
export const Subjects = {
  identity: {
    health: 'identity.health.check',
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
    invoiceGet: 'identity.invoice.get',
    invoiceCreate: 'identity.invoice.create',
    invoiceUpdate: 'identity.invoice.update',
    invoiceDelete: 'identity.invoice.delete',
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
    helpList: 'identity.help.list',
    helpListAll: 'identity.help.list-all',
    helpCreate: 'identity.help.create',
    helpUpdate: 'identity.help.update',
    helpDelete: 'identity.help.delete',
    announcementList: 'identity.announcement.list',
    announcementGet: 'identity.announcement.get',
    announcementCreate: 'identity.announcement.create',
    announcementUpdate: 'identity.announcement.update',
    announcementDelete: 'identity.announcement.delete',
    announcementMediaSet: 'identity.announcement.media-set',
    announcementMediaClear: 'identity.announcement.media-clear',
    // internal chats between the company's users
    chatList: 'identity.chat.list',
    chatGet: 'identity.chat.get',
    chatCreate: 'identity.chat.create',
    chatUpdate: 'identity.chat.update',
    chatDelete: 'identity.chat.delete',
    chatMessages: 'identity.chat.messages',
    chatSend: 'identity.chat.send',
    chatRead: 'identity.chat.read',
    chatTyping: 'identity.chat.typing',
  },
  tickets: {
    health: 'tickets.health.check',
    // which ids of a request are not records of the caller's company (the gateway's ownership check)
    refsCheck: 'tickets.refs.check',
    // contacts and tags
    contactList: 'tickets.contact.list',
    contactPicker: 'tickets.contact.picker',
    contactGet: 'tickets.contact.get',
    contactCreate: 'tickets.contact.create',
    contactUpdate: 'tickets.contact.update',
    contactDelete: 'tickets.contact.delete',
    contactBlock: 'tickets.contact.block',
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
    tagGet: 'tickets.tag.get',
    tagCreate: 'tickets.tag.create',
    tagUpdate: 'tickets.tag.update',
    tagDelete: 'tickets.tag.delete',
    tagSync: 'tickets.tag.sync',
    // a campaign to a tag (campaigns service): the tag's contacts reachable by number
    tagAudience: 'tickets.tag.audience',
    // queues, chatbots and quick messages
    queueList: 'tickets.queue.list',
    // the count of each company's queues (identity's companies screen, super only)
    queueCount: 'tickets.queue.count',
    queueGet: 'tickets.queue.get',
    queueCreate: 'tickets.queue.create',
    queueUpdate: 'tickets.queue.update',
    queueDelete: 'tickets.queue.delete',
    chatbotGet: 'tickets.chatbot.get',
    chatbotCreate: 'tickets.chatbot.create',
    chatbotUpdate: 'tickets.chatbot.update',
    chatbotDelete: 'tickets.chatbot.delete',
    quickMessagePage: 'tickets.quick-message.page',
    quickMessageList: 'tickets.quick-message.list',
    quickMessageGet: 'tickets.quick-message.get',
    quickMessageCreate: 'tickets.quick-message.create',
    quickMessageUpdate: 'tickets.quick-message.update',
    quickMessageDelete: 'tickets.quick-message.delete',
    quickMessageMediaSet: 'tickets.quick-message.media-set',
    quickMessageMediaDelete: 'tickets.quick-message.media-delete',
    // queue integrations: Dialogflow, n8n, webhooks and Typebot (spec 3 §2.14)
    queueIntegrationPage: 'tickets.queue-integration.page',
    queueIntegrationGet: 'tickets.queue-integration.get',
    queueIntegrationCreate: 'tickets.queue-integration.create',
    queueIntegrationUpdate: 'tickets.queue-integration.update',
    queueIntegrationDelete: 'tickets.queue-integration.delete',
    queueIntegrationTestSession: 'tickets.queue-integration.test-session',
    // AI prompts and file lists (spec 3 §2.15, §2.16)
    promptList: 'tickets.prompt.list',
    promptGet: 'tickets.prompt.get',
    promptCreate: 'tickets.prompt.create',
    promptUpdate: 'tickets.prompt.update',
    promptDelete: 'tickets.prompt.delete',
    fileListPage: 'tickets.file-list.page',
    fileListGet: 'tickets.file-list.get',
    fileListCreate: 'tickets.file-list.create',
    fileListUpdate: 'tickets.file-list.update',
    fileListDelete: 'tickets.file-list.delete',
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
    connectionGet: 'connectors.connection.get',
    connectionCreate: 'connectors.connection.create',
    connectionUpdate: 'connectors.connection.update',
    connectionDelete: 'connectors.connection.delete',
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
    // scheduled messages (spec 3 §2.8)
    scheduleList: 'campaigns.schedule.list',
    scheduleGet: 'campaigns.schedule.get',
    scheduleCreate: 'campaigns.schedule.create',
    scheduleUpdate: 'campaigns.schedule.update',
    scheduleDelete: 'campaigns.schedule.delete',
    // on-duty staff (spec 3 §2.17) and who is on duty at a time (the tickets service's alerts)
    onDutyList: 'campaigns.on-duty.list',
    onDutyGet: 'campaigns.on-duty.get',
    onDutyCreate: 'campaigns.on-duty.create',
    onDutyUpdate: 'campaigns.on-duty.update',
    onDutyDelete: 'campaigns.on-duty.delete',
    onDutyNow: 'campaigns.on-duty.now',
    // which ids of a request are not records of the caller's company (the gateway's ownership check)
    refsCheck: 'campaigns.refs.check',
    // contact lists and their items (spec 3 §2.5, §2.6)
    contactListList: 'campaigns.contact-list.list',
    contactListChoices: 'campaigns.contact-list.choices',
    contactListGet: 'campaigns.contact-list.get',
    contactListCreate: 'campaigns.contact-list.create',
    contactListUpdate: 'campaigns.contact-list.update',
    contactListDelete: 'campaigns.contact-list.delete',
    contactListImport: 'campaigns.contact-list.import',
    contactListItemList: 'campaigns.contact-list-item.list',
    contactListItemGet: 'campaigns.contact-list-item.get',
    contactListItemCreate: 'campaigns.contact-list-item.create',
    contactListItemUpdate: 'campaigns.contact-list-item.update',
    contactListItemDelete: 'campaigns.contact-list-item.delete',
    // campaign settings (spec 3 §2.3)
    campaignSettingsGet: 'campaigns.campaign-settings.get',
    campaignSettingsSave: 'campaigns.campaign-settings.save',
    // campaigns (spec 3 §2.2, §2.4)
    campaignList: 'campaigns.campaign.list',
    campaignGet: 'campaigns.campaign.get',
    campaignCreate: 'campaigns.campaign.create',
    campaignUpdate: 'campaigns.campaign.update',
    campaignDelete: 'campaigns.campaign.delete',
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

/** The JetStream stream that keeps every domain event. */
export const EventStream = { name: 'EVENTS', subjects: 'evt.>' } as const;

/** `evt.<companyId>.<service>.<entity>.<action>`; companyId 0 is for platform-wide events. */
export const eventSubject = (
  companyId: number,
  service: ServiceName,
  entity: string,
  action: string,
): string => `evt.${companyId}.${service}.${entity}.${action}`;

/** The domain events published so far, as the parts `Outbox.add` and `eventSubject` take. */
export const DomainEventTypes = {
  identity: {
    sessionCreated: { service: 'identity', entity: 'session', action: 'created' },
    sessionRevoked: { service: 'identity', entity: 'session', action: 'revoked' },
    userUpdated: { service: 'identity', entity: 'user', action: 'updated' },
    companyCreated: { service: 'identity', entity: 'company', action: 'created' },
    companyUpdated: { service: 'identity', entity: 'company', action: 'updated' },
    companyDeleted: { service: 'identity', entity: 'company', action: 'deleted' },
    userCreated: { service: 'identity', entity: 'user', action: 'created' },
    userDeleted: { service: 'identity', entity: 'user', action: 'deleted' },
    settingsUpdated: { service: 'identity', entity: 'settings', action: 'updated' },
    announcementCreated: { service: 'identity', entity: 'announcement', action: 'created' },
    announcementUpdated: { service: 'identity', entity: 'announcement', action: 'updated' },
    announcementDeleted: { service: 'identity', entity: 'announcement', action: 'deleted' },
    chatCreated: { service: 'identity', entity: 'chat', action: 'created' },
    chatUpdated: { service: 'identity', entity: 'chat', action: 'updated' },
    chatDeleted: { service: 'identity', entity: 'chat', action: 'deleted' },
    // live only (published, never stored): a member is typing
    chatTyping: { service: 'identity', entity: 'chat', action: 'typing' },
    chatMessageCreated: { service: 'identity', entity: 'chat-message', action: 'created' },
    auditRecorded: { service: 'identity', entity: 'audit', action: 'recorded' },
  },
  connectors: {
    messageReceived: { service: 'connectors', entity: 'message', action: 'received' },
    messageAck: { service: 'connectors', entity: 'message', action: 'ack' },
    presenceUpdated: { service: 'connectors', entity: 'presence', action: 'updated' },
    connectionCreated: { service: 'connectors', entity: 'connection', action: 'created' },
    connectionUpdated: { service: 'connectors', entity: 'connection', action: 'updated' },
    connectionDeleted: { service: 'connectors', entity: 'connection', action: 'deleted' },
    // the QR / status changes of a session (company-<id>-whatsappSession)
    sessionUpdated: { service: 'connectors', entity: 'session', action: 'updated' },
    // a Baileys history import's progress (company-<id>-importMessages)
    historyImportProgress: {
      service: 'connectors',
      entity: 'history-import',
      action: 'progress',
    },
    auditRecorded: { service: 'connectors', entity: 'audit', action: 'recorded' },
  },
  tickets: {
    // contacts and tags
    contactCreated: { service: 'tickets', entity: 'contact', action: 'created' },
    contactUpdated: { service: 'tickets', entity: 'contact', action: 'updated' },
    contactDeleted: { service: 'tickets', entity: 'contact', action: 'deleted' },
    contactImportProgress: { service: 'tickets', entity: 'contact-import', action: 'progress' },
    tagCreated: { service: 'tickets', entity: 'tag', action: 'created' },
    tagUpdated: { service: 'tickets', entity: 'tag', action: 'updated' },
    tagDeleted: { service: 'tickets', entity: 'tag', action: 'deleted' },
    // queues, chatbots and quick messages
    queueCreated: { service: 'tickets', entity: 'queue', action: 'created' },
    queueUpdated: { service: 'tickets', entity: 'queue', action: 'updated' },
    queueDeleted: { service: 'tickets', entity: 'queue', action: 'deleted' },
    chatbotCreated: { service: 'tickets', entity: 'chatbot', action: 'created' },
    chatbotUpdated: { service: 'tickets', entity: 'chatbot', action: 'updated' },
    chatbotDeleted: { service: 'tickets', entity: 'chatbot', action: 'deleted' },
    quickMessageCreated: { service: 'tickets', entity: 'quick-message', action: 'created' },
    quickMessageUpdated: { service: 'tickets', entity: 'quick-message', action: 'updated' },
    quickMessageDeleted: { service: 'tickets', entity: 'quick-message', action: 'deleted' },
    queueIntegrationCreated: { service: 'tickets', entity: 'queue-integration', action: 'created' },
    queueIntegrationUpdated: { service: 'tickets', entity: 'queue-integration', action: 'updated' },
    queueIntegrationDeleted: { service: 'tickets', entity: 'queue-integration', action: 'deleted' },
    // AI prompts and file lists
    promptCreated: { service: 'tickets', entity: 'prompt', action: 'created' },
    promptUpdated: { service: 'tickets', entity: 'prompt', action: 'updated' },
    promptDeleted: { service: 'tickets', entity: 'prompt', action: 'deleted' },
    fileListCreated: { service: 'tickets', entity: 'file-list', action: 'created' },
    fileListUpdated: { service: 'tickets', entity: 'file-list', action: 'updated' },
    fileListDeleted: { service: 'tickets', entity: 'file-list', action: 'deleted' },
    // tickets, messages, notes, logs and kanban
    ticketUpdated: { service: 'tickets', entity: 'ticket', action: 'updated' },
    ticketDeleted: { service: 'tickets', entity: 'ticket', action: 'deleted' },
    ticketUnreadReset: { service: 'tickets', entity: 'ticket', action: 'unread-reset' },
    messageCreated: { service: 'tickets', entity: 'message', action: 'created' },
    messageUpdated: { service: 'tickets', entity: 'message', action: 'updated' },
    messageDeleted: { service: 'tickets', entity: 'message', action: 'deleted' },
    auditRecorded: { service: 'tickets', entity: 'audit', action: 'recorded' },
  },
  reporting: {
    auditRecorded: { service: 'reporting', entity: 'audit', action: 'recorded' },
    figuresChanged: { service: 'reporting', entity: 'figures', action: 'changed' },
  },
  campaigns: {
    scheduleCreated: { service: 'campaigns', entity: 'schedule', action: 'created' },
    scheduleUpdated: { service: 'campaigns', entity: 'schedule', action: 'updated' },
    scheduleDeleted: { service: 'campaigns', entity: 'schedule', action: 'deleted' },
    onDutyCreated: { service: 'campaigns', entity: 'on-duty', action: 'created' },
    onDutyUpdated: { service: 'campaigns', entity: 'on-duty', action: 'updated' },
    onDutyDeleted: { service: 'campaigns', entity: 'on-duty', action: 'deleted' },
    contactListCreated: { service: 'campaigns', entity: 'contact-list', action: 'created' },
    contactListUpdated: { service: 'campaigns', entity: 'contact-list', action: 'updated' },
    contactListDeleted: { service: 'campaigns', entity: 'contact-list', action: 'deleted' },
    contactListItemCreated: {
      service: 'campaigns',
      entity: 'contact-list-item',
      action: 'created',
    },
    contactListItemUpdated: {
      service: 'campaigns',
      entity: 'contact-list-item',
      action: 'updated',
    },
    contactListItemDeleted: {
      service: 'campaigns',
      entity: 'contact-list-item',
      action: 'deleted',
    },
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
    campaignCreated: { service: 'campaigns', entity: 'campaign', action: 'created' },
    campaignUpdated: { service: 'campaigns', entity: 'campaign', action: 'updated' },
    campaignDeleted: { service: 'campaigns', entity: 'campaign', action: 'deleted' },
    campaignReplyRecorded: {
      service: 'campaigns',
      entity: 'campaign-reply',
      action: 'recorded',
    },
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
