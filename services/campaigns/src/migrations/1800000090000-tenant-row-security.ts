import { tenantRowSecurityMigration } from '@sb/platform/db';

/**
 * campaigns's tenant tables: every table with a company_id (the outbox too: a tenant transaction may only
 * write its own company's events; the relay reads as the service user). Not tenant: processed_event is the consumers' bookkeeping.
 */
export const campaignsTenantTables = ['schedules', 'plantao', 'outbox_event'] as const;

/** Row-level security on the tenant tables, keyed by the transaction's app.company_id (issue 16). */
export const TenantRowSecurity1800000090000 = tenantRowSecurityMigration(
  'TenantRowSecurity1800000090000',
  'campaigns',
  campaignsTenantTables,
);
