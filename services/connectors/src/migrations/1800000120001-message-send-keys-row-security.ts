import { tenantRowSecurityMigration } from '@sb/platform/db';

/** The send keys, tenant data like the other connectors tables. */
export const sendKeyTenantTables = ['message_send_keys'] as const;

/** Row-level security on the send keys, keyed by the transaction's app.company_id. */
export const MessageSendKeysRowSecurity1800000120001 = tenantRowSecurityMigration(
  'MessageSendKeysRowSecurity1800000120001',
  'connectors',
  sendKeyTenantTables,
);
