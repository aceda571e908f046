import { tenantRowSecurityMigration } from '@sb/platform/db';

/**
 * identity's tenant tables: every table with a company_id (the outbox too: a tenant transaction may only
 * write its own company's events; the relay reads as the service user). Not tenant: companies, plans, settings, helps and announcements are platform-wide (super-admin screens); user_queues and session_rotated_tokens hang off a tenant row.
 */
export const identityTenantTables = [
  'users',
  'sessions',
  'company_settings',
  'invoices',
  'password_resets',
  'queue_replica',
  'audit_entries',
  'outbox_event',
] as const;

/** Row-level security on the tenant tables, keyed by the transaction's app.company_id (issue 16). */
export const TenantRowSecurity1800000090000 = tenantRowSecurityMigration(
  'TenantRowSecurity1800000090000',
  'identity',
  identityTenantTables,
);
