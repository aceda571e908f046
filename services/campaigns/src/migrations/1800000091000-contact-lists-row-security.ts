import { tenantRowSecurityMigration } from '@sb/platform/db';

/** The contact-list and campaign-settings tables, tenant data like the others. */
export const contactListTenantTables = [
  'contact_lists',
  'contact_list_items',
  'campaign_settings',
] as const;

/** Row-level security on the contact-list tables, keyed by the transaction's app.company_id. */
export const ContactListsRowSecurity1800000091000 = tenantRowSecurityMigration(
  'ContactListsRowSecurity1800000091000',
  'campaigns',
  contactListTenantTables,
);
