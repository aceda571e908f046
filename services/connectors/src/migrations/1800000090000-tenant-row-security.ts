import { tenantRowSecurityMigration } from '@sb/platform/db';

/**
 * connectors's tenant tables: every table with a company_id (the outbox too: a tenant transaction may only
 * write its own company's events; the relay reads as the service user). Not tenant: webhook_deliveries are raw intake before the company is known; worker_heartbeats belong to workers, not companies.
 */
export const connectorsTenantTables = [
  'connections',
  'connection_queues',
  'session_leases',
  'whatsapp_auth_creds',
  'whatsapp_auth_keys',
  'webhook_message_keys',
  'whatsapp_phone_contacts',
  'outbox_event',
] as const;

/** Row-level security on the tenant tables, keyed by the transaction's app.company_id (issue 16). */
export const TenantRowSecurity1800000090000 = tenantRowSecurityMigration(
  'TenantRowSecurity1800000090000',
  'connectors',
  connectorsTenantTables,
);
