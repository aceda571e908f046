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
    userList: 'identity.user.list',
    userPickerList: 'identity.user.picker-list',
    userGet: 'identity.user.get',
    userCreate: 'identity.user.create',
    userDelete: 'identity.user.delete',
    userSetImage: 'identity.user.set-image',
    userPresence: 'identity.user.presence',
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
  },
  tickets: { health: 'tickets.health.check' },
  connectors: {
    health: 'connectors.health.check',
    // a text through the company's default connection (password reset codes)
    notificationSend: 'connectors.notification.send',
  },
  campaigns: { health: 'campaigns.health.check' },
  reporting: { health: 'reporting.health.check' },
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
