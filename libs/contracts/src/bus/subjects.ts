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
    revokedSessions: 'identity.session.revoked-list',
    userUpdate: 'identity.user.update',
  },
  tickets: { health: 'tickets.health.check' },
  connectors: { health: 'connectors.health.check' },
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
