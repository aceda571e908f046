import {
  DomainEventTypes,
  parseEventSubject,
  type CompanyDeletedEventData,
  type DomainEvent,
  type UserDeletedEventData,
} from '@sb/contracts';

/**
 * Which on-duty entries an identity event ends: a deleted user is nobody's on-duty person any more, and
 * a deleted company has no staff at all. Null for any other event.
 */
export type StaffRemoval =
  { kind: 'user'; companyId: number; userId: number } | { kind: 'company'; companyId: number };

const matches = (
  event: DomainEvent,
  type: { service: string; entity: string; action: string },
): boolean => {
  const parts = parseEventSubject(event.subject);
  return (
    parts?.service === type.service && parts.entity === type.entity && parts.action === type.action
  );
};

const positive = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

export const staffRemovalOf = (event: DomainEvent): StaffRemoval | null => {
  const companyId = positive(event.companyId);
  if (companyId === null) return null;
  if (matches(event, DomainEventTypes.identity.userDeleted)) {
    const userId = positive((event.data as Partial<UserDeletedEventData> | null)?.userId);
    return userId === null ? null : { kind: 'user', companyId, userId };
  }
  if (matches(event, DomainEventTypes.identity.companyDeleted)) {
    // the event names the company twice (subject and data): both must agree
    const id = positive((event.data as Partial<CompanyDeletedEventData> | null)?.id);
    return id === companyId ? { kind: 'company', companyId } : null;
  }
  return null;
};
