import { DomainEventTypes, type CompanyDeletedEventData } from '@sb/contracts';
import { Outbox } from '@sb/platform/outbox';
import { keepGoneReferences, type CompanyRow, type TenantPart } from '@sb/platform/tenant';
import { nameOnImport, planOnImport, refuseTakenEmail } from './imported-company.repository.js';

/**
 * Identity's part in tenant operations: the company row itself goes last (its users, settings and
 * sessions before it), and the platform hears that the company is gone. An import keeps users'
 * password hashes; they sign in again at the target, since sign-in sessions never travel.
 */
export const identityTenantPart: TenantPart = {
  companyColumn: { companies: 'id' },
  keep: {
    audit_entries: 'the audit log outlives the company: super still reads what was done to it',
    invoices: 'kept for accounting',
    tenant_operations: 'the report of what was erased',
  },
  shared: {
    account_throttles: 'failed sign-ins keyed by hashes of an address or e-mail; they expire',
    announcements: 'platform-wide',
    helps: 'platform-wide',
    plans: 'platform-wide',
    settings: "the platform's settings",
  },
  notMoved: {
    sessions: "sign-in sessions of the source's tokens: users sign in again at the target",
    session_rotated_tokens: 'the rotated refresh tokens of those sessions',
    password_resets: 'codes mailed by the source; a user asks again at the target',
    pending_user_events: 'users the source still had to announce; an import announces nothing',
  },
  references: {
    'user_queues.queue_id': 'tickets.queues',
    'users.whatsapp_id': 'connectors.connections',
    // the replica's key is the queue's id in tickets
    'queue_replica.id': 'tickets.queues',
    // a platform plan, not the company's: chosen in importRow
    'companies.plan_id': null,
  },
  storageKeys: ['users.profile_image'],
  importRow: async (table, row, { manager, request, source }) => {
    // a queue deleted in tickets since may still be named here (no foreign key crosses services)
    if (table === 'user_queues') return keepGoneReferences(row, source, ['queue_id']);
    if (table === 'queue_replica') return keepGoneReferences(row, source, ['id']);
    if (table === 'users') await refuseTakenEmail(manager, row.id as number, row.email as string);
    if (table !== 'companies') return row;
    const company: CompanyRow = { ...row };
    company.plan_id = await planOnImport(manager, row.plan_id);
    company.name = await nameOnImport(manager, row.id as number, row.name as string, request.name);
    // the export's fence is the source's: the company arrives open
    company.fenced_by = null;
    company.fenced_at = null;
    return company;
  },
  afterRows: async (manager, { companyId }) => {
    const event: CompanyDeletedEventData = { id: companyId };
    await Outbox.add(manager, {
      companyId,
      ...DomainEventTypes.identity.companyDeleted,
      data: event,
    });
  },
};
