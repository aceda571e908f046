/** Gateway paths shared by the gateway controllers and the web app's api (`:name` marks a parameter). */
export const ApiRoutes = {
  auth: {
    login: '/auth/login',
    refresh: '/auth/refresh_token',
    logout: '/auth/logout',
    me: '/auth/me',
    signup: '/auth/signup',
  },
  users: {
    byId: '/users/:id',
    list: '/users',
    picker: '/users/list',
    mediaUpload: '/users/:id/media-upload',
  },
  settings: {
    list: '/settings',
    byKey: '/settings/:key',
    company: '/companySettings/:companyId',
    companyOne: '/companySettingOne',
    companyUpdate: '/companySettings',
  },
  // a stored file by its signed URL (`*key`: the rest of the path); the services build these URLs
  media: '/media/*key',
  helps: {
    root: '/helps',
    list: '/helps/list',
    byId: '/helps/:id',
  },
  announcements: {
    root: '/announcements',
    byId: '/announcements/:id',
    media: '/announcements/:id/media-upload',
  },
  companies: {
    root: '/companies',
    list: '/companies/list',
    byId: '/companies/:id',
    schedules: '/companies/:id/schedules',
    listPlan: '/companies/listPlan/:companyId',
    export: '/companies/:id/export',
  },
  tenantOperations: {
    root: '/tenant-operations',
    byId: '/tenant-operations/:id',
    bundle: '/tenant-operations/:id/bundle',
    abort: '/tenant-operations/:id/abort',
  },
  plans: { list: '/plans/list', all: '/plans/all', root: '/plans', byId: '/plans/:id' },
  invoices: {
    all: '/invoices/all',
    list: '/invoices/list',
    root: '/invoices',
    byId: '/invoices/:id',
  },
  passwordReset: {
    request: '/api/enviar-email',
    verify: '/api/verificar-code/:requestId',
    update: '/api/atualizar-senha',
  },
  contacts: {
    root: '/contacts',
    list: '/contacts/list',
    byId: '/contacts/:id',
    block: '/contacts/block/:id',
    erase: '/contacts/:id/erase',
    toggleDisableBot: '/contacts/toggleDisableBot/:id',
    toggleAcceptAudio: '/contacts/toggleAcceptAudio/:id',
    profile: '/contacts/profile/:number',
    tags: '/contactTags/:contactId',
    importOne: '/contactsImport',
    upload: '/contacts/upload',
    importPhone: '/contacts/import',
    importChats: '/contacts/import/chats',
  },
  tags: {
    root: '/tags',
    list: '/tags/list',
    kanban: '/tags/kanban',
    byId: '/tags/:id',
    sync: '/tags/sync',
  },
  queues: { root: '/queue', byId: '/queue/:id' },
  chatbots: { root: '/chatbot', byId: '/chatbot/:id' },
  quickMessages: {
    root: '/quick-messages',
    list: '/quick-messages/list',
    byId: '/quick-messages/:id',
    media: '/quick-messages/:id/media-upload',
  },
  // WhatsApp, Cloud API, Facebook and Instagram connections (connectors service)
  connections: {
    root: '/whatsapp',
    byId: '/whatsapp/:id',
    media: '/whatsapp/:id/media-upload',
    session: '/whatsappsession/:id',
    restartAll: '/whatsapp-restart',
    closeImported: '/closedimported/:id',
    facebook: '/facebook',
  },
  // queue integrations (spec 3 §7 "Integrations"; admins, plan flag useIntegration)
  queueIntegrations: {
    root: '/queueIntegration',
    byId: '/queueIntegration/:id',
    testSession: '/queueIntegration/testSession',
  },
  // AI prompts and file lists (spec 3 §7 "Prompts", "File lists")
  prompts: { root: '/prompt', byId: '/prompt/:id' },
  fileLists: { root: '/files', byId: '/files/:id', upload: '/files/uploadList/:id' },
  tickets: {
    root: '/tickets',
    byId: '/tickets/:id',
    byUuid: '/tickets/u/:uuid',
    closeAll: '/tickets/closeAll',
    log: '/tickets-log/:ticketId',
  },
  messages: {
    byTicket: '/messages/:ticketId',
    read: '/messages/:ticketId/read',
    byId: '/messages/:id',
    edit: '/messages/edit/:id',
    reactions: '/messages/:id/reactions',
    images: '/messages/listimages/:ticketId',
    forward: '/message/forward',
  },
  ticketNotes: { root: '/ticket-notes', list: '/ticket-notes/list', byId: '/ticket-notes/:id' },
  kanban: {
    tickets: '/ticket/kanban',
    ticketTags: '/ticket-tags/:ticketId',
    ticketTag: '/ticket-tags/:ticketId/:tagId',
  },
  // scheduled messages (spec 3 §7 "Schedules"; campaigns service)
  schedules: { root: '/schedules', byId: '/schedules/:id' },
  // internal chats (spec 3 §7 "Internal chat"; identity service)
  chats: {
    root: '/chats',
    byId: '/chats/:id',
    messages: '/chats/:id/messages',
    read: '/chats/:id/read',
  },
  // on-duty staff (spec 3 §7 "On-duty staff"; campaigns service)
  onDuty: { root: '/plantao', byId: '/plantao/:id' },
  // admin and super actions (identity), read-only
  auditLog: '/audit-log',
  // spec 2 §7 "Dashboard and moments" (reporting service)
  dashboard: {
    root: '/dashboard',
    ticketsUsers: '/dashboard/ticketsUsers',
    ticketsDay: '/dashboard/ticketsDay',
    moments: '/dashboard/moments',
    messagesAllMe: '/messages-allMe',
    timeZone: '/dashboard/time-zone',
  },
  reports: {
    tickets: '/reports/tickets',
    metrics: '/reports/metrics',
    slaTargets: '/reports/sla-targets',
    slaTarget: '/reports/sla-targets/:queueId',
  },
  contactLists: {
    root: '/contact-lists',
    list: '/contact-lists/list',
    byId: '/contact-lists/:id',
    upload: '/contact-lists/:id/upload',
  },
  contactListItems: { root: '/contact-list-items', byId: '/contact-list-items/:id' },
  campaignSettings: '/campaign-settings',
  campaigns: {
    root: '/campaigns',
    // a Cloud API connection's approved message templates (?whatsappId=), for the campaign dialog
    templates: '/campaigns/templates',
    byId: '/campaigns/:id',
    report: '/campaigns/:id/report',
    cancel: '/campaigns/:id/cancel',
    restart: '/campaigns/:id/restart',
    start: '/campaigns/:id/start',
    testSend: '/campaigns/:id/test-send',
    mediaUpload: '/campaigns/:id/media-upload',
    optOuts: '/campaign-opt-outs',
    optOut: '/campaign-opt-outs/:number',
  },
  // the external messages API (spec 3 §7): bearer = a connection's token, not a session
  externalApi: { send: '/api/messages/send' },
  version: '/version',
  // paths only the family's front ends call (docs/compatibility.md, "The family front end's own paths")
  family: {
    queueOptions: '/queue-options',
    queueOption: '/queue-options/:id',
    react: '/react/messages',
    forward: '/forwardmessage',
    ticketMedia: '/messages/getmedia/:ticketId',
    ratings: '/ratings/list',
    plansPublic: '/plans/listPublic',
    companiesPlan: '/companiesPlan',
    subscription: '/subscription',
    quickMessageCategories: '/quick-messages/listCategories',
    quickMessagesByCategory: '/quick-messages/categoriesMessages',
    contactListItemsAll: '/contact-list-items/list',
    totalAttendances: '/dashboard/total-atendimentos',
    closedAttendances: '/dashboard/atendimentos-encerrados',
    userInfo: '/dashboard/user-info',
    npsInfo: '/dashboard/nps-info',
    queues: '/dashboard/queues',
    ticketReport: '/ticket/reports',
  },
} as const;

type Params<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | Params<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** Fills the `:name` parameters of a path: `buildPath(ApiRoutes.users.byId, { id: 5 })` → `/users/5`. */
export const buildPath = <Path extends string>(
  path: Path,
  params: Record<Params<Path>, string | number>,
): string =>
  path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = (params as Record<string, string | number | undefined>)[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });

/** GET /version answer. */
export type VersionInfo = { version: string };
