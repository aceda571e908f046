import { tenantRowSecurityMigration } from '@sb/platform/db';

/**
 * tickets's tenant tables: every table with a company_id (the outbox too: a tenant transaction may only
 * write its own company's events; the relay reads as the service user). Not tenant: contact_extra_info and contact_tags hang off a contact (no company_id of their own); processed_event is the consumers' bookkeeping.
 */
export const ticketsTenantTables = [
  'contacts',
  'tags',
  'ticket_tags',
  'contact_import_jobs',
  'queues',
  'chatbots',
  'quick_messages',
  'tickets',
  'ticket_tracking',
  'ticket_logs',
  'ticket_notes',
  'messages',
  'api_usage',
  'queue_integrations',
  'prompts',
  'file_lists',
  'file_list_options',
  'automation_jobs',
  'outbox_event',
] as const;

/** Row-level security on the tenant tables, keyed by the transaction's app.company_id (issue 16). */
export const TenantRowSecurity1800000090000 = tenantRowSecurityMigration(
  'TenantRowSecurity1800000090000',
  'tickets',
  ticketsTenantTables,
);
